/**
 * The polling loop of a worker that claims one due row at a time (`for update skip locked`): the
 * mail outbox's (mail/worker.ts) and the order events' deliveries (orders/order-events.ts). A
 * subclass says how to handle one (`deliverOne`, null when none is due); this runs them until none
 * is due, then looks again after `pollMs`, until `stop()`.
 */
export abstract class PollingWorker<Outcome> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  /** Set by `stop()`: a long delivery may look at it between steps and leave the rest. */
  protected stopped = false;

  protected constructor(
    private readonly pollMs: number,
    /** Logs a failed round (the claim itself failing, e.g. the database away), with its error. */
    private readonly logFailedRound: (error: unknown) => void,
  ) {}

  /** Claims and handles one due row; null when none is due. */
  abstract deliverOne(): Promise<Outcome | null>;

  /** Handles every due row (for tests and the first run); returns how many it handled. */
  async drain(): Promise<number> {
    let handled = 0;
    while ((await this.deliverOne()) !== null) handled += 1;
    return handled;
  }

  /** Polls until `stop()`. */
  start(): void {
    const tick = async () => {
      this.timer = undefined;
      try {
        this.running = this.drain();
        await this.running;
      } catch (error) {
        this.logFailedRound(error);
      } finally {
        this.running = undefined;
        if (!this.stopped) {
          this.timer = setTimeout(() => void tick(), this.pollMs);
          this.timer.unref();
        }
      }
    };
    void tick();
  }

  /** Stops polling and waits for the row being handled, if any. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }
}
