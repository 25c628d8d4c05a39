import type { EntityManager } from '@mikro-orm/postgresql';
import { type Actor, checkAccess } from '../accounts/access.js';
import { compareSizes } from '../catalog/sizes.js';
import { stockUnits, type UnitsRow } from '../catalog/stock-units.js';

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

/** The admin's stock dashboard: units per product type, per brand within it, per size. */
export class StockDashboardService {
  constructor(
    private readonly em: EntityManager,
    private readonly actor: Actor,
  ) {}

  /**
   * Per product type: its total units and units per size, and the same per brand. Types by
   * total descending, brands within a type likewise (ties by name); sizes as a shopper reads
   * them (S, M, L…, then numbers). Every product the shop shows counts, with all its stock
   * (hidden ones, deleted but kept for their orders, do not). The catalogue sums the units
   * (stock-units.ts: two statements, whatever the number of products); this groups them.
   */
  async dashboard(): Promise<TypeStock[]> {
    checkAccess(this.actor.user, 'admin');
    const { brands, rows } = await stockUnits(this.em);
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
