import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The units in stock summed per product type, brand and size, for the admin's stock dashboard
 * (stock/): the catalogue's tables read where the catalogue keeps its SQL.
 */

export interface UnitsRow {
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

/**
 * The brand list in list order and the stock summed per type, brand rank and size, over the
 * products the shop shows: two statements (the brand list, then the sums), whatever the number
 * of products.
 */
export async function stockUnits(
  em: EntityManager,
): Promise<{ brands: { id: number; name: string }[]; rows: UnitsRow[] }> {
  const brands = await em.execute<{ id: number; name: string }[]>(BRANDS_SQL);
  const rows = await em.execute<UnitsRow[]>(DASHBOARD_SQL, [
    // JSON: the driver would spread a JS array into a list of parameters.
    JSON.stringify(brands.map((b) => b.name)),
  ]);
  return { brands, rows };
}
