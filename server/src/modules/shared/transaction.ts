import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Runs `work` in one database transaction and returns its result: every statement issued
 * through the EntityManager it is given commits together, or (on any error) none does. The one
 * way the shop does multi-write operations (checkout, cancellations, the unpaid-order sweep,
 * payment webhooks).
 */
export function withTransaction<T>(
  em: EntityManager,
  work: (tx: EntityManager) => Promise<T>,
): Promise<T> {
  return em.transactional((tx) => work(tx as EntityManager));
}
