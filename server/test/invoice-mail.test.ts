import { randomBytes } from 'node:crypto';
import { brandOf } from '../src/modules/mail/brand.js';
import { smtpTransport } from '../src/modules/mail/transport.js';
import { MailWorker } from '../src/modules/mail/worker.js';
import { shopWith, type HttpClient } from './support/app.js';
import { startFacturapiStub, type FacturapiStub } from './support/facturapi-stub.js';
import { createUsers } from './support/fixtures.js';
import { ADD, ADDRESS, CHECKOUT, UPDATE } from './support/order-documents.js';
import { startTestSmtp, type TestSmtp } from './support/smtp.js';

/**
 * Issue 25 item 2's "e-mails the PDF and XML", all the way: after 'Facturar mi compra' the real
 * mail worker sends the outbox over SMTP to a local `smtp-server`, and the message that arrives
 * (parsed with mailparser, as a mail client would) carries the PDF and the XML with their names,
 * content types and exactly the bytes the PAC (the Facturapi stub) answered.
 */
let stub: FacturapiStub;
let smtp: TestSmtp;
const facturapi: { key?: string; url?: string } = {};
beforeAll(async () => {
  stub = await startFacturapiStub();
  facturapi.key = stub.key;
  facturapi.url = stub.url;
});
beforeEach(async () => {
  smtp = await startTestSmtp();
});
afterEach(async () => {
  await smtp.close();
});
afterAll(async () => {
  await stub.close();
});

const shop = shopWith([{ name: 'Playera Nike 1 Negro', price: 250, stock: { M: 50 } }], {
  rateLimits: false,
  facturapi,
});
const db = () => shop.orm.em.fork();

const worker = () =>
  new MailWorker(shop.orm, {
    transport: smtpTransport(smtp.url),
    queue: shop.app.mail,
    brand: brandOf(shop.app.config),
    from: shop.app.config.mail.from,
    log: () => undefined,
  });

/** What the PAC answers for one of its invoices' files, byte for byte. */
async function fromPac(invoiceId: string, file: 'pdf' | 'xml'): Promise<Buffer> {
  const res = await fetch(`${stub.url}/invoices/${invoiceId}/${file}`, {
    headers: { Authorization: `Bearer ${stub.key}` },
  });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

let admin: HttpClient;
beforeAll(async () => {
  await createUsers(db(), [
    { email: 'correo.facturas@example.com', password: 'Admin1234', role: 'admin' },
  ]);
  admin = shop.app.client();
  await admin.post('/api/auth/login', {
    email: 'correo.facturas@example.com',
    password: 'Admin1234',
  });
});

test("'Facturar mi compra' e-mails the PAC's PDF and XML, byte for byte, through the real worker and SMTP", async () => {
  const email = 'factura.correo@example.com';
  const [userId] = await createUsers(db(), [{ email, password: 'Compra1234', name: 'Ana' }]);
  const client = shop.app.client();
  await client.post('/api/auth/login', { email, password: 'Compra1234' });
  const saved = await client.put(`/api/usuarios/${userId}/datos-fiscales`, {
    rfc: 'EKU9003173C9',
    razonSocial: 'Escuela Kemper Urgate',
    regimenFiscal: '601',
    usoCfdi: 'G03',
    codigoPostal: '42501',
  });
  expect(saved.status).toBe(200);
  await client.gql(ADD, { p: 1, s: 'M', q: 2 });
  const address = await client.gql<{ addAddress: { id: number } }>(ADDRESS);
  const placed = await client.gql<{ checkout: { id: number } }>(CHECKOUT, {
    a: address.data!.addAddress.id,
    k: `factura-correo-${Date.now()}`,
  });
  const orderId = placed.data!.checkout.id;
  expect((await admin.gql(UPDATE, { id: orderId, input: { status: 'PAID' } })).errors).toBe(
    undefined,
  );

  const res = await client.post(`/api/pedidos/${orderId}/factura`);
  expect(res.status).toBe(200);
  const stamped = stub.invoices.find((i) => i.body.external_id === `pedido-${orderId}`)!;
  expect(res.body.uuid).toBe(stamped.uuid);

  // Everything in the outbox goes out (the order's own messages too), each once.
  expect(await worker().drain()).toBeGreaterThan(0);
  const [status] = await db().execute<{ status: string; last_error: string | null }[]>(
    `select status, last_error from mail_outbox where order_id = ? and kind = 'invoice-issued'`,
    [orderId],
  );
  expect(status).toEqual({ status: 'sent', last_error: null });
  const mails = smtp.received.filter(
    (m) => m.to === email && m.parsed.attachments.some((a) => a.filename?.endsWith('.pdf')),
  );
  expect(mails).toHaveLength(1);
  const mail = mails[0]!;
  expect(mail.text).toContain(stamped.uuid);

  const attached = mail.parsed.attachments.map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    disposition: a.contentDisposition,
    content: a.content,
  }));
  expect(attached.map(({ content: _, ...a }) => a)).toEqual([
    {
      filename: `factura-pedido-${orderId}.pdf`,
      contentType: 'application/pdf',
      disposition: 'attachment',
    },
    {
      filename: `factura-pedido-${orderId}.xml`,
      contentType: 'application/xml',
      disposition: 'attachment',
    },
  ]);
  const [pdf, xml] = await Promise.all([fromPac(stamped.id, 'pdf'), fromPac(stamped.id, 'xml')]);
  expect(attached[0]!.content.equals(pdf)).toBe(true);
  expect(attached[1]!.content.equals(xml)).toBe(true);
  expect(xml.toString()).toContain(stamped.uuid);

  // Running the worker again sends nothing more.
  expect(await worker().drain()).toBe(0);
  expect(smtp.received.filter((m) => m.to === email && m.subject === mail.subject)).toHaveLength(1);
});

test('any bytes survive the outbox: an attachment with all 256 byte values arrives unchanged', async () => {
  // A real PAC's PDF is binary (its second line is 4 bytes above 127, fonts compressed): the
  // outbox keeps bytea and sends base64, so no byte may be lost or re-encoded on the way.
  const binary = Buffer.concat([
    Buffer.from('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n', 'latin1'),
    Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
    randomBytes(70_000),
  ]);
  const em = db();
  await em.transactional(async (tx) => {
    await shop.app.mail.enqueue(tx, [
      {
        eventKey: `prueba-binaria-${Date.now()}`,
        recipient: 'binario@example.com',
        message: {
          kind: 'invoice-issued',
          props: {
            orderId: 1,
            uuid: '6F0A3C1E-0000-4000-8000-000000000000',
            rfc: 'EKU9003173C9',
            legalName: 'ESCUELA KEMPER URGATE',
            totalCents: 50000,
            name: 'Ana',
          },
        },
        attachments: [
          { filename: 'factura-ñandú.pdf', contentType: 'application/pdf', content: binary },
        ],
      },
    ]);
  });
  expect(await worker().drain()).toBe(1);
  const [mail] = smtp.received.filter((m) => m.to === 'binario@example.com');
  expect(mail!.parsed.attachments).toHaveLength(1);
  const [file] = mail!.parsed.attachments;
  expect(file!.filename).toBe('factura-ñandú.pdf');
  expect(file!.contentType).toBe('application/pdf');
  expect(file!.content.equals(binary)).toBe(true);
});
