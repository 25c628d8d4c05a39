import { CatalogIndex } from '../src/modules/catalog/catalog-index.js';
import { WHOLE_CATALOGUE } from '../src/modules/catalog/index-count.js';
import { shopWith, testApp, type HttpClient, type TestApp } from './support/app.js';
import { openTestOrm } from './support/db.js';
import { createUsers } from './support/fixtures.js';
import { SYNONYM_MESSAGES } from '../src/modules/catalog/synonym.service.js';

/**
 * Issue 27: synonyms the admin manages ('Sinónimos' in the lookups screen), applied both ways;
 * the search of every instance follows a change (the table's trigger reloads the index); each
 * change has its audit entry; GraphQL and REST.
 */
const shop = shopWith(
  [
    { name: 'Playera Nike Negro', price: 250, type: 'Playera', brand: 'Nike', color: 'Negro' },
    { name: 'Pantalón Levis Azul', price: 700, type: 'Pantalón', brand: 'Levis', color: 'Azul' },
    { name: 'Tenis Runner Blanco', price: 900, type: 'Tenis', brand: 'Nike', color: 'Blanco' },
    { name: 'Camiseta Lisa', price: 150 },
  ],
  { rateLimits: false },
);

const PASSWORD = 'Clave12345';
let admin: HttpClient;
let customer: HttpClient;
const db = () => shop.orm.em.fork();

async function signIn(email: string): Promise<HttpClient> {
  const client = shop.app.client();
  const res = await client.post('/api/auth/login', { email, password: PASSWORD });
  expect(res.status).toBe(200);
  return client;
}

beforeAll(async () => {
  await createUsers(db(), [
    { email: 'admin@example.com', password: PASSWORD, role: 'admin' },
    { email: 'cliente@example.com', password: PASSWORD },
  ]);
  admin = await signIn('admin@example.com');
  customer = await signIn('cliente@example.com');
});

async function search(text: string, app: HttpClient = shop.app): Promise<string[]> {
  const r = await app.gql<{ products: { total: number; items: { name: string }[] } }>(
    `query ($filter: ProductFilter) { products(filter: $filter, limit: 100) { total items { name } } }`,
    { filter: { search: text } },
  );
  expect(r.errors).toBeUndefined();
  expect(r.data!.products.total).toBe(r.data!.products.items.length);
  return r.data!.products.items.map((i) => i.name);
}

type Group = { id: number; words: string[]; name: string };
const CREATE = 'mutation C($n: String!) { createSearchSynonym(name: $n) { id words name } }';
const UPDATE =
  'mutation U($id: Int!, $n: String!) { updateSearchSynonym(id: $id, name: $n) { id words name } }';
const DELETE = 'mutation D($id: Int!) { deleteSearchSynonym(id: $id) { id name } }';

describe('synonyms applied both ways', () => {
  let playera: Group;

  test("without a group, 'camiseta' finds only its own name and 't-shirt' nothing", async () => {
    expect(await search('camiseta')).toEqual(['Camiseta Lisa']);
    expect(await search('t-shirt')).toEqual([]);
  });

  test("'playera = camiseta = t-shirt': 'camiseta' and 't-shirt' find Playera, 'playera' finds Camiseta", async () => {
    const res = await admin.gql<{ createSearchSynonym: Group }>(CREATE, {
      n: ' playera = Camiseta, T-shirt = camiseta ',
    });
    expect(res.errors).toBeUndefined();
    playera = res.data!.createSearchSynonym;
    expect(playera).toMatchObject({
      words: ['playera', 'Camiseta', 'T-shirt'],
      name: 'playera = Camiseta = T-shirt',
    });
    // The shopper's own word first (in the name), then what its synonyms find.
    expect(await search('camiseta')).toEqual(['Camiseta Lisa', 'Playera Nike Negro']);
    expect(await search('T-SHIRT')).toEqual(['Camiseta Lisa', 'Playera Nike Negro']);
    expect(await search('playera')).toEqual(['Playera Nike Negro', 'Camiseta Lisa']);
    // Synonyms do not make 'playera' find a pantalón.
    expect(await search('playera')).not.toContain('Pantalón Levis Azul');
    // With another word: every word must hold, each by itself or a synonym.
    expect(await search('camiseta nike')).toEqual(['Playera Nike Negro']);
  });

  test('an edit and a delete reach the search at once', async () => {
    const res = await admin.gql<{ updateSearchSynonym: Group }>(UPDATE, {
      id: playera.id,
      n: 'tenis = sneakers = zapatillas',
    });
    expect(res.errors).toBeUndefined();
    expect(await search('sneakers')).toEqual(['Tenis Runner Blanco']);
    expect(await search('t-shirt')).toEqual([]);
    const gone = await admin.gql<{ deleteSearchSynonym: Group }>(DELETE, { id: playera.id });
    expect(gone.data!.deleteSearchSynonym.name).toBe('tenis = sneakers = zapatillas');
    expect(await search('sneakers')).toEqual([]);
  });

  test('each change writes its audit entry', async () => {
    const rows = await db().execute<{ action: string; object_label: string }[]>(
      `select action, object_label from admin_audit where action like 'synonym.%' order by id`,
    );
    expect(rows.map((r) => r.action)).toEqual([
      'synonym.create',
      'synonym.update',
      'synonym.delete',
    ]);
    expect(rows[2]!.object_label).toBe('tenis = sneakers = zapatillas');
  });
});

describe('refusals', () => {
  test('fewer than two words, a word with spaces, a word too long', async () => {
    for (const [n, message] of [
      ['', SYNONYM_MESSAGES.required],
      ['tenis', SYNONYM_MESSAGES.required],
      ['tenis = Tenis', SYNONYM_MESSAGES.required],
      ['tenis = zapato deportivo', SYNONYM_MESSAGES.oneWord],
      [`tenis = ${'x'.repeat(41)}`, SYNONYM_MESSAGES.tooLong],
    ] as const) {
      const res = await admin.gql(CREATE, { n });
      expect(res.errors?.[0]?.message).toBe(message);
      expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    }
  });

  test('a word already in another group (accents and case aside) is a conflict', async () => {
    const first = await admin.gql<{ createSearchSynonym: Group }>(CREATE, {
      n: 'sudadera = hoodie',
    });
    expect(first.errors).toBeUndefined();
    const clash = await admin.gql(CREATE, { n: 'HOODIE = buzo' });
    expect(clash.errors?.[0]?.message).toBe(SYNONYM_MESSAGES.taken('hoodie'));
    expect(clash.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT' });
    // Its own group may keep it.
    const same = await admin.gql(UPDATE, {
      id: first.data!.createSearchSynonym.id,
      n: 'sudadera = Hoodie = buzo',
    });
    expect(same.errors).toBeUndefined();
  });

  test('an unknown group is a 404 through REST', async () => {
    const res = await admin.put('/api/sinonimos/999999', { grupo: 'a1 = b1' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: SYNONYM_MESSAGES.notFound });
  });
});

describe('REST /api/sinonimos', () => {
  test('admins list, add, change and delete; customers may not', async () => {
    expect((await customer.get('/api/sinonimos')).status).toBe(403);
    const made = await admin.post('/api/sinonimos', { grupo: 'gorra = cachucha' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ grupo: 'gorra = cachucha', palabras: ['gorra', 'cachucha'] });
    const list = await admin.get('/api/sinonimos');
    expect(list.body).toContainEqual(made.body);
    const bad = await admin.post('/api/sinonimos', {});
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: SYNONYM_MESSAGES.required });
    const id = (made.body as { id: number }).id;
    expect(
      (await admin.put(`/api/sinonimos/${id}`, { grupo: 'gorra = cachucha = visera' })).status,
    ).toBe(200);
    expect((await admin.delete(`/api/sinonimos/${id}`)).status).toBe(204);
  });
});

describe("'Búsquedas sin resultados': counted per normalised search and Mexico City day", () => {
  test('accents, case and spaces aside, one row; a search that finds something is not counted', async () => {
    await db().execute('truncate search_miss');
    for (const text of ['Zzapato Azul', '  zzapató   AZUL ', 'ZZAPATO azul']) {
      expect(await search(text)).toEqual([]);
    }
    expect(await search('playera')).not.toEqual([]);
    // Page 2 of a search, or a search with a facet, is not the shopper's search finding nothing.
    const withFacet = await shop.app.gql(
      `query { products(filter: { search: "qqqqq", brands: ["Nike"] }) { total } }`,
    );
    expect(withFacet.errors).toBeUndefined();
    const [today] = await db().execute<{ day: string }[]>(
      `select to_char((now() at time zone 'America/Mexico_City')::date, 'YYYY-MM-DD') as day`,
    );
    const res = await admin.get('/api/admin/busquedas-sin-resultados');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ busqueda: 'zzapato azul', veces: 3, dia: today!.day }]);
    const gql = await admin.gql<{ searchMisses: { search: string; times: number }[] }>(
      '{ searchMisses { search times day } }',
    );
    expect(gql.data!.searchMisses).toEqual([{ search: 'zzapato azul', times: 3, day: today!.day }]);
    expect((await customer.get('/api/admin/busquedas-sin-resultados')).status).toBe(403);
  });

  test('bounded: a long search is not counted, nor a new one on a full day', async () => {
    await db().execute('truncate search_miss');
    expect(await search(`qq${'x'.repeat(70)}`)).toEqual([]);
    expect((await admin.get('/api/admin/busquedas-sin-resultados')).body).toEqual([]);
    await db().execute(
      `insert into search_miss (day, search)
       select (now() at time zone 'America/Mexico_City')::date, 'relleno ' || g
         from generate_series(1, 2000) g`,
    );
    expect(await search('qqnuevo')).toEqual([]);
    const [row] = await db().execute<{ n: string }[]>(
      `select count(*) as n from search_miss where search = 'qqnuevo'`,
    );
    expect(Number(row!.n)).toBe(0);
    // One already listed keeps counting.
    expect(await search('Relleno 7')).toEqual([]);
    const [kept] = await db().execute<{ times: number }[]>(
      `select times from search_miss where search = 'relleno 7'`,
    );
    expect(kept!.times).toBe(2);
    await db().execute('truncate search_miss');
  });
});

describe('a synonym change reaches every instance without reading the catalogue again', () => {
  test("another instance's shopper searches with a new group at once; only the groups are read", async () => {
    // Instance B: its own app, index and connection pool on the same database.
    const ormB = await openTestOrm();
    let other: TestApp | undefined;
    const index = new CatalogIndex();
    try {
      other = await testApp(ormB, { rateLimits: false });
      await index.load(ormB.em.fork());
      const found = async (word: string) => {
        const { words } = await index.sync(ormB.em.fork(), { words: [word], lookupNames: [] });
        return index.query({ ...WHOLE_CATALOGUE, words }, { total: true }).total;
      };
      expect(await search('corredor', other)).toEqual([]);
      expect(await found('corredor')).toBe(0);
      const before = index.work;
      const res = await admin.gql<{ createSearchSynonym: Group }>(CREATE, {
        n: 'Corredor = runner',
      });
      expect(res.errors).toBeUndefined();
      expect(await search('corredor', other)).toEqual(['Tenis Runner Blanco']);
      expect(await found('corredor')).toBe(1);
      const after = index.work;
      expect({
        fullLoads: after.fullLoads - before.fullLoads,
        replaces: after.replaces - before.replaces,
        synonymLoads: after.synonymLoads - before.synonymLoads,
        synonymSets: after.synonymSets - before.synonymSets,
        productsApplied: after.productsApplied - before.productsApplied,
      }).toEqual({
        fullLoads: 0,
        replaces: 0,
        synonymLoads: 1,
        synonymSets: 1,
        productsApplied: 0,
      });
      // A product change after it still applies product by product, the group kept.
      await db().execute(
        `update product set name = 'Tenis Runner Gris' where name = 'Tenis Runner Blanco'`,
      );
      expect(await search('corredor', other)).toEqual(['Tenis Runner Gris']);
      expect(await found('corredor')).toBe(1);
      expect(index.work.fullLoads - before.fullLoads).toBe(0);
      await db().execute(
        `update product set name = 'Tenis Runner Blanco' where name = 'Tenis Runner Gris'`,
      );
      const del = await admin.gql(DELETE, { id: res.data!.createSearchSynonym.id });
      expect(del.errors).toBeUndefined();
      expect(await search('corredor', other)).toEqual([]);
      expect(await found('corredor')).toBe(0);
      expect(index.work.fullLoads - before.fullLoads).toBe(0);
    } finally {
      await other?.stop();
      await ormB.close();
    }
  });
});
