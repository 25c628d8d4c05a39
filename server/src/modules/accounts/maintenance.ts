import type { MikroORM } from '@mikro-orm/postgresql';
import { purgeExpiredRateLimits } from '../shared/rate-limit.js';
import { purgeExpiredSessions } from './session-store.js';

const EVERY_MS = 15 * 60 * 1000;

/**
 * Every 15 minutes, deletes ended sessions and rate-limit windows. Idempotent deletes: any
 * number of app instances may run it at once. Returns the function that stops it.
 */
export function startAccountsMaintenance(
  orm: MikroORM,
  log: (message: string, error: unknown) => void,
): () => void {
  const run = async () => {
    try {
      const em = orm.em.fork();
      await purgeExpiredSessions(em);
      await purgeExpiredRateLimits(em);
    } catch (error) {
      log('No se pudieron borrar las sesiones vencidas', error);
    }
  };
  const timer = setInterval(() => void run(), EVERY_MS);
  timer.unref();
  void run();
  return () => clearInterval(timer);
}
