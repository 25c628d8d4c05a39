import type { EntityManager } from '@mikro-orm/postgresql';
import { type Actor, assertSelfOrAdmin, requireUser } from '../accounts/access.js';
import {
  addressProblems,
  type AddressValues,
  normalizeAddress,
  streetLine,
  type StreetLineParts,
} from '@tienda/rules';
import { badInput, notFound, refuseFirst } from '../shared/errors.js';
import { placeholders } from '../shared/sql.js';

/** How many addresses a customer may keep (issue 7 item 2). */
export const MAX_ADDRESSES_PER_USER = 20;
export const TOO_MANY_ADDRESSES_MESSAGE = `Puedes guardar hasta ${MAX_ADDRESSES_PER_USER} direcciones`;

export interface AddressView extends AddressValues {
  id: number;
  userId: number;
  createdAt: Date;
}

interface AddressRow {
  id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  street: string;
  /** Null: 'Sin número'. */
  number: string | null;
  interior_number: string | null;
  neighborhood: string;
  postal_code: string;
  city: string;
  state: string;
  references: string;
  phone: string;
  created_at: Date | string;
}

const COLUMNS = `a.id, a.user_id, a.first_name, a.last_name, a.street, a.number,
  a.interior_number, a.neighborhood,
  a.postal_code, a.city, a.state, a."references", a.phone, a.created_at`;

const toView = (r: AddressRow): AddressView => ({
  id: r.id,
  userId: r.user_id,
  firstName: r.first_name,
  lastName: r.last_name,
  street: r.street,
  number: r.number ?? '',
  withoutNumber: r.number === null,
  interiorNumber: r.interior_number ?? '',
  neighborhood: r.neighborhood,
  postalCode: r.postal_code,
  city: r.city,
  state: r.state,
  references: r.references,
  phone: r.phone,
  createdAt: new Date(r.created_at),
});

/**
 * For another module's statement that shows where an order went beside its own rows (the order
 * e-mails' snapshot, one statement inside the checkout's transaction): the address `idSql` names
 * (deleted ones too) left-joined as `alias`; `addressLineColumn(alias)` selects what
 * `addressLineOf` writes on one line.
 */
export const joinAddress = (alias: string, idSql: string): string =>
  `left join address ${alias} on ${alias}.id = ${idSql}`;

/** The parts of the address joined as `alias` that its line shows, as one jsonb (null: none). */
export const addressLineColumn = (a: string): string =>
  `case when ${a}.id is null then null else jsonb_build_object('street', ${a}.street,
     'number', ${a}.number, 'interiorNumber', ${a}.interior_number,
     'neighborhood', ${a}.neighborhood, 'city', ${a}.city, 'state', ${a}.state,
     'postalCode', ${a}.postal_code) end`;

/** What `addressLineColumn` selects. */
export interface AddressLineParts extends StreetLineParts {
  neighborhood: string;
  city: string;
  state: string;
  postalCode: string;
}

/**
 * 'Av. Juárez 123 Int. 4B, Centro, Cuauhtémoc, Ciudad de México, C.P. 06000' (the street line is
 * `streetLine` of @tienda/rules, as on the screens), or null without an address.
 */
export function addressLineOf(column: AddressLineParts | string | null): string | null {
  if (column === null) return null;
  const a = typeof column === 'string' ? (JSON.parse(column) as AddressLineParts) : column;
  return [streetLine(a), a.neighborhood, a.city, a.state, `C.P. ${a.postalCode}`].join(', ');
}

export const ADDRESS_NOT_FOUND = 'Dirección no encontrada';

/** A customer's delivery addresses: their own only (an admin may read anyone's). */
export class AddressService {
  constructor(
    private readonly em: EntityManager,
    private readonly actor: Actor,
  ) {}

  /** The addresses of `userId` (default: the signed-in user), newest first. */
  async list(userId?: number): Promise<AddressView[]> {
    const owner = userId ?? requireUser(this.actor.user).id;
    assertSelfOrAdmin(this.actor.user, owner);
    const rows = await this.em.execute<AddressRow[]>(
      `select ${COLUMNS} from address a
        where a.user_id = ? and a.deleted_at is null order by a.id desc`,
      [owner],
    );
    return rows.map(toView);
  }

  /** One address of its owner (or for an admin); a deleted one is not found. */
  async get(id: number): Promise<AddressView> {
    const [row] = await this.em.execute<AddressRow[]>(
      `select ${COLUMNS} from address a where a.id = ? and a.deleted_at is null`,
      [id],
    );
    if (!row) throw notFound(ADDRESS_NOT_FOUND);
    assertSelfOrAdmin(this.actor.user, row.user_id);
    return toView(row);
  }

  /**
   * Addresses by id in the order asked, deleted ones included (an order keeps the address it
   * was sent to): for per-request loaders. One statement; an address the actor may not read (a
   * customer asking for another's) is absent, like a missing one.
   */
  async findByIds(ids: readonly number[]): Promise<(AddressView | undefined)[]> {
    const user = this.actor.user;
    if (ids.length === 0 || !user) return ids.map(() => undefined);
    const admin = user.role === 'admin';
    const rows = await this.em.execute<AddressRow[]>(
      `select ${COLUMNS} from address a
        where a.id in (${placeholders(ids.length)}) ${admin ? '' : 'and a.user_id = ?'}`,
      admin ? [...ids] : [...ids, user.id],
    );
    const byId = new Map(rows.map((r) => [r.id, toView(r)]));
    return ids.map((id) => byId.get(id));
  }

  /** Adds an address for `userId` (default: the signed-in user) after the spec's checks. */
  async add(input: AddressValues, userId?: number): Promise<AddressView> {
    const owner = userId ?? requireUser(this.actor.user).id;
    assertSelfOrAdmin(this.actor.user, owner);
    refuseFirst(addressProblems(input));
    const a = normalizeAddress(input);
    // One statement: the insert happens only while the user has room for another address.
    const [row] = await this.em.execute<AddressRow[]>(
      `insert into address as a (user_id, first_name, last_name, street, number,
          interior_number, neighborhood, postal_code, city, state, "references", phone)
        select ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?
         where (select count(*) from address where user_id = ? and deleted_at is null) < ?
        returning ${COLUMNS}`,
      [
        owner,
        a.firstName,
        a.lastName,
        a.street,
        a.withoutNumber ? null : a.number,
        a.interiorNumber === '' ? null : a.interiorNumber,
        a.neighborhood,
        a.postalCode,
        a.city,
        a.state,
        a.references,
        a.phone,
        owner,
        MAX_ADDRESSES_PER_USER,
      ],
    );
    if (!row) throw badInput(TOO_MANY_ADDRESSES_MESSAGE, undefined, 'TOO_MANY_ADDRESSES');
    return toView(row);
  }

  /** Hides the address (orders already sent there keep it). */
  async delete(id: number): Promise<void> {
    await this.get(id);
    await this.em.execute('update address set deleted_at = now() where id = ?', [id]);
  }
}
