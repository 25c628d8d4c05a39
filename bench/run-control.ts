/** The bench's run (bench/catalog-bench.ts): its teardown, its log, and its interruption. */

/** Teardown steps, run once, last added first, whatever happened before. */
export class Cleanup {
  private steps: { name: string; fn: () => Promise<unknown> }[] = [];
  private running: Promise<void> | undefined;

  add(name: string, fn: () => Promise<unknown>) {
    this.steps.push({ name, fn });
  }

  run(): Promise<void> {
    this.running ??= (async () => {
      for (const step of this.steps.reverse()) {
        let timer: NodeJS.Timeout | undefined;
        try {
          await Promise.race([
            step.fn(),
            new Promise((_, reject) => {
              timer = setTimeout(() => reject(new Error('no terminó en 30 s')), 30_000);
            }),
          ]);
        } catch (error) {
          console.error(`Limpieza (${step.name}) falló:`, error);
        } finally {
          clearTimeout(timer);
        }
      }
    })();
    return this.running;
  }
}

export const log = (message: string) => console.log(`[bench] ${message}`);

/** Aborted when the run is interrupted: the load generator stops at once. */
export const interrupted = new AbortController();
