import type { EntityManager } from '@mikro-orm/postgresql';
import { LOOKUP_KINDS, type LookupKind } from './lookup.entity.js';

/** The admin-managed lists of product types, brands and colours. */
export class LookupService {
  constructor(private readonly em: EntityManager) {}

  list(kind: LookupKind) {
    return this.em.find(LOOKUP_KINDS[kind], {}, { orderBy: { name: 'asc', id: 'asc' } });
  }
}
