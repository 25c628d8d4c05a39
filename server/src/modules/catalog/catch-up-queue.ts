/**
 * The catalogue's catch-ups, one at a time and shared (issue 23): a caller that arrives while no
 * catch-up runs starts one; callers that arrive while one runs all wait for the next one, which
 * starts when the running one ends and takes every ask they brought. So a caller waits for at most
 * the end of the running catch-up and then one whole catch-up that started after it arrived —
 * never a chain of one catch-up per caller — and that one started after it arrived, so it sees
 * every change committed before the caller came (the catalogue's read-your-writes).
 */
export class CatchUpQueue<Ask, Answer> {
  private running: Promise<Answer> | null = null;
  private next: { asks: Ask[]; answer: Promise<Answer> } | null = null;

  /** `catchUp` runs with the asks of every caller it serves, first come first. */
  constructor(private readonly catchUp: (asks: readonly Ask[]) => Promise<Answer>) {}

  /** The answer of a catch-up that started after this call, with `ask` among its asks. */
  wait(ask: Ask): Promise<Answer> {
    if (this.next) {
      this.next.asks.push(ask);
      return this.next.answer;
    }
    const running = this.running;
    if (!running) return this.start([ask]);
    const asks = [ask];
    const answer = running
      .catch(() => undefined)
      .then(() => {
        this.next = null;
        return this.start(asks);
      });
    this.next = { asks, answer };
    return answer;
  }

  private start(asks: Ask[]): Promise<Answer> {
    const run = this.catchUp(asks);
    this.running = run;
    const settle = () => {
      if (this.running === run) this.running = null;
    };
    run.then(settle, settle);
    return run;
  }
}
