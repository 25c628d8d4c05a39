import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { brandOf } from '../src/modules/mail/brand.js';
import { mailboxTransport, transportFor } from '../src/modules/mail/transport.js';
import { MailWorker } from '../src/modules/mail/worker.js';
import { testApp } from './support/app.js';
import { shop, CLABE, placeOrder } from './support/mail-outbox.js';

/**
 * Where e-mail goes (support/mail-outbox.ts): nowhere in production without SMTP_URL, the
 * development mailbox at /dev/correo otherwise, and that mailbox absent in production.
 */

describe('transports', () => {
  test('production without SMTP_URL has none: e-mail is off and messages wait', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      ADMIN_EMAIL: 'admin@tienda.mx',
      ADMIN_PASSWORD: 'Admin-Segura-123',
      SESSION_SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'https://tienda.mx',
    });
    expect(config.mail.mailboxDir).toBeNull();
    expect(transportFor(config.mail)).toBeNull();
  });

  test('development without SMTP_URL keeps every message in the mailbox at /dev/correo', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'tienda-correo-'));
    const app = await testApp(shop.orm, {
      mail: { ...shop.app.config.mail, mailboxDir: dir, smtpUrl: undefined },
    });
    try {
      const { email, order } = await placeOrder();
      const dev = new MailWorker(shop.orm, {
        transport: mailboxTransport(dir),
        queue: app.mail,
        brand: brandOf(app.config),
        from: app.config.mail.from,
        log: () => undefined,
      });
      expect(await dev.drain()).toBe(2);
      const list = await app.get('/dev/correo/mensajes.json');
      expect(list.status).toBe(200);
      const mine = (list.body as { id: string; to: string; title: string; subject: string }[]).find(
        (m) => m.to === email,
      )!;
      expect(mine).toMatchObject({
        title: 'Pedido recibido',
        subject: `Recibimos tu pedido #${order.id}`,
      });
      const page = await app.get(`/dev/correo/${mine.id}`);
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.text).toContain(CLABE);
      const text = await app.get(`/dev/correo/${mine.id}.txt`);
      expect(text.text).toContain('$720');
      const listPage = await app.get('/dev/correo');
      expect(listPage.text).toContain(`Recibimos tu pedido #${order.id}`);
      const preview = await app.get('/dev/correo/plantillas/password-reset');
      expect(preview.status).toBe(200);
      expect(preview.text).toContain('restablecer-contrasena?token=');
      expect((await app.get('/dev/correo/../../etc/passwd')).status).toBe(404);
    } finally {
      await app.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('the development mailbox is absent in production', async () => {
    const app = await testApp(shop.orm, { nodeEnv: 'production' });
    try {
      expect((await app.get('/dev/correo')).status).toBe(404);
      expect((await app.get('/dev/correo/mensajes.json')).status).toBe(404);
      const logo = await app.get('/correo/logo.png');
      expect(logo.status).toBe(200);
      expect(logo.headers['content-type']).toBe('image/png');
      // Mail clients show it from another origin.
      expect(logo.headers['cross-origin-resource-policy']).toBe('cross-origin');
    } finally {
      await app.stop();
    }
  });
});
