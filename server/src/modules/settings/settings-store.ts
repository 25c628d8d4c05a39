import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { effectiveSettings, type ShopSettingsValues } from './shop-settings.js';

/** The channel `shop_settings`'s trigger notifies on every write (its payload: the version). */
export const SETTINGS_CHANNEL = 'shop_settings';

/** How often every instance compares the stored version with its own, LISTEN or not. */
export const SETTINGS_POLL_MS = 3_000;

/** How long after a lost LISTEN connection the store opens another. */
export const LISTEN_RETRY_MS = 3_000;

/** How long `stop` waits for the LISTEN connection to close and a read to end. */
const STOP_WAIT_MS = 1_000;

/** Whether `work` settled within `ms` (it is not cancelled otherwise). */
async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
    timer.unref();
  });
  const settled = await Promise.race([work.then(() => true as const), late]);
  clearTimeout(timer);
  return settled;
}

interface Socket {
  unref?: () => void;
  destroy?: () => void;
}

/** The client's socket (pg keeps it on `connection.stream`). */
function streamOf(client: pg.Client): Socket | undefined {
  return (client as unknown as { connection?: { stream?: Socket } }).connection?.stream;
}

/** The LISTEN connection's name in pg_stat_activity. */
export const LISTEN_APPLICATION_NAME = 'tienda-ajustes';

export interface SettingsStoreOptions {
  /** The database URL of the LISTEN connection (the ORM's own); none: polling only. */
  listenUrl?: string;
  pollMs?: number;
  retryMs?: number;
  log?: (message: string, error?: unknown) => void;
}

interface Row {
  data: unknown;
  version: string | number;
}

/** One statement: the stored values and their version (none: an empty shop, version 0). */
async function readRow(em: EntityManager): Promise<{ data: unknown; version: number }> {
  const [row] = await em.execute<Row[]>('select data, version from shop_settings where id = 1');
  return { data: row?.data ?? {}, version: Number(row?.version ?? 0) };
}

/** The stored version alone: the poll's cheap look. */
async function readVersion(em: EntityManager): Promise<number> {
  const [row] = await em.execute<{ version: string | number }[]>(
    'select version from shop_settings where id = 1',
  );
  return Number(row?.version ?? 0);
}

/**
 * The in-memory copy of the shop's settings that every reader of this instance uses (the public
 * query, the payment page's bank details, the e-mails, the footer, the carrier): `current()` is
 * synchronous, so no request waits on the database for them.
 *
 * How a change reaches every instance: the write commits with a bumped `version`, and the
 * table's trigger sends `NOTIFY shop_settings`; each instance LISTENs on a connection of its own
 * (outside the pool and outside any request's deadline) and reads the row again on a
 * notification. Because a LISTEN connection can drop silently (a restart, a proxy), every
 * instance also compares the stored version with its own every SETTINGS_POLL_MS (one tiny
 * statement), and reopens a lost LISTEN connection after LISTEN_RETRY_MS, reading the row again
 * then. The writing instance reads it again before answering, so its next request sees the change.
 *
 * Reads run one at a time and are shared (a notification, a poll and a write arriving together
 * make one read after them), so the copy always ends at the latest committed row.
 */
export class ShopSettingsStore {
  private settings: ShopSettingsValues;
  private version = -1;
  private tail: Promise<void> = Promise.resolve();
  private queued: Promise<void> | null = null;
  private pollTimer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private listener: pg.Client | null = null;
  private stopped = false;
  private polling = false;

  constructor(
    private readonly orm: MikroORM,
    private readonly defaults: ShopSettingsValues,
    private readonly options: SettingsStoreOptions = {},
  ) {
    this.settings = effectiveSettings(defaults, {});
  }

  /** The effective settings now (stored over defaults). */
  current(): ShopSettingsValues {
    return this.settings;
  }

  /** The stored version this copy reflects (0: the empty shop, -1: not read yet). */
  get currentVersion(): number {
    return this.version;
  }

  /** Whether the LISTEN connection is open (tests, health). */
  get listening(): boolean {
    return this.listener !== null;
  }

  /** The environment's settings (what an empty shop shows). */
  get defaultSettings(): ShopSettingsValues {
    return this.defaults;
  }

  /** Reads the row once, then listens and polls until `stop`. */
  async start(): Promise<void> {
    await this.refresh();
    if (this.stopped) return;
    this.pollTimer = setInterval(() => void this.poll(), this.options.pollMs ?? SETTINGS_POLL_MS);
    this.pollTimer.unref();
    await this.listen();
  }

  /**
   * Reads the row again (after any read already running), and applies it. A second call while one
   * waits shares it.
   */
  refresh(): Promise<void> {
    if (this.queued) return this.queued;
    const next = this.tail.then(async () => {
      this.queued = null;
      const row = await readRow(this.orm.em.fork());
      this.settings = effectiveSettings(this.defaults, row.data);
      this.version = row.version;
    });
    this.queued = next;
    this.tail = next.catch(() => {});
    return next;
  }

  /**
   * Stops polling and listening. Bounded: with the database stalled (a frozen server keeps the
   * socket open and never answers) the LISTEN connection is cut after STOP_WAIT_MS and a read in
   * progress is not waited for longer, so a shutdown never hangs on the settings.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.pollTimer) clearInterval(this.pollTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.pollTimer = this.retryTimer = null;
    const listener = this.listener;
    this.listener = null;
    if (listener) {
      const ended = await within(
        listener.end().catch(() => {}),
        STOP_WAIT_MS,
      );
      if (!ended) streamOf(listener)?.destroy?.();
    }
    await within(this.tail, STOP_WAIT_MS);
  }

  /** The fallback: the stored version against ours; a different one is read again. */
  private async poll(): Promise<void> {
    if (this.polling || this.stopped) return;
    this.polling = true;
    try {
      if ((await readVersion(this.orm.em.fork())) !== this.version) await this.refresh();
    } catch (error) {
      this.options.log?.('No se pudieron revisar los ajustes de la tienda', error);
    } finally {
      this.polling = false;
    }
  }

  private async listen(): Promise<void> {
    const url = this.options.listenUrl;
    if (!url || this.stopped) return;
    const client = new pg.Client({
      connectionString: url,
      application_name: LISTEN_APPLICATION_NAME,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
    });
    let lost = false;
    const onLost = (error?: unknown) => {
      if (lost) return;
      lost = true;
      if (this.listener === client) this.listener = null;
      void client.end().catch(() => {});
      if (this.stopped) return;
      this.options.log?.('Se perdió la conexión que escucha los ajustes: se reabrirá', error);
      this.retryLater();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.channel === SETTINGS_CHANNEL && Number(message.payload) !== this.version) {
        void this.refresh().catch((error: unknown) =>
          this.options.log?.('No se pudieron leer los ajustes de la tienda', error),
        );
      }
    });
    try {
      await client.connect();
      // Idle by design: the server's own idle limits must not end it.
      await client.query('set idle_session_timeout = 0').catch(() => {});
      await client.query(`listen ${SETTINGS_CHANNEL}`);
    } catch (error) {
      onLost(error);
      return;
    }
    if (this.stopped || lost) {
      await client.end().catch(() => {});
      return;
    }
    // A forgotten app (a test that never stops it) must not keep the process alive.
    streamOf(client)?.unref?.();
    this.listener = client;
    // What changed while nobody listened.
    await this.refresh().catch(() => {});
  }

  private retryLater(): void {
    if (this.retryTimer || this.stopped) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.listen();
    }, this.options.retryMs ?? LISTEN_RETRY_MS);
    this.retryTimer.unref();
  }
}
