import type { EntityManager } from '@mikro-orm/postgresql';
import { type Actor, checkAccess } from '../accounts/access.js';
import { compareSizes } from '../catalog/sizes.js';

/** The brand group of products whose name holds no brand of the list (spec §2). */
export const OTHER_BRANDS = 'Otras';
/** The type group of products that have no type. */
export const NO_TYPE = 'Sin tipo';

export interface SizeUnits {
  size: string;
  units: number;
}

export interface BrandStock {
  /** null for 'Otras'. */
  brandId: number | null;
  brandName: string;
  totalUnits: number;
  sizes: SizeUnits[];
}

export interface TypeStock {
  /** null for products without a type ('Sin tipo'). */
  typeId: number | null;
  typeName: string;
  totalUnits: number;
  sizes: SizeUnits[];
  brands: BrandStock[];
}

interface UnitsRow {
  type_id: number | null;
  type_name: string | null;
  brand_id: number | null;
  brand_name: string | null;
  size: string;
  units: string | number;
}

/**
 * One statement. Each product's brand is the first brand of the list, as the admin sees it
 * (GET /api/marcas, /admin/tiposMarcasColores: by name, then id), whose name occurs in the
 * product's name, case-insensitively; none: 'Otras'. The stock is then summed per type, brand
 * and size in SQL, so what comes back is at most types × brands × sizes rows, whatever the
 * number of products.
 */
const DASHBOARD_SQL = `
  with brand_list as (
    select id, name, lower(name) as needle, row_number() over (order by name, id) as rank
      from brand
  ),
  product_brand as (
    select p.id, p.type_id,
           (select b.rank from brand_list b
             where strpos(p.lname, b.needle) > 0 order by b.rank limit 1) as brand_rank
      from (select id, type_id, lower(name) as lname from product) p
  ),
  units as (
    select pb.type_id, pb.brand_rank, s.size, sum(s.quantity)::bigint as units
      from product_stock s join product_brand pb on pb.id = s.product_id
     group by pb.type_id, pb.brand_rank, s.size
  )
  select u.type_id, t.name as type_name, b.id as brand_id, b.name as brand_name, u.size, u.units
    from units u
    left join product_type t on t.id = u.type_id
    left join brand_list b on b.rank = u.brand_rank`;

/** The admin's stock dashboard: units per product type, per brand within it, per size. */
export class StockDashboardService {
  constructor(
    private readonly em: EntityManager,
    private readonly actor: Actor,
  ) {}

  /**
   * Per product type: its total units and units per size, and the same per brand. Types by
   * total descending, brands within a type likewise (ties by name); sizes as a shopper reads
   * them (S, M, L…, then numbers). Every product counts, with all its stock.
   */
  async dashboard(): Promise<TypeStock[]> {
    checkAccess(this.actor.user, 'admin');
    const rows = await this.em.execute<UnitsRow[]>(DASHBOARD_SQL);
    return groupDashboard(rows);
  }
}

interface Acc {
  id: number | null;
  name: string;
  total: number;
  sizes: Map<string, number>;
}

const add = (acc: Acc, size: string, units: number) => {
  acc.total += units;
  acc.sizes.set(size, (acc.sizes.get(size) ?? 0) + units);
};

const sizesOf = (acc: Acc): SizeUnits[] =>
  [...acc.sizes].sort(([a], [b]) => compareSizes(a, b)).map(([size, units]) => ({ size, units }));

const byTotal = (a: Acc, b: Acc) => b.total - a.total || a.name.localeCompare(b.name, 'es');

function groupDashboard(rows: readonly UnitsRow[]): TypeStock[] {
  const types = new Map<number | null, { acc: Acc; brands: Map<number | null, Acc> }>();
  for (const row of rows) {
    const units = Number(row.units);
    let type = types.get(row.type_id);
    if (!type) {
      type = {
        acc: { id: row.type_id, name: row.type_name ?? NO_TYPE, total: 0, sizes: new Map() },
        brands: new Map(),
      };
      types.set(row.type_id, type);
    }
    add(type.acc, row.size, units);
    let brand = type.brands.get(row.brand_id);
    if (!brand) {
      brand = {
        id: row.brand_id,
        name: row.brand_name ?? OTHER_BRANDS,
        total: 0,
        sizes: new Map(),
      };
      type.brands.set(row.brand_id, brand);
    }
    add(brand, row.size, units);
  }
  return [...types.values()]
    .sort((a, b) => byTotal(a.acc, b.acc))
    .map(({ acc, brands }) => ({
      typeId: acc.id,
      typeName: acc.name,
      totalUnits: acc.total,
      sizes: sizesOf(acc),
      brands: [...brands.values()].sort(byTotal).map((brand) => ({
        brandId: brand.id,
        brandName: brand.name,
        totalUnits: brand.total,
        sizes: sizesOf(brand),
      })),
    }));
}
