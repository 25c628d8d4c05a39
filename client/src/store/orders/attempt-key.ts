/**
 * The idempotency key of one purchase attempt. The first submit creates it; a retry of the same
 * attempt (a second click, a retry after the network failed without an answer) sends it again,
 * so the server makes at most one order. Once the server has answered (an order, or a refusal
 * such as a product out of stock), the attempt is over and the next submit is a new attempt with
 * a new key.
 */
export class PurchaseAttemptKey {
  private current: string | undefined;

  constructor(private readonly generate: () => string = () => crypto.randomUUID()) {}

  /** The key to send: this attempt's, created on first use. */
  key(): string {
    this.current ??= this.generate();
    return this.current;
  }

  /** The server answered: the next submit starts a new attempt. */
  settled(): void {
    this.current = undefined;
  }
}
