// End-to-end harness: builds the shop, starts it on a free port against a fresh
// temporary DATA_DIR (embedded PostgreSQL), runs the Playwright specs in
// e2e/specs/*.spec.ts with Node's test runner, then always stops the server (and
// its PostgreSQL) and removes the temporary data.
//
// Usage: npm run test:e2e [-- e2e/specs/one.spec.ts ...]
//
// Environment:
//   E2E_SKIP_BUILD=1           do not run `npm run build` first
//   E2E_DATABASE_URL=...       use this PostgreSQL instead of the embedded one
//   E2E_HEALTH_TIMEOUT_MS      how long to wait for /healthz (default 180000)
//   E2E_TEST_TIMEOUT_MS        per-test timeout for the runner (default 300000)
//   E2E_SERVER_LOG=1           stream the server's output while the tests run
//   E2E_KEEP_DATA=1            keep the temporary DATA_DIR (its path is printed)
//   E2E_SERVER_CMD             whitespace-separated command replacing
//                              `node server/dist/main.js` (for testing this harness)
//   CHROMIUM_PATH              passed through to the specs (default /usr/bin/chromium)

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SPECS_DIR = path.join(ROOT, 'e2e', 'specs');
const HEALTH_TIMEOUT_MS = Number(process.env.E2E_HEALTH_TIMEOUT_MS) || 180_000;
const TEST_TIMEOUT_MS = Number(process.env.E2E_TEST_TIMEOUT_MS) || 300_000;
const STOP_TIMEOUT_MS = 20_000;
const SERVER_LOG_MAX_LINES = 5_000;

const log = (msg) => process.stdout.write(`[e2e] ${msg}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** @type {import('node:child_process').ChildProcess | null} */
let server = null;
/** @type {import('node:child_process').ChildProcess | null} */
let watchdog = null;
/** @type {import('node:child_process').ChildProcess | null} */
let current = null; // the build or test-runner child, to forward signals to
let dataDir = null;
let interrupted = null;
const interruptWaiters = new Set();
const serverLog = [];
let summary = null; // the closing `e2e: N passed, M failed` line, printed after the cleanup

// ---------------------------------------------------------------------------
// Signals: the first one stops the tests and cleans up; a second one kills hard.

function onSignal(signal) {
  if (interrupted) {
    log(`second ${signal}: killing the server now`);
    killServerGroupSync();
    removeDataDir();
    process.exit(130);
  }
  interrupted = signal;
  log(`received ${signal}, stopping (press Ctrl-C again to force)`);
  if (current && current.exitCode === null && current.signalCode === null) {
    current.kill(signal === 'SIGINT' ? 'SIGINT' : 'SIGTERM');
  }
  for (const wake of interruptWaiters) wake();
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, onSignal);

// Last resort if this process is exiting with the server still up.
process.on('exit', () => {
  killServerGroupSync();
  removeDataDir();
});

// ---------------------------------------------------------------------------
// Helpers

/** 128 + the number of the signal that interrupted us (130 for SIGINT). */
function signalExitCode() {
  return 128 + (os.constants.signals[interrupted] ?? 2);
}

function isAlive(child) {
  // No pid: the spawn itself failed (ENOENT...), and 'exit' may never come.
  return (
    child !== null &&
    child.pid !== undefined &&
    child.exitCode === null &&
    child.signalCode === null
  );
}

function groupAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

function killServerGroupSync() {
  if (!server?.pid) return;
  try {
    process.kill(-server.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

function removeDataDir() {
  if (!dataDir) return;
  const dir = dataDir;
  dataDir = null;
  if (process.env.E2E_KEEP_DATA === '1') {
    log(`kept DATA_DIR ${dir}`);
    return;
  }
  try {
    fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3, retryDelay: 200 });
  } catch (err) {
    process.stderr.write(`[e2e] could not remove ${dir}: ${err.message}\n`);
  }
}

/** Resolves with the exit code (128 + n for a signal) once the child has exited. */
function exited(child) {
  if (!isAlive(child)) return Promise.resolve(child.exitCode ?? 1);
  return new Promise((resolve) => {
    child.once('exit', (code, signal) =>
      resolve(code ?? 128 + (os.constants.signals[signal] ?? 0)),
    );
  });
}

/** Sleeps up to ms, waking early on an interrupt. */
function interruptibleSleep(ms) {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      interruptWaiters.delete(done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    interruptWaiters.add(done);
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    // No host: binds the unspecified address (dual-stack), like the server does.
    probe.listen(0, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function findSpecs() {
  const requested = process.argv.slice(2);
  if (requested.length > 0) {
    return requested.map((file) => path.resolve(process.cwd(), file));
  }
  if (!fs.existsSync(SPECS_DIR)) return [];
  return fs
    .readdirSync(SPECS_DIR)
    .filter((name) => name.endsWith('.spec.ts'))
    .sort()
    .map((name) => path.join(SPECS_DIR, name));
}

function printServerLog(lines = serverLog) {
  process.stdout.write('[e2e] ---- server output ----\n');
  for (const line of lines) process.stdout.write(`${line}\n`);
  process.stdout.write('[e2e] ---- end of server output ----\n');
}

function collectLines(stream, onLine) {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  });
  stream.on('end', () => {
    if (pending) onLine(pending);
    pending = '';
  });
}

// ---------------------------------------------------------------------------
// Steps

async function build() {
  log('building (npm run build; set E2E_SKIP_BUILD=1 to skip)');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  current = spawn(npm, ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  const code = await exited(current);
  current = null;
  return code;
}

/**
 * The local Facturapi (server/test/support/facturapi-stub.ts, the one the server's tests use): the
 * shop invoices against it (FACTURAPI_KEY, FACTURAPI_URL), so 'Facturar mi compra' stamps.
 */
let facturapi = null;
async function startFacturapi() {
  const { register } = await import('tsx/esm/api');
  register();
  const { startFacturapiStub } = await import('../server/test/support/facturapi-stub.ts');
  facturapi = await startFacturapiStub();
  log(`local Facturapi on ${facturapi.url}`);
}

function startServer(port) {
  const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir };
  if (facturapi) {
    env.FACTURAPI_KEY = facturapi.key;
    env.FACTURAPI_URL = facturapi.url;
  }
  delete env.DATABASE_URL;
  if (process.env.E2E_DATABASE_URL) {
    env.DATABASE_URL = process.env.E2E_DATABASE_URL;
    log('using E2E_DATABASE_URL instead of the embedded PostgreSQL');
  }
  const [command, ...args] = process.env.E2E_SERVER_CMD
    ? process.env.E2E_SERVER_CMD.trim().split(/\s+/)
    : [process.execPath, 'server/dist/main.js'];
  log(`starting ${[command, ...args].join(' ')} on port ${port}, DATA_DIR ${dataDir}`);
  // detached: the server leads its own process group, so the embedded PostgreSQL
  // it spawns can be killed with it as a last resort, and a terminal's Ctrl-C
  // reaches it only through us (one clean SIGTERM).
  server = spawn(command, args, {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stream = process.env.E2E_SERVER_LOG === '1';
  const onLine = (line) => {
    serverLog.push(line);
    if (serverLog.length > SERVER_LOG_MAX_LINES) serverLog.shift();
    if (stream) process.stdout.write(`[server] ${line}\n`);
  };
  collectLines(server.stdout, onLine);
  collectLines(server.stderr, onLine);
  server.on('error', (err) => onLine(`[e2e] could not start the server: ${err.message}`));
  startWatchdog(server.pid, dataDir);
}

// A detached helper that outlives us: if this process dies without saying
// "done" (even by SIGKILL), its stdin closes and it stops the server group and
// removes the temporary data.
const WATCHDOG_SOURCE = `
const [pid, dir, keep] = process.argv.slice(1);
let done = false;
const alive = () => { try { process.kill(-pid, 0); return true; } catch { return false; } };
process.stdin.on('data', (d) => { if (String(d).includes('done')) done = true; });
process.stdin.on('end', async () => {
  if (done) process.exit(0);
  try { process.kill(Number(pid), 'SIGTERM'); } catch {}
  for (let i = 0; i < 200 && alive(); i++) await new Promise((r) => setTimeout(r, 100));
  try { process.kill(-pid, 'SIGKILL'); } catch {}
  if (keep !== '1') require('fs').rmSync(dir, { recursive: true, force: true });
  process.exit(0);
});
`;

function startWatchdog(pid, dir) {
  if (!pid) return;
  watchdog = spawn(
    process.execPath,
    ['-e', WATCHDOG_SOURCE, String(pid), dir, process.env.E2E_KEEP_DATA ?? ''],
    { detached: true, stdio: ['pipe', 'ignore', 'ignore'] },
  );
  watchdog.unref();
  watchdog.stdin.on('error', () => {});
  watchdog.stdin.unref?.();
}

async function dismissWatchdog() {
  if (!watchdog) return;
  const { stdin } = watchdog;
  watchdog = null;
  await Promise.race([new Promise((resolve) => stdin.end('done\n', resolve)), sleep(1_000)]);
}

async function waitHealthy(baseUrl) {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  log(`waiting for ${baseUrl}/healthz (up to ${Math.round(HEALTH_TIMEOUT_MS / 1000)} s)`);
  const started = Date.now();
  while (Date.now() < deadline) {
    if (interrupted) return false;
    if (!isAlive(server)) {
      log(`the server exited (code ${server.exitCode ?? server.signalCode}) before it was healthy`);
      // Let its last output drain before printing it.
      await Promise.race([new Promise((resolve) => server.once('close', resolve)), sleep(2_000)]);
      printServerLog();
      return false;
    }
    try {
      const res = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(5_000) });
      if (res.status === 200) {
        log(`server healthy after ${((Date.now() - started) / 1000).toFixed(1)} s`);
        return true;
      }
    } catch {
      // not listening yet
    }
    await interruptibleSleep(500);
  }
  log(`the server was not healthy after ${Math.round(HEALTH_TIMEOUT_MS / 1000)} s`);
  printServerLog();
  return false;
}

async function runTests(specs, baseUrl) {
  const counts = { seen: false, tests: 0, pass: 0, fail: 0, cancelled: 0, skipped: 0, todo: 0 };
  const args = [
    '--import',
    'tsx',
    '--test',
    '--test-concurrency=1',
    `--test-timeout=${TEST_TIMEOUT_MS}`,
    '--test-reporter=tap',
    '--test-reporter-destination=stdout',
    ...specs,
  ];
  log(`running ${specs.length} spec file(s) against ${baseUrl}`);
  current = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, E2E_BASE_URL: baseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  collectLines(current.stdout, (line) => {
    process.stdout.write(`${line}\n`);
    const match = /^# (tests|pass|fail|cancelled|skipped|todo) (\d+)\s*$/.exec(line);
    if (match) {
      counts[match[1]] = Number(match[2]);
      counts.seen = true;
    }
  });
  const code = await exited(current);
  current = null;
  return { code, counts };
}

async function stopServer() {
  if (!server) return;
  const pid = server.pid;
  if (isAlive(server)) {
    log('stopping the server (SIGTERM)');
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // already gone
    }
    const timedOut = await Promise.race([
      exited(server).then(() => false),
      sleep(STOP_TIMEOUT_MS).then(() => true),
    ]);
    if (timedOut) {
      log(`the server did not exit within ${STOP_TIMEOUT_MS / 1000} s: SIGKILL`);
      killServerGroupSync();
      await exited(server);
    }
  }
  // Anything left in its process group (an embedded PostgreSQL the server did
  // not stop) gets a fast shutdown, then SIGKILL.
  if (pid && groupAlive(pid)) {
    log('processes of the server are still running: stopping them');
    try {
      process.kill(-pid, 'SIGINT');
    } catch {
      // gone
    }
    for (let i = 0; i < 50 && groupAlive(pid); i++) await sleep(100);
    killServerGroupSync();
  }
  server = null;
}

// ---------------------------------------------------------------------------

async function main() {
  const specs = findSpecs();
  if (specs.length === 0) {
    log(`no spec files (*.spec.ts) in ${path.relative(ROOT, SPECS_DIR)}`);
    return 1;
  }

  if (process.env.E2E_SKIP_BUILD !== '1') {
    const code = await build();
    if (interrupted) return signalExitCode();
    if (code !== 0) {
      log(`npm run build failed (exit ${code})`);
      return code;
    }
  }
  if (!process.env.E2E_SERVER_CMD && !fs.existsSync(path.join(ROOT, 'server/dist/main.js'))) {
    log('server/dist/main.js is missing: run `npm run build` (or drop E2E_SKIP_BUILD)');
    return 1;
  }

  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tienda-e2e-'));
  // Traversable by others: as root, embedded PostgreSQL runs initdb and postgres
  // as a separate "postgres" user owning DATA_DIR's database subdirectory.
  fs.chmodSync(dataDir, 0o755);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  await startFacturapi();
  startServer(port);

  if (!(await waitHealthy(baseUrl))) return interrupted ? signalExitCode() : 1;

  const { code, counts } = await runTests(specs, baseUrl);
  // A runner that died before its summary counts as one failure.
  const failed = counts.fail + counts.cancelled + (!counts.seen && code !== 0 ? 1 : 0);
  if (code !== 0 && !interrupted) {
    log('some tests failed: the last lines of the server output follow');
    printServerLog(serverLog.slice(-200));
  }
  if (counts.skipped + counts.todo > 0)
    log(`${counts.skipped + counts.todo} test(s) skipped or todo`);
  summary = `e2e: ${counts.pass} passed, ${failed} failed`;
  if (interrupted) return signalExitCode();
  if (code === 0 && counts.tests === 0) {
    log('the test runner ran no test');
    return 1;
  }
  return code;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (err) {
  process.stderr.write(`[e2e] ${err?.stack ?? err}\n`);
  exitCode = 1;
} finally {
  await stopServer();
  await facturapi?.close();
  removeDataDir();
  await dismissWatchdog();
}
if (summary) process.stdout.write(`${summary}\n`);
process.exit(exitCode);
