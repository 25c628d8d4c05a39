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
  /** 1-based position in the brand list; null: 'Otras'. */
  brand_rank: string | number | null;
  size: string;
  units: string | number;
}

/**
 * The brand list as the admin sees it (GET /api/marcas, /admin/tiposMarcasColores): by name,
 * then id. "First match in the brand list" follows this order.
 */
const BRANDS_SQL = 'select id, name from brand order by name, id';

/**
 * One statement over the brand list (passed as a JSON array, in list order). Each product's brand is
 * the first brand of the list whose name occurs in the product's name, case-insensitively
 * (`strpos` over `lower`); none: 'Otras'. The trigram index on f_search_text(name) (lower case,
 * accents removed: a containment in lower case is one there too) finds each brand's candidate
 * products, `strpos` decides. The stock is then summed per type, brand and size in SQL: what
 * comes back is at most types × brands × sizes rows, whatever the number of products.
 * 100,000 products (411,616 stock rows), 49 brands: 1.4 s under EXPLAIN ANALYZE on a loaded
 * 2-core machine, against 0.47 s for the per-type-and-size sum alone.
 */
const DASHBOARD_SQL = `
  with brand_list as (
    select b.rank, lower(b.name) as needle,
           '%' || replace(replace(replace(f_search_text(b.name), '\\', '\\\\'), '%', '\\%'), '_', '\\_')
             || '%' as pattern
      from json_array_elements_text(?::json) with ordinality as b(name, rank)
  ),
  product_brand as (
    select p.id, min(b.rank) as brand_rank
      from brand_list b
      join product p
        on f_search_text(p.name) like b.pattern and strpos(lower(p.name), b.needle) > 0
     where p.hidden_at is null
     group by p.id
  )
  select p.type_id, t.name as type_name, pb.brand_rank, s.size,
         sum(s.quantity)::bigint as units
    from product_stock s
    join product p on p.id = s.product_id
    left join product_type t on t.id = p.type_id
    left join product_brand pb on pb.id = s.product_id
   where p.hidden_at is null
   group by p.type_id, t.name, pb.brand_rank, s.size`;

/** The admin's stock dashboard: units per product type, per brand within it, per size. */
export class StockDashboardService {
  constructor(
    private readonly em: EntityManager,
    private readonly actor: Actor,
  ) {}

  /**
   * Per product type: its total units and units per size, and the same per brand. Types by
   * total descending, brands within a type likewise (ties by name); sizes as a shopper reads
   * them (S, M, L…, then numbers). Every product the shop shows counts, with all its stock (hidden ones, deleted but kept for their orders, do not). Two statements
   * (the brand list, then the sums), whatever the number of products.
   */
  async dashboard(): Promise<TypeStock[]> {
    checkAccess(this.actor.user, 'admin');
    const brands = await this.em.execute<{ id: number; name: string }[]>(BRANDS_SQL);
    const rows = await this.em.execute<UnitsRow[]>(DASHBOARD_SQL, [
      // JSON: the driver would spread a JS array into a list of parameters.
      JSON.stringify(brands.map((b) => b.name)),
    ]);
    return groupDashboard(rows, brands);
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

function groupDashboard(
  rows: readonly UnitsRow[],
  brandList: readonly { id: number; name: string }[],
): TypeStock[] {
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
    const listed = row.brand_rank === null ? undefined : brandList[Number(row.brand_rank) - 1];
    const brandId = listed?.id ?? null;
    let brand = type.brands.get(brandId);
    if (!brand) {
      brand = { id: brandId, name: listed?.name ?? OTHER_BRANDS, total: 0, sizes: new Map() };
      type.brands.set(brandId, brand);
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
