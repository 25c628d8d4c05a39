import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Response } from 'supertest';
import { CSV_COLUMNS, CSV_MESSAGES } from '../src/modules/catalog/product-csv.js';
import { ProductImportWorker } from '../src/modules/catalog/product-import-worker.js';
import { shopWith, type HttpClient } from './support/app.js';
import { createUsers } from './support/fixtures.js';

/**
 * Issue 26 item 4, products by spreadsheet: GET /api/admin/productos.csv (UTF-8 with BOM, the
 * export's columns, streamed, the admin list's search) and POST /api/admin/productos/importar
 * (the dry run listing every bad row with its line and a Spanish reason naming the column and
 * changing nothing; the real run refused whole for a bad row unless 'soloValidas'; staged rows
 * applied by the worker in batches, the catalogue index seeing them). Admins only.
 */

const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'tienda-products-csv-'));
const photosDir = path.join(uploadsDir, 'products');

const shop = shopWith(
  [
    {
      name: 'Playera Nike 1 Negro',
      price: 250,
      type: 'Playera',
      brand: 'Nike',
      color: 'Negro',
      stock: { S: 2, M: 3 },
    },
    {
      name: 'Pantalón Levis 22 Azul Dama',
      price: 1299.5,
      promo: 999,
      type: 'Pantalón',
      brand: 'Levis',
      color: 'Azul',
      stock: { '28': 1, '30': 4, '32': 100 },
      images: 2,
    },
  ],
  { rateLimits: false, uploadsDir },
);

afterAll(() => rmSync(uploadsDir, { recursive: true, force: true }));

const PASSWORD = 'Clave12345';
let admin: HttpClient;
let customer: HttpClient;
let worker: ProductImportWorker;

async function signIn(email: string): Promise<HttpClient> {
  const client = shop.app.client();
  const res = await client.post('/api/auth/login', { email, password: PASSWORD });
  expect(res.status).toBe(200);
  return client;
}

beforeAll(async () => {
  await createUsers(shop.orm.em.fork(), [
    { email: 'cliente-csv@example.com', password: PASSWORD },
    { email: 'admin-csv@example.com', password: PASSWORD, role: 'admin' },
  ]);
  admin = await signIn('admin-csv@example.com');
  customer = await signIn('cliente-csv@example.com');
  worker = new ProductImportWorker(shop.orm, {
    log: (message, error) => {
      throw new Error(`${message}: ${String(error)}`);
    },
  });
  mkdirSync(photosDir, { recursive: true });
  // Photos already uploaded and no product's yet (the import names them by file name).
  for (const name of ['nueva-1.webp', 'nueva-2.webp', 'nueva-3.webp']) {
    writeFileSync(path.join(photosDir, name), 'webp');
  }
});

const exportCsv = (client: HttpClient, query = '') =>
  client.agent
    .get(`/api/admin/productos.csv${query}`)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

function upload(csv: string | Buffer, fields: Record<string, string> = {}): Promise<Response> {
  let req = admin.agent.post('/api/admin/productos/importar');
  for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
  return req.attach('archivo', Buffer.from(csv), {
    filename: 'productos.csv',
    contentType: 'text/csv',
  });
}

const records = (csv: string) =>
  parse(csv, { bom: true, columns: true }) as Record<string, string>[];

const HEADER = CSV_COLUMNS.join(',');

/** A row in CSV_COLUMNS order from the columns given (the rest empty). */
function row(values: Partial<Record<(typeof CSV_COLUMNS)[number], string>>): string {
  return CSV_COLUMNS.map((c) => {
    const v = values[c] ?? '';
    return /[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
  }).join(',');
}

const NEW_PRODUCT = {
  nombre: 'Sudadera Nike 77 Negro',
  descripcion: 'Sudadera de algodón',
  precio: '899.90',
  promocion: 'no',
  especial: 'no',
  tipo: 'Playera',
  tallas: 'S, M',
  cantidad: '5, 0',
  imagenes: 'nueva-1.webp',
};

async function catalogueState() {
  const [state] = await shop.orm.em
    .fork()
    .execute<{ products: string; stock: string; images: string }[]>(
      `select (select json_agg(p order by id)::text from product p) as products,
            (select json_agg(s order by product_id, size)::text from product_stock s) as stock,
            (select json_agg(i order by id)::text from product_image i) as images`,
    );
  return state!;
}

async function storefrontSearch(words: string): Promise<string[]> {
  const res = await shop.app.get(`/api/productos?busqueda=${encodeURIComponent(words)}`);
  expect(res.status).toBe(200);
  return (res.body as { nombre: string }[]).map((p) => p.nombre);
}

describe('GET /api/admin/productos.csv', () => {
  test('UTF-8 with BOM, the columns, one row per product: pesos with a point, sizes and quantities as lists, photos by file name', async () => {
    const res = await exportCsv(admin);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="productos-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = res.body as Buffer;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.slice(1).split('\r\n')[0]).toBe(HEADER);
    const rows = records(text);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual({
      id: '2',
      nombre: 'Pantalón Levis 22 Azul Dama',
      descripcion: 'Descripción de Pantalón Levis 22 Azul Dama',
      precio: '1299.50',
      promocion: 'sí',
      precioPromocion: '999.00',
      especial: 'no',
      tipo: 'Pantalón',
      marca: 'Levis',
      color: 'Azul',
      tallas: '28, 30, 32',
      cantidad: '1, 4, 100',
      imagenes: 'p-27-0.webp, p-27-1.webp',
    });
  });

  test('the current filter: only what the admin list’s search finds', async () => {
    const rows = records(((await exportCsv(admin, '?busqueda=levis')).body as Buffer).toString());
    expect(rows.map((r) => r.nombre)).toEqual(['Pantalón Levis 22 Azul Dama']);
  });

  test('admins only: 401 anonymous, 403 a customer, no file', async () => {
    const anonymous = await shop.app.get('/api/admin/productos.csv');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers['content-type']).toMatch(/^application\/json/);
    const refused = await customer.get('/api/admin/productos.csv');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('No tienes permiso para hacer esto');
  });
});

describe('POST /api/admin/productos/importar', () => {
  test('round trip: the export imported unchanged changes nothing (0 created, 0 updated)', async () => {
    const csv = ((await exportCsv(admin)).body as Buffer).toString('utf8');
    const before = await catalogueState();
    const dry = await upload(csv, { simular: '1' });
    expect(dry.status).toBe(200);
    expect(dry.body).toEqual({
      simulado: true,
      creados: 0,
      actualizados: 0,
      sinCambios: 2,
      errores: [],
      importacion: null,
    });
    const real = await upload(csv);
    expect(real.status).toBe(200);
    expect(real.body.importacion).toMatchObject({
      estado: 'terminada',
      filas: 2,
      aImportar: 0,
      creados: 0,
      actualizados: 0,
      sinCambios: 2,
    });
    await worker.drain();
    expect(await catalogueState()).toEqual(before);
  });

  test('the dry run lists every bad row with its line and a Spanish reason naming the column, and changes nothing', async () => {
    const csv = [
      HEADER,
      // Line 2-3: a description over two lines, valid.
      row({ ...NEW_PRODUCT, descripcion: 'Dos\nlíneas' }),
      row({
        ...NEW_PRODUCT,
        nombre: 'Playera Nike 5 Negro',
        precio: 'mil',
        imagenes: 'nueva-2.webp',
      }),
      '',
      row({
        ...NEW_PRODUCT,
        nombre: 'Playera Nike 6 Negro',
        promocion: 'sí',
        precioPromocion: '900',
        imagenes: 'nueva-2.webp',
      }),
      row({ ...NEW_PRODUCT, id: '999', nombre: 'Playera Nike 7 Negro' }),
      row({ ...NEW_PRODUCT, nombre: 'playera nike 1 negro', imagenes: 'nueva-3.webp' }),
      row({
        ...NEW_PRODUCT,
        nombre: 'Playera Nike 8 Negro',
        imagenes: 'https://example.com/f.jpg',
      }),
      row({ ...NEW_PRODUCT, nombre: 'Playera Nike 9 Negro', imagenes: 'no-esta.webp' }),
      row({ ...NEW_PRODUCT, nombre: 'Playera Nike 10 Negro', imagenes: 'p-27-0.webp' }),
      row({
        ...NEW_PRODUCT,
        nombre: 'Playera Nike 11 Negro',
        tipo: 'Zapato',
        imagenes: 'nueva-3.webp',
      }),
      row({
        ...NEW_PRODUCT,
        nombre: 'Playera Nike 12 Negro',
        cantidad: '5',
        imagenes: 'nueva-3.webp',
      }),
      row({
        ...NEW_PRODUCT,
        nombre: 'Playera Nike 13 Negro',
        especial: 'quizá',
        imagenes: 'nueva-3.webp',
      }),
      'solo,tres,columnas',
      row({ ...NEW_PRODUCT, nombre: 'Sudadera Nike 77 Negro', imagenes: 'nueva-3.webp' }),
    ].join('\r\n');
    const before = await catalogueState();
    const res = await upload(csv, { simular: '1' });
    expect(res.status).toBe(200);
    expect(res.body.simulado).toBe(true);
    expect(res.body.creados).toBe(1);
    expect(res.body.errores).toEqual([
      { fila: 4, mensaje: 'El precio no es válido (columna precio)' },
      {
        fila: 6,
        mensaje:
          'El precio de promoción no puede ser mayor o igual al precio normal (columna precioPromocion)',
      },
      { fila: 7, mensaje: 'No existe un producto con id 999 (columna id)' },
      { fila: 8, mensaje: 'Ya existe un producto con el mismo nombre (columna nombre)' },
      {
        fila: 9,
        mensaje:
          'Las fotos por URL aún no se admiten: sube la foto y escribe su nombre de archivo (columna imagenes)',
      },
      {
        fila: 10,
        mensaje: 'No hay ninguna foto subida con el nombre no-esta.webp (columna imagenes)',
      },
      { fila: 11, mensaje: 'La foto p-27-0.webp es de otro producto (columna imagenes)' },
      { fila: 12, mensaje: 'El tipo no existe (columna tipo)' },
      { fila: 13, mensaje: 'Por favor, llena todos los campos (columna cantidad)' },
      { fila: 14, mensaje: 'Escribe sí o no (columna especial)' },
      { fila: 15, mensaje: 'La fila tiene 3 columnas; se esperaban 13' },
      { fila: 16, mensaje: 'El nombre ya está en la fila 2 (columna nombre)' },
    ]);
    expect(await catalogueState()).toEqual(before);
  });

  test("a file with a bad row imports nothing (400 IMPORT_HAS_ERRORS) unless 'soloValidas'", async () => {
    const csv = [
      HEADER,
      row(NEW_PRODUCT),
      row({ ...NEW_PRODUCT, nombre: 'Playera Nike 5 Negro', precio: '', imagenes: 'nueva-2.webp' }),
    ].join('\n');
    const before = await catalogueState();
    const refused = await upload(csv);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      error:
        'Una fila tiene errores (fila 3: Por favor, llena todos los campos (columna precio)); no se importó nada. Corrígelas o elige importar las filas válidas',
      reason: 'IMPORT_HAS_ERRORS',
    });
    expect(await catalogueState()).toEqual(before);
    expect((await admin.get('/api/admin/productos/importaciones')).body).toHaveLength(1);
  });

  test("'soloValidas': the good rows are created and updated by the worker, the bad ones listed; the catalogue index sees them", async () => {
    const exported = records(((await exportCsv(admin)).body as Buffer).toString('utf8'));
    const playera = exported[0]!;
    const csv = [
      HEADER,
      row(NEW_PRODUCT),
      row({ ...playera, precio: '260.00', tallas: 'M, L', cantidad: '7, 1' }),
      row({
        ...NEW_PRODUCT,
        nombre: 'Playera Nike 5 Negro',
        precio: '0',
        imagenes: 'nueva-2.webp',
      }),
    ].join('\n');
    const res = await upload(csv, { soloValidas: '1' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ simulado: false, creados: 1, actualizados: 1 });
    const job = res.body.importacion as { id: number; estado: string };
    expect(job).toMatchObject({
      estado: 'pendiente',
      filas: 3,
      aImportar: 2,
      procesadas: 0,
      soloValidas: true,
      errores: [{ fila: 4, mensaje: 'Por favor, llena todos los campos (columna precio)' }],
    });
    expect(await storefrontSearch('sudadera')).toEqual([]);
    expect(await worker.drain()).toBe(1);
    const done = await admin.get(`/api/admin/productos/importaciones/${job.id}`);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      estado: 'terminada',
      procesadas: 2,
      creados: 1,
      actualizados: 1,
      errores: [{ fila: 4, mensaje: 'Por favor, llena todos los campos (columna precio)' }],
    });
    expect(await storefrontSearch('sudadera')).toEqual(['Sudadera Nike 77 Negro']);
    const created = (await shop.app.get('/api/productos?busqueda=sudadera')).body[0];
    expect(created).toMatchObject({
      precio: 899.9,
      tallas: 'S,M',
      cantidad: '5,0',
      imagenes: 'nueva-1.webp',
      tipo: 'Playera',
      marca: 'Nike',
      color: 'Negro',
    });
    const updated = (await shop.app.get(`/api/productos/${playera.id}`)).body;
    expect(updated).toMatchObject({ precio: 260, tallas: 'M,L', cantidad: '7,1' });
    // The list of imports shows it, newest first.
    const list = await admin.get('/api/admin/productos/importaciones');
    expect(list.body[0]).toMatchObject({ id: job.id, estado: 'terminada' });
    // Exported again and imported: nothing to change.
    const again = await upload(((await exportCsv(admin)).body as Buffer).toString(), {
      simular: '1',
    });
    expect(again.body).toMatchObject({ creados: 0, actualizados: 0, sinCambios: 3, errores: [] });
  });

  test('a worker resumes an import whose instance stopped (lease over); one leased by a live worker is left alone', async () => {
    const csv = [
      HEADER,
      row({ ...NEW_PRODUCT, nombre: 'Gorra Nike 3 Negro', imagenes: 'nueva-2.webp' }),
    ].join('\n');
    const res = await upload(csv);
    const id = (res.body.importacion as { id: number }).id;
    const em = shop.orm.em.fork();
    await em.execute(
      `update product_import set status = 'running', locked_until = now() + interval '1 minute' where id = ?`,
      [id],
    );
    expect(await worker.drain()).toBe(0);
    await em.execute(
      `update product_import set locked_until = now() - interval '1 second' where id = ?`,
      [id],
    );
    expect(await worker.drain()).toBe(1);
    expect((await admin.get(`/api/admin/productos/importaciones/${id}`)).body).toMatchObject({
      estado: 'terminada',
      creados: 1,
    });
    expect(await storefrontSearch('gorra')).toEqual(['Gorra Nike 3 Negro']);
  });

  test('text a spreadsheet would run as a formula is exported inert and imported back as it was', async () => {
    const [product] = await shop.orm.em
      .fork()
      .execute<{ id: number }[]>(`select id from product where name = 'Gorra Nike 3 Negro'`);
    await shop.orm.em
      .fork()
      .execute(`update product set description = '=HYPERLINK("x")' where id = ?`, [product!.id]);
    const csv = ((await exportCsv(admin, '?busqueda=gorra')).body as Buffer).toString();
    expect(records(csv)[0]!.descripcion).toBe(`'=HYPERLINK("x")`);
    const dry = await upload(csv, { simular: '1' });
    expect(dry.body).toMatchObject({ actualizados: 0, sinCambios: 1, errores: [] });
  });

  test('a file that is not a CSV of products is refused with its reason', async () => {
    const cases: [string | Buffer, string][] = [
      [
        'nombre,precio\nx,1',
        CSV_MESSAGES.missingColumns(CSV_COLUMNS.filter((c) => c !== 'nombre' && c !== 'precio')),
      ],
      [`${HEADER},genero\n`, CSV_MESSAGES.unknownColumns(['genero'])],
      [`${HEADER}\n`, CSV_MESSAGES.empty],
      [
        `${HEADER}\n"sin cerrar`,
        CSV_MESSAGES.notCsv('unas comillas se abren y no se cierran (hasta la línea 2)'),
      ],
      [
        Buffer.concat([Buffer.from(`${HEADER}\n`), Buffer.from([0x50, 0xe1, 0x0a])]),
        CSV_MESSAGES.notCsv('no está en UTF-8 (en Excel, guárdalo como «CSV UTF-8»)'),
      ],
    ];
    for (const [csv, message] of cases) {
      const res = await upload(csv, { simular: '1' });
      expect([res.status, res.body.error]).toEqual([400, message]);
    }
    const noFile = await admin.agent.post('/api/admin/productos/importar').field('simular', '1');
    expect([noFile.status, noFile.body.error]).toEqual([400, CSV_MESSAGES.noFile]);
  });

  test('a semicolon-separated file (Excel in some Spanish locales) reads the same', async () => {
    const csv = ((await exportCsv(admin, '?busqueda=playera')).body as Buffer).toString();
    const semicolons = records(csv)
      .map((r) => CSV_COLUMNS.map((c) => `"${r[c]!.replace(/"/g, '""')}"`).join(';'))
      .join('\n');
    const res = await upload(`${CSV_COLUMNS.join(';')}\n${semicolons}`, { simular: '1' });
    expect(res.body).toMatchObject({ creados: 0, actualizados: 0, errores: [] });
  });

  test("every import started is in the audit trail: 'product.import', the file, its rows; a dry run is not", async () => {
    const entries = await shop.orm.em
      .fork()
      .execute<{ object_kind: string; object_label: string; after: Record<string, unknown> }[]>(
        `select object_kind, object_label, after from admin_audit
          where action = 'product.import' order by id`,
      );
    const started = await shop.orm.em
      .fork()
      .execute<{ n: number }[]>('select count(*)::int as n from product_import');
    expect(entries).toHaveLength(started[0]!.n);
    expect(entries[0]).toEqual({
      object_kind: 'product_import',
      object_label: 'productos.csv',
      after: { rows: 2, toCreate: 0, toUpdate: 0, rowsWithErrors: 0, onlyValid: false },
    });
  });

  test('admins only: customers 403, anonymous 401, nothing read', async () => {
    const refused = await customer.agent
      .post('/api/admin/productos/importar')
      .attach('archivo', Buffer.from(`${HEADER}\n${row(NEW_PRODUCT)}`), 'p.csv');
    expect(refused.status).toBe(403);
    expect((await shop.app.get('/api/admin/productos/importaciones')).status).toBe(401);
    expect((await customer.get('/api/admin/productos/importaciones/1')).status).toBe(403);
    expect((await admin.get('/api/admin/productos/importaciones/9999')).status).toBe(404);
  });
});
