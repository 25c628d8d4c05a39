import { queryCount, shopWith } from './support/app.js';

const shop = shopWith([
  {
    name: 'Playera Nike 1 Negro',
    price: 249.5,
    type: 'Playera',
    brand: 'Nike',
    color: 'Negro',
    stock: { S: 2, M: 0, L: 3 },
    images: 2,
  },
  {
    name: 'Pantalón Levis Dama 2 Azul',
    price: 700,
    promo: 499,
    type: 'Pantalón',
    brand: 'Levis Dama',
    color: 'Azul',
    stock: { '28': 1, '30': 4 },
  },
  { name: 'Especial sin marca', price: 100 },
]);

describe('REST facade: the spec’s paths and field names', () => {
  test('GET /api/version answers {"version":"1.6.13"}', async () => {
    const res = await shop.app.get('/api/version');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ version: '1.6.13' });
  });

  test('GET /api/productos lists every product with the spec’s field names', async () => {
    const res = await shop.app.get('/api/productos');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(3);
    const playera = res.body.find((p: { id: number }) => p.id === 1);
    // Exactly the spec's product fields (section 3) plus the facade's marca, color and createdAt:
    // a field leaked from the read model would show here.
    expect(Object.keys(playera).sort()).toEqual(
      [
        'id',
        'nombre',
        'descripcion',
        'precio',
        'promocion',
        'precioPromocion',
        'imagenes',
        'tallas',
        'cantidad',
        'tipo',
        'genero',
        'especial',
        'marca',
        'color',
        'createdAt',
      ].sort(),
    );
    expect(playera).toMatchObject({
      nombre: 'Playera Nike 1 Negro',
      precio: 249.5,
      promocion: false,
      precioPromocion: 0,
      tallas: 'S,M,L',
      cantidad: '2,0,3',
      tipo: 'Playera',
      genero: 'Hombre',
      especial: false,
    });
    expect(playera.imagenes.split(',')).toHaveLength(2);
  });

  test('prices are pesos; a promotion carries its price', async () => {
    const res = await shop.app.get('/api/productos/2');
    expect(res.body).toMatchObject({
      precio: 700,
      promocion: true,
      precioPromocion: 499,
      genero: 'Mujer',
      tallas: '28,30',
      cantidad: '1,4',
    });
  });

  test('GET /api/productos accepts the storefront’s filter parameters', async () => {
    const res = await shop.app.get('/api/productos?marca=Nike&marca=Levis%20Dama&precio=0-300');
    expect(res.body.map((p: { nombre: string }) => p.nombre)).toEqual(['Playera Nike 1 Negro']);
    const search = await shop.app.get('/api/productos?busqueda=pantalon');
    expect(search.body).toHaveLength(1);
    const paged = await shop.app.get('/api/productos?limite=1&desde=1');
    expect(paged.body.map((p: { id: number }) => p.id)).toEqual([2]);
  });

  test('a bad parameter answers 400 with a Spanish error', async () => {
    const res = await shop.app.get('/api/productos?precio=barato');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Rango de precio no válido: barato',
      reason: 'BAD_USER_INPUT',
    });
    const limit = await shop.app.get('/api/productos?limite=-3');
    expect(limit.status).toBe(400);
  });

  test('an unknown product answers 404 {error: "Producto no encontrado"}', async () => {
    const res = await shop.app.get('/api/productos/999');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Producto no encontrado', reason: 'NOT_FOUND' });
    expect((await shop.app.get('/api/productos/abc')).status).toBe(400);
  });

  test('GET /api/tipos, /api/marcas, /api/colores list {id, nombre}', async () => {
    const tipos = await shop.app.get('/api/tipos');
    expect(tipos.body).toEqual([
      { id: expect.any(Number), nombre: 'Pantalón' },
      { id: expect.any(Number), nombre: 'Playera' },
    ]);
    expect(
      (await shop.app.get('/api/marcas')).body.map((m: { nombre: string }) => m.nombre),
    ).toEqual(['Levis Dama', 'Nike']);
    expect((await shop.app.get('/api/colores')).body).toHaveLength(2);
  });

  test('an unknown /api path answers 404 JSON', async () => {
    const res = await shop.app.get('/api/nada');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Ruta no encontrada', reason: 'NOT_FOUND' });
  });

  test('every /api and /graphql response reports its SQL in Server-Timing', async () => {
    const rest = await shop.app.get('/api/productos');
    // The catalogue index's check for changes, then the page.
    expect(queryCount(rest.headers['server-timing'])).toBe(2);
    const notFound = await shop.app.get('/api/productos/999');
    expect(queryCount(notFound.headers['server-timing'])).toBe(1);
    const version = await shop.app.get('/api/version');
    expect(queryCount(version.headers['server-timing'])).toBe(0);
    const gql = await shop.app.gql(`{ appVersion }`);
    expect(gql.queries).toBe(0);
  });

  test('GET /healthz reports the database', async () => {
    const res = await shop.app.get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', database: 'ok' });
  });
});
