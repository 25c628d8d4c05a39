import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { takeLeaks } from './support/no-secrets.js';

describe('the whole-run check that no response carries a password hash', () => {
  test('it sees a hash in any response body, however it is written', async () => {
    const server = createServer((req, res) => {
      if (req.url === '/write') res.write('{"h":"$argon2id$v=19$m=19456,t=2,p=1$abc"');
      res.end(req.url === '/end' ? Buffer.from('{"password_hash":"x"}') : '}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      await fetch(`http://127.0.0.1:${port}/write`).then((r) => r.text());
      await fetch(`http://127.0.0.1:${port}/end`).then((r) => r.text());
      await fetch(`http://127.0.0.1:${port}/clean`).then((r) => r.text());
      const seen = takeLeaks();
      expect(seen).toHaveLength(2);
      expect(seen[0]).toContain('$argon2id$');
      expect(seen[1]).toContain('password_hash');
    } finally {
      server.close();
    }
  });
});
