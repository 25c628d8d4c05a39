import { shopWith, type HttpClient } from './app.js';

/**
 * Accounts (spec §5): the shop with no products that accounts-registration.test.ts,
 * accounts-sessions.test.ts and accounts-users.test.ts each get (importing this module registers
 * the hooks that give the importing test file its own database), and how they read a session.
 */
export const shop = shopWith([]);

export const ME = `{ me { id name email role phone } }`;

export function setCookie(res: { headers: Record<string, unknown> }): string {
  const cookies = (res.headers['set-cookie'] as string[] | undefined) ?? [];
  const session = cookies.find((c) => c.startsWith('tienda_sesion='));
  if (!session) throw new Error(`sin cookie de sesión: ${JSON.stringify(cookies)}`);
  return session;
}

export async function me(client: HttpClient, cookie?: string) {
  const res = await client.send(
    'post',
    '/graphql',
    { query: ME },
    cookie ? { Cookie: cookie } : {},
  );
  return (res.body as { data: { me: { email: string } | null } }).data.me;
}
