/**
 * Loaded into the app's process by the soak run (`node --import bench/memory-probe.mjs`, see
 * bench/soak.ts): writes the process's own memory (process.memoryUsage(): RSS and V8 heap) to
 * BENCH_MEMORY_FILE every second, so that the bench can read the heap, which /proc does not show.
 * It never keeps the process alive and does nothing without the variable.
 */
import { writeFile } from 'node:fs';

const file = process.env.BENCH_MEMORY_FILE;
if (file) {
  setInterval(() => {
    const m = process.memoryUsage();
    const line = JSON.stringify({
      at: Date.now(),
      rss: m.rss,
      heapUsed: m.heapUsed,
      heapTotal: m.heapTotal,
      external: m.external,
    });
    writeFile(file, line, () => undefined);
  }, 1000).unref();
}
