import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from './errors.js';

export interface RateLimitRule {
  /** Attempts allowed per window. */
  limit: number;
  windowSeconds: number;
}

/** 'Demasiados intentos. Espera 15 minutos e inténtalo de nuevo.' */
export function tooManyAttempts(retryAfterSeconds: number): DomainError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new DomainError(
    'TOO_MANY_REQUESTS',
    `Demasiados intentos. Espera ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'} e inténtalo de nuevo.`,
    { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) },
  );
}

/**
 * Fixed-window counters kept in PostgreSQL, so every app instance shares them. One statement per
 * attempt. Off (never limits) when the shop runs with RATE_LIMITS=off.
 */
export class RateLimiter {
  constructor(
    private readonly em: EntityManager,
    private readonly enabled: boolean,
  ) {}

  /** Counts one attempt under `key`; throws TOO_MANY_REQUESTS once the window's limit is passed. */
  async consume(key: string, rule: RateLimitRule): Promise<void> {
    if (!this.enabled) return;
    const [row] = await this.em.execute<{ hits: number; retry_after: number }[]>(
      `insert into rate_limit as r (key, window_start, window_end, hits)
         values (?, now(), now() + make_interval(secs => ?), 1)
       on conflict (key) do update set
         hits = case when r.window_end <= now() then 1 else r.hits + 1 end,
         window_start = case when r.window_end <= now() then now() else r.window_start end,
         window_end = case when r.window_end <= now() then excluded.window_end else r.window_end end
       returning r.hits, extract(epoch from r.window_end - now())::float8 as retry_after`,
      [key, rule.windowSeconds],
    );
    if (row && row.hits > rule.limit) throw tooManyAttempts(row.retry_after);
  }

  /**
   * Counts one attempt under `key` like `consume`, but answers false past the window's limit
   * instead of refusing (for a limit that must not tell, or must not refuse). Always true when off.
   */
  async allow(key: string, rule: RateLimitRule): Promise<boolean> {
    try {
      await this.consume(key, rule);
      return true;
    } catch (error) {
      if (error instanceof DomainError && error.code === 'TOO_MANY_REQUESTS') return false;
      throw error;
    }
  }

  /** Throws TOO_MANY_REQUESTS when `key` has already used up its window, without counting. */
  async check(key: string, rule: RateLimitRule): Promise<void> {
    if (!this.enabled) return;
    const [row] = await this.em.execute<{ hits: number; retry_after: number }[]>(
      `select hits, extract(epoch from window_end - now())::float8 as retry_after
         from rate_limit where key = ? and window_end > now()`,
      [key],
    );
    if (row && row.hits >= rule.limit) throw tooManyAttempts(row.retry_after);
  }
}

/** Removes counters whose window has ended. Safe to run from any number of instances. */
export async function purgeExpiredRateLimits(em: EntityManager): Promise<number> {
  const result = await em.execute<{ affectedRows?: number }>(
    'delete from rate_limit where window_end <= now()',
    [],
    'run',
  );
  return result.affectedRows ?? 0;
}
