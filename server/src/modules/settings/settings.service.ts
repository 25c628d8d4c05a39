import type { EntityManager } from '@mikro-orm/postgresql';
import { normalizeShopSettings, shopSettingsProblems } from '@tienda/rules';
import { type Actor, checkAccess } from '../accounts/access.js';
import { AuditTrail, type AuditFields } from '../audit/audit-trail.js';
import { refuseFirst } from '../shared/errors.js';
import { withTransaction } from '../shared/transaction.js';
import type { ShopSettingsStore } from './settings-store.js';
import {
  effectiveSettings,
  publicSettings,
  type PublicShopSettings,
  type ShopSettingsValues,
} from './shop-settings.js';

/** What an update takes: every setting, the global invoice's periodicity optional. */
export type ShopSettingsInput = Omit<ShopSettingsValues, 'globalInvoicePeriodicity'> & {
  globalInvoicePeriodicity?: string | null;
};

/** How the audit trail names the settings ('settings.update' entries). */
export const SETTINGS_AUDIT_OBJECT = { kind: 'settings', id: null, label: 'Ajustes de la tienda' };

/**
 * The shop's settings for one request: what a visitor may read, what an admin reads and writes.
 * The one writer of `shop_settings` (Migration20261127090000ShopSettings); every reader goes
 * through the app's ShopSettingsStore (settings-store.ts).
 */
export class SettingsService {
  constructor(
    private readonly em: EntityManager,
    private readonly actor: Actor,
    private readonly store: ShopSettingsStore,
  ) {}

  /** Everything but the orders' notification addresses. */
  publicSettings(): PublicShopSettings {
    return publicSettings(this.store.current());
  }

  /** Every setting (admins only). */
  adminSettings(): ShopSettingsValues {
    checkAccess(this.actor.user, 'admin');
    return this.store.current();
  }

  /**
   * Replaces every setting (admins only): the rules of @tienda/rules first (the first problem is
   * the 400 the admin reads; nothing is written), then, in one transaction with the row locked,
   * the new values, a bumped version (the table's trigger tells the other instances) and the
   * audit entry of what changed. Answers the settings this instance now serves.
   */
  async update(input: ShopSettingsInput): Promise<ShopSettingsValues> {
    checkAccess(this.actor.user, 'admin');
    // The periodicity of the global invoice came later (issue 25): a client that does not send
    // it keeps the shop's.
    const values = normalizeShopSettings({
      ...input,
      globalInvoicePeriodicity:
        input.globalInvoicePeriodicity ?? this.store.current().globalInvoicePeriodicity,
    });
    refuseFirst(shopSettingsProblems(values));
    await withTransaction(this.em, async (tx) => {
      await tx.execute('insert into shop_settings (id) values (1) on conflict (id) do nothing');
      const [row] = await tx.execute<{ data: unknown }[]>(
        'select data from shop_settings where id = 1 for update',
      );
      const before = effectiveSettings(this.store.defaultSettings, row?.data);
      await tx.execute(
        `update shop_settings set data = ?::jsonb, version = version + 1, updated_at = now()
          where id = 1`,
        [JSON.stringify(values)],
      );
      await AuditTrail.record(tx, this.actor, {
        action: 'settings.update',
        object: SETTINGS_AUDIT_OBJECT,
        before: before as unknown as AuditFields,
        after: values as unknown as AuditFields,
      });
    });
    await this.store.refresh();
    return this.store.current();
  }
}
