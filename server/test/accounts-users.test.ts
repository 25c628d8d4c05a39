import { type HttpClient } from './support/app.js';
import { createUsers } from './support/fixtures.js';
import { shop } from './support/accounts.js';

/** The admin's list of users, paged on the server (support/accounts.ts). */

describe('users list (admin)', () => {
  let admin: HttpClient;
  beforeAll(async () => {
    await createUsers(
      shop.orm.em.fork(),
      Array.from({ length: 12 }, (_, i) => ({ email: `lista${i}@example.com` })),
    );
    await createUsers(shop.orm.em.fork(), [
      { email: 'admin-lista@example.com', password: 'Admin12345', role: 'admin' },
    ]);
    admin = shop.app.client();
    await admin.post('/api/auth/login', {
      email: 'admin-lista@example.com',
      password: 'Admin12345',
    });
  });

  test('10 per page with the total, server-side; never a password', async () => {
    const [{ n } = { n: 0 }] = await shop.orm.em
      .fork()
      .execute<{ n: number }[]>('select count(*)::int as n from app_user');
    const q = `query U($offset: Int!) { users(offset: $offset) { total items { id email role } } }`;
    const first = await admin.gql<{ users: { total: number; items: { id: number }[] } }>(q, {
      offset: 0,
    });
    expect(first.data!.users.total).toBe(n);
    expect(first.data!.users.items).toHaveLength(10);
    const ids = first.data!.users.items.map((u) => u.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const second = await admin.gql<{ users: { items: { id: number }[] } }>(q, { offset: 10 });
    expect(second.data!.users.items[0]!.id).toBeGreaterThan(ids.at(-1)!);

    const rest = await admin.get('/api/usuarios?limite=5&desde=2');
    expect(rest.status).toBe(200);
    expect(rest.headers['x-total-count']).toBe(String(n));
    expect(rest.body).toHaveLength(5);
    for (const user of rest.body as Record<string, unknown>[]) {
      expect(Object.keys(user).sort()).toEqual(
        [
          'createdAt',
          'email',
          'estado',
          'id',
          'idGoogle',
          'imgGoogle',
          'name',
          'rol',
          'telefono',
        ].sort(),
      );
    }
    const tooMany = await admin.gql(`{ users(limit: 101) { total } }`);
    expect(tooMany.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});
