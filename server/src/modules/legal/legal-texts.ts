import type { EntityManager } from '@mikro-orm/postgresql';
import {
  DEFAULT_LEGAL_TEXTS,
  LEGAL_TEXT_TITLES,
  type LegalTextKind,
  effectiveLegalText,
  fillLegalText,
  legalTextProblems,
  normalizeLegalText,
} from '@tienda/rules';
import { type Actor, checkAccess } from '../accounts/access.js';
import { AuditTrail } from '../audit/audit-trail.js';
import { refuseFirst } from '../shared/errors.js';
import { withTransaction } from '../shared/transaction.js';
import type { ShopSettingsStore } from '../settings/settings-store.js';

/** A legal page as a visitor reads it: the Markdown with the shop's details filled in. */
export interface LegalPage {
  kind: LegalTextKind;
  title: string;
  /** Markdown (rendered by the client without raw HTML and without unsafe links). */
  markdown: string;
  /** Whether it is the default text (the admin has not written one). */
  isDefault: boolean;
  /** When the admin last saved it; null for the default. */
  updatedAt: Date | null;
}

/** A legal text as the admin edits it: as written, placeholders unfilled. */
export interface LegalTextForAdmin {
  kind: LegalTextKind;
  title: string;
  /** The stored text, or the default when none is stored. */
  markdown: string;
  defaultMarkdown: string;
  isDefault: boolean;
  updatedAt: Date | null;
}

interface Row {
  kind: LegalTextKind;
  markdown: string;
  /** A Date from a select, an ISO string from an insert's `returning`. */
  updated_at: Date | string;
}

const dateOf = (row: Row | undefined): Date | null => (row ? new Date(row.updated_at) : null);

/**
 * The legal pages' texts (issue 25, item 7): 'Aviso de privacidad', 'Términos y condiciones',
 * 'Devoluciones y cambios'. The one writer of `legal_text` (Migration20261127201000LegalTexts);
 * the rules, the defaults and the placeholders are @tienda/rules' (`legal-texts.ts`), the shop's
 * details come from the settings (ShopSettingsStore). Read per request: one row by key.
 */
export class LegalTextService {
  constructor(
    private readonly em: EntityManager,
    private readonly actor: Actor,
    private readonly settings: ShopSettingsStore,
  ) {}

  /** Anyone: the page with the shop's legal name, address, phone and e-mail filled in. */
  async page(kind: LegalTextKind): Promise<LegalPage> {
    const row = await this.read(this.em, kind);
    return {
      kind,
      title: LEGAL_TEXT_TITLES[kind],
      markdown: fillLegalText(effectiveLegalText(kind, row?.markdown), this.settings.current()),
      isDefault: !row,
      updatedAt: dateOf(row),
    };
  }

  /** Admins: the three texts as written. */
  async adminTexts(): Promise<LegalTextForAdmin[]> {
    checkAccess(this.actor.user, 'admin');
    const rows = await this.em.execute<Row[]>('select kind, markdown, updated_at from legal_text');
    return (['privacy', 'terms', 'returns'] as const).map((kind) =>
      forAdmin(
        kind,
        rows.find((r) => r.kind === kind),
      ),
    );
  }

  /**
   * Admins: saves a page's text (the rules of @tienda/rules first: the first problem is the 400
   * and nothing is written). An empty text, or the default itself, deletes the row: the page
   * shows the default again. The audit entry ('legal.update') commits with the change.
   */
  async update(kind: LegalTextKind, markdown: string): Promise<LegalTextForAdmin> {
    checkAccess(this.actor.user, 'admin');
    refuseFirst(legalTextProblems(kind, markdown));
    const text = normalizeLegalText(markdown);
    const keep = text !== '' && text !== DEFAULT_LEGAL_TEXTS[kind];
    const saved = await withTransaction(this.em, async (tx) => {
      // Serialises two admins saving the same page: the audit's "before" is the row replaced.
      await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [`legal_text:${kind}`]);
      const before = await this.read(tx, kind);
      let row: Row | undefined;
      if (keep) {
        [row] = await tx.execute<Row[]>(
          `insert into legal_text (kind, markdown) values (?, ?)
             on conflict (kind) do update set markdown = excluded.markdown, updated_at = now()
           returning kind, markdown, updated_at`,
          [kind, text],
        );
      } else {
        await tx.execute('delete from legal_text where kind = ?', [kind]);
      }
      await AuditTrail.record(tx, this.actor, {
        action: 'legal.update',
        object: { kind: 'legal_text', id: kind, label: LEGAL_TEXT_TITLES[kind] },
        before: { markdown: before?.markdown ?? '' },
        after: { markdown: row?.markdown ?? '' },
      });
      return row;
    });
    return forAdmin(kind, saved);
  }

  private async read(em: EntityManager, kind: LegalTextKind): Promise<Row | undefined> {
    const [row] = await em.execute<Row[]>(
      'select kind, markdown, updated_at from legal_text where kind = ?',
      [kind],
    );
    return row;
  }
}

function forAdmin(kind: LegalTextKind, row: Row | undefined): LegalTextForAdmin {
  return {
    kind,
    title: LEGAL_TEXT_TITLES[kind],
    markdown: row?.markdown ?? DEFAULT_LEGAL_TEXTS[kind],
    defaultMarkdown: DEFAULT_LEGAL_TEXTS[kind],
    isDefault: !row,
    updatedAt: dateOf(row),
  };
}
