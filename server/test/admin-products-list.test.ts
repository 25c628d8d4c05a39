import { admin, ids, webp, productRows, CREATE, ADMIN_LIST } from './support/admin-products.js';
import { gqlUpload, input } from './support/admin-products.js';

/**
 * The admin's products (support/admin-products.ts): the admin list through GraphQL, paged and
 * searched.
 */

describe('GraphQL: adminProducts', () => {
  beforeAll(async () => {
    // 12 more products for paging; sizes that only the size search finds.
    for (let i = 1; i <= 12; i += 1) {
      const res = await gqlUpload(
        admin,
        CREATE,
        {
          input: input({
            name: `Sudadera Lote ${i}`,
            typeId: ids.playera,
            sizes: i === 5 ? ['Unitalla'] : ['S'],
            quantities: [1],
          }),
        },
        [webp],
      );
      expect(res.errors).toBeUndefined();
    }
  });

  test('newest first, 10 per page by default, with the total; the next page', async () => {
    const visible = (await productRows()).filter((r) => !r.hidden).map((r) => r.id);
    const newestFirst = [...visible].sort((a, b) => b - a);
    const first = await admin.gql<{
      adminProducts: { total: number; offset: number; limit: number; items: { id: number }[] };
    }>(ADMIN_LIST);
    expect(first.errors).toBeUndefined();
    expect(first.data!.adminProducts.total).toBe(visible.length);
    expect(first.data!.adminProducts.limit).toBe(10);
    expect(first.data!.adminProducts.items.map((p) => p.id)).toEqual(newestFirst.slice(0, 10));
    const second = await admin.gql<{ adminProducts: { items: { id: number }[] } }>(ADMIN_LIST, {
      offset: 10,
    });
    expect(second.data!.adminProducts.items.map((p) => p.id)).toEqual(newestFirst.slice(10, 20));
  });

  test('every word must appear in the name or the sizes, case- and accent-insensitive', async () => {
    const names = async (search: string) =>
      (
        await admin.gql<{ adminProducts: { total: number; items: { name: string }[] } }>(
          ADMIN_LIST,
          { search, limit: 100 },
        )
      ).data!.adminProducts.items.map((p) => p.name);
    expect(await names('sudadera LOTE 1')).toEqual([
      'Sudadera Lote 12',
      'Sudadera Lote 11',
      'Sudadera Lote 10',
      'Sudadera Lote 1',
    ]);
    expect(await names('unitalla')).toEqual(['Sudadera Lote 5']);
    expect(await names('lote UNITALLA')).toEqual(['Sudadera Lote 5']);
    expect(await names('pantalon 30')).toEqual(['Pantalón Levis 2 Azul']);
    expect(await names('levis 31')).toEqual([]);
  });

  test.each([null, 'sudadera s'])(
    'the same number of SQL statements for a page of 10 as for 1 (search %s)',
    async (search) => {
      const one = await admin.gql(ADMIN_LIST, { limit: 1, search });
      const ten = await admin.gql(ADMIN_LIST, { limit: 10, search });
      expect(ten.errors).toBeUndefined();
      expect(ten.queries).toBe(one.queries);
    },
  );
});
