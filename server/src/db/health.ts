import pg from 'pg';

/** The longest a probe waits for `select 1`: `/healthz` answers within a second. */
export const PROBE_TIMEOUT_MS = 800;
/** How long a probe's answer is reused: a flood of health checks makes one probe at a time. */
const PROBE_CACHE_MS = 500;

/**
 * Whether the database can serve, from a bounded probe (`select 1` on one connection of its own,
 * outside the app's pool, so a busy or stuck pool neither delays it nor is added to). Requests
 * consult `available` (no I/O): while the last probe failed they get their 503 at once. A failing
 * probe calls `onDown` (the embedded database's restart); while down, `watch` probes often until
 * the database answers again.
 */
export class DatabaseHealth {
  private client: pg.Client | null = null;
  private last: { ok: boolean; at: number } | null = null;
  private running: Promise<boolean> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private recovering: Promise<void> | null = null;
  /** Time of the last change between up and down, for logs. */
  private changedAt = Date.now();

  constructor(
    private readonly url: () => string,
    private readonly hooks: {
      onDown?: () => Promise<void> | void;
      log?: (message: string) => void;
    } = {},
  ) {}

  /** False only once a probe failed and until one succeeds. */
  get available(): boolean {
    return this.last?.ok ?? true;
  }

  /** A fresh enough probe's answer, or a new probe (bounded by PROBE_TIMEOUT_MS). */
  check(maxAgeMs = PROBE_CACHE_MS): Promise<boolean> {
    if (this.last && Date.now() - this.last.at < maxAgeMs) return Promise.resolve(this.last.ok);
    this.running ??= this.probe().finally(() => (this.running = null));
    return this.running;
  }

  /** For the stall watchdog: true when the database does not answer right now. */
  stalled = async (): Promise<boolean> => !(await this.check(PROBE_CACHE_MS));

  /** A request met a connection error: look now (not awaited by the request). */
  suspect(): void {
    void this.check(0);
  }

  /** Probes every `intervalMs` while up, every 500 ms while down, until `stop`. */
  watch(intervalMs = 5000): void {
    const tick = async () => {
      if (this.stopped) return;
      await this.check(0);
      if (this.stopped) return;
      this.timer = setTimeout(() => void tick(), this.available ? intervalMs : 500);
      this.timer.unref();
    };
    this.timer = setTimeout(() => void tick(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => {});
    await this.recovering;
    this.drop();
  }

  private drop(): void {
    const client = this.client;
    this.client = null;
    if (!client) return;
    // Never wait on a server that may be frozen: cut the socket.
    const stream = (client as unknown as { connection?: { stream?: { destroy(): void } } })
      .connection?.stream;
    stream?.destroy();
    client.end().catch(() => {});
  }

  private async probe(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      // On a busy event loop this timer can fire late, in the same turn as the answer that came
      // in time: the answer (read in the loop's poll phase) is let through first (setImmediate
      // runs after it), so a lagging app never calls an answering database stalled.
      timer = setTimeout(
        () => setImmediate(() => reject(new Error('la base de datos no respondió a tiempo'))),
        PROBE_TIMEOUT_MS,
      );
    });
    let ok: boolean;
    let reason = '';
    try {
      await Promise.race([this.selectOne(), timeout]);
      ok = true;
    } catch (error) {
      ok = false;
      reason = error instanceof Error ? error.message : String(error);
      this.drop();
    } finally {
      clearTimeout(timer);
    }
    const was = this.available;
    this.last = { ok, at: Date.now() };
    if (was !== ok) {
      const ms = Date.now() - this.changedAt;
      this.changedAt = Date.now();
      this.hooks.log?.(
        ok
          ? `La base de datos responde de nuevo (tras ${ms} ms sin servicio)`
          : `La base de datos no responde: ${reason}`,
      );
    }
    if (!ok && this.hooks.onDown && !this.stopped && !this.recovering) {
      // Not awaited: a probe (and /healthz) never waits for a restart.
      const onDown = this.hooks.onDown;
      this.recovering = (async () => {
        try {
          await onDown();
        } catch (error) {
          this.hooks.log?.(
            `No se pudo recuperar la base de datos: ${error instanceof Error ? error.message : String(error)}`,
          );
        } finally {
          this.recovering = null;
        }
      })();
    }
    return ok;
  }

  private async selectOne(): Promise<void> {
    if (!this.client) {
      const client = new pg.Client({
        connectionString: this.url(),
        connectionTimeoutMillis: PROBE_TIMEOUT_MS,
        application_name: 'tienda-healthz',
      });
      client.on('error', () => this.client === client && this.drop());
      this.client = client;
      await client.connect();
    }
    await this.client.query('select 1');
  }
}
