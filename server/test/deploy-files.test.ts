import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { parse } from 'yaml';
import { dropEmpty, loadDotEnv } from '../src/dotenv.js';

/**
 * The files an operator runs the shop with (issue 26 items 6 and 8): docker-compose.yml valid
 * against the Compose Specification's JSON schema (deploy/compose-spec.json, vendored) with every
 * image pinned, nginx re-resolving the replicas, the Prometheus alerts readable and naming metrics
 * the shop exports, and `.env.example` listing every variable the server reads.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const read = (file: string) => readFile(path.join(ROOT, file), 'utf8');

interface Compose {
  services: Record<string, { image?: string; build?: unknown }>;
}

test('docker-compose.yml is valid against the Compose Specification schema', async () => {
  // Draft-07 (ajv's own default); its `$schema` spells the draft's URI in https without the '#'
  // ajv registers, so it is left out rather than looked up.
  const { $schema, ...schema } = JSON.parse(await read('deploy/compose-spec.json')) as {
    $schema: string;
  };
  expect($schema).toMatch(/draft-07/);
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  const validate = ajv.compile(schema);
  const compose = parse(await read('docker-compose.yml')) as unknown;
  const valid = validate(compose);
  expect(validate.errors ?? []).toEqual([]);
  expect(valid).toBe(true);
  // The schema does catch mistakes: a misspelt key under a service is refused.
  const broken = structuredClone(compose) as Compose & Record<string, unknown>;
  (broken.services.db as Record<string, unknown>).imagen = 'postgres';
  expect(validate(broken)).toBe(false);
});

test('rule pinned images: every image in docker-compose.yml and the Dockerfile names a version (no latest, no bare name), and no MinIO image', async () => {
  const compose = parse(await read('docker-compose.yml')) as Compose;
  const images = Object.values(compose.services)
    .map((s) => s.image)
    .filter((i): i is string => i !== undefined);
  const dockerfile = (await read('Dockerfile'))
    .split('\n')
    .filter((l) => l.startsWith('FROM '))
    .map((l) => l.split(/\s+/)[1]!);
  for (const image of [...images, ...dockerfile]) {
    const tag = /:([^/:]+)$/.exec(image)?.[1];
    expect([image, tag && /\d+\.\d+/.test(tag) && tag !== 'latest']).toEqual([image, true]);
    expect(image).not.toMatch(/minio/);
  }
});

test('rule nginx re-resolves the replicas: a resolver with a short validity and `resolve` on the upstream server, on an nginx that supports it', async () => {
  const conf = await read('deploy/nginx.conf');
  expect(conf).toMatch(/^resolver 127\.0\.0\.11 valid=10s/m);
  expect(conf).toMatch(/server app:4000 resolve /);
  expect(conf).toMatch(/zone tienda \d+k;/);
  const compose = parse(await read('docker-compose.yml')) as Compose;
  const [major, minor, patch] = /nginx:(\d+)\.(\d+)\.(\d+)/
    .exec(compose.services.proxy!.image!)!
    .slice(1)
    .map(Number);
  // `server … resolve` came to open-source nginx in 1.27.3.
  expect(major! * 10_000 + minor! * 100 + patch!).toBeGreaterThanOrEqual(12_703);
});

test('the Prometheus alerts file is YAML with rule groups, each alert with an expression over metrics the shop exports', async () => {
  const alerts = parse(await read('deploy/prometheus-alerts.yml')) as {
    groups: { name: string; rules: { alert: string; expr: string; for?: string }[] }[];
  };
  const rules = alerts.groups.flatMap((g) => g.rules);
  expect(rules.map((r) => r.alert)).toEqual(
    expect.arrayContaining([
      'TiendaErroresServidor',
      'TiendaLatenciaAlta',
      'TiendaCorreosAtascados',
      'TiendaIndiceCatalogoRetrasado',
      'TiendaBucleDeEventosLento',
    ]),
  );
  const metricsSource = await read('server/src/http/metrics.ts');
  for (const rule of rules) {
    expect(rule.expr.trim()).not.toBe('');
    for (const name of rule.expr.match(/\btienda_[a-z_]+/g) ?? []) {
      const base = name.replace(/_(bucket|count|sum)$/, '');
      expect([rule.alert, metricsSource.includes(`'${base}'`)]).toEqual([rule.alert, true]);
    }
  }
});

/** Every `env.NAME` the server's sources read. */
async function variablesRead(): Promise<string[]> {
  const names = new Set<string>();
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(file);
      else if (/\.tsx?$/.test(entry.name)) {
        for (const m of (await readFile(file, 'utf8')).matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)) {
          names.add(m[1]!);
        }
      }
    }
  };
  await walk(path.join(ROOT, 'server', 'src'));
  return [...names].sort();
}

test('rule .env.example lists every variable the server reads', async () => {
  const listed = new Set(
    (await read('.env.example'))
      .split('\n')
      .map((l) => /^([A-Z][A-Z0-9_]*)=/.exec(l)?.[1])
      .filter((n): n is string => n !== undefined),
  );
  const read_ = await variablesRead();
  expect(read_.length).toBeGreaterThan(30);
  expect(read_.filter((name) => !listed.has(name))).toEqual([]);
  for (const documented of ['MP_API_BASE', 'GOOGLE_CERTS_URL', 'METRICS_TOKEN']) {
    expect(listed.has(documented)).toBe(true);
  }
});

test('rule .env: its values fill in what the environment lacks, never override a variable already set, and empty ones count as unset', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tienda-dotenv-'));
  try {
    const file = path.join(dir, '.env');
    await writeFile(file, 'PORT=5000\nLOG_LEVEL=debug\nNODE_ENV=\n# comentario\n');
    const env: NodeJS.ProcessEnv = { LOG_LEVEL: 'warn' };
    expect(loadDotEnv(file, env)).toEqual(['PORT']);
    expect(env).toEqual({ LOG_LEVEL: 'warn', PORT: '5000' });
    expect(loadDotEnv(path.join(dir, 'no-existe.env'), env)).toEqual([]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('rule empty is unset: an empty variable (an empty .env entry Compose passes through) is removed before the configuration reads it', () => {
  const env: NodeJS.ProcessEnv = { SEED_DEMO: '', LOG_LEVEL: 'warn', DB_STATEMENT_TIMEOUT_MS: '' };
  expect(dropEmpty(env).sort()).toEqual(['DB_STATEMENT_TIMEOUT_MS', 'SEED_DEMO']);
  expect(env).toEqual({ LOG_LEVEL: 'warn' });
});
