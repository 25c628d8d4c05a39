import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { ROOT_DIR } from '../src/config.js';
import { logoPng } from '../src/modules/mail/logo.js';
import { MAIL_KINDS, type MailMessage, type MailOrder } from '../src/modules/mail/messages.js';
import { mailSubject, renderMail } from '../src/modules/mail/render.js';
import {
  SAMPLE_BANK,
  SAMPLE_BRAND,
  SAMPLE_BULK_ORDER,
  SAMPLE_MESSAGES,
  SAMPLE_ORDER,
} from '../src/modules/mail/samples.js';
import { formatMoney } from '@tienda/rules';
import {
  formatDateTime,
  formatMinutes,
  proofOfPaymentUrl,
} from '../src/modules/mail/templates/format.js';

const brand = SAMPLE_BRAND;

function sample<K extends MailMessage['kind']>(kind: K): Extract<MailMessage, { kind: K }> {
  const found = SAMPLE_MESSAGES.find((m) => m.kind === kind);
  if (!found) throw new Error(`No sample for ${kind}`);
  return found as Extract<MailMessage, { kind: K }>;
}

/** The html's visible text, without tags (React may split text across elements). */
function visibleText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}

describe('formatting', () => {
  test('money is es-MX pesos, cents dropped only when there are none: $1,250, $299.99', () => {
    expect(formatMoney(125000)).toBe('$1,250');
    expect(formatMoney(29999)).toBe('$299.99');
    expect(formatMoney(81850)).toBe('$818.50');
    expect(formatMoney(0)).toBe('$0');
  });
  test('dates are Mexico City time in es-MX', () => {
    expect(formatDateTime('2026-11-25T19:05:00Z')).toBe('25 de noviembre de 2026, 1:05 p.m.');
  });
  test('validity periods read as words', () => {
    expect(formatMinutes(60)).toBe('una hora');
    expect(formatMinutes(120)).toBe('2 horas');
    expect(formatMinutes(30)).toBe('30 minutos');
  });
});

describe('samples', () => {
  test('there is exactly one per kind', () => {
    expect(SAMPLE_MESSAGES.map((m) => m.kind).sort()).toEqual([...MAIL_KINDS].sort());
  });
  test('their orders add up', () => {
    for (const order of [SAMPLE_ORDER, SAMPLE_BULK_ORDER]) {
      const subtotal = order.lines.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0);
      expect(order.subtotalCents).toBe(subtotal);
      expect(order.totalCents).toBe(subtotal + order.shippingCents - order.discountCents);
    }
  });
});

describe('every message', () => {
  test.each(SAMPLE_MESSAGES.map((m) => [m.kind, m] as const))(
    '%s renders in Spanish with the brand, a preview and a text part',
    async (_kind, message) => {
      const mail = await renderMail(message, brand);
      expect(mail.subject).toBe(mailSubject(message));
      expect(mail.subject.trim().length).toBeGreaterThan(5);
      expect(mail.subject).toMatch(/pedido|contraseña|aviso|llegó/i);
      expect(mail.html).toContain('<html dir="ltr" lang="es">');
      expect(mail.html).toContain(`src="${brand.logoUrl}"`);
      expect(mail.html).toContain(`alt="${brand.name}"`);
      expect(mail.html).toContain('data-skip-in-text="true"'); // the <Preview> line
      expect(mail.html).not.toMatch(/<style|<script|class="/i);
      expect(mail.html).not.toContain('<!-- -->');
      // The footer's contact links.
      expect(mail.html).toContain(`href="${brand.whatsappUrl}"`);
      expect(mail.html).toContain(`href="${brand.facebookUrl}"`);
      expect(mail.text.length).toBeGreaterThan(100);
      expect(mail.text).toContain(brand.name);
      expect(mail.text).not.toMatch(/<[a-z]/i);
      // Every link of the html is absolute and written out in the text part.
      const hrefs = [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) =>
        m[1]!.replace(/&amp;/g, '&'),
      );
      expect(hrefs.length).toBeGreaterThan(1);
      for (const href of hrefs) {
        expect(href).toMatch(/^(https:\/\/|mailto:)/);
        if (href.startsWith('https://')) expect(mail.text).toContain(href);
      }
    },
  );
});

describe('exact amounts', () => {
  /** 3 × $199.50 + $220 shipping = $818.50: an order whose amounts have centavos. */
  const centavos: MailOrder = {
    ...SAMPLE_ORDER,
    lines: [
      {
        productName: 'Playera Nike 77 Negro',
        size: 'M',
        quantity: 3,
        unitPriceCents: 199_50,
        onPromotion: false,
      },
    ],
    subtotalCents: 598_50,
    shippingCents: 220_00,
    discountCents: 0,
    totalCents: 818_50,
  };

  test.each(SAMPLE_MESSAGES.filter((m) => 'order' in m.props).map((m) => [m.kind, m] as const))(
    'rule exact amounts: %s writes $818.50 (its total, where shown) and $199.50 c/u, never $818',
    async (_kind, sampleMessage) => {
      const message = {
        ...sampleMessage,
        props: { ...sampleMessage.props, order: centavos },
      } as MailMessage;
      const mail = await renderMail(message, brand);
      for (const part of [visibleText(mail.html), mail.text]) {
        // The shipping notice lists what was sent, without the order's total.
        if (message.kind !== 'order-shipped') expect(part).toContain('$818.50');
        expect(part).toContain('Cantidad 3 · $199.50 c/u');
        expect(part).toContain('$598.50');
        expect(part).not.toMatch(/\$818(?!\.50)|\$199(?!\.50)/);
      }
      if (message.kind === 'order-received' || message.kind === 'payment-reminder') {
        expect(mail.text).toContain('Transfiere o deposita $818.50 con estos datos');
      }
      if (message.kind === 'shop-new-order') expect(mail.subject).toContain('$818.50');
    },
  );
});

describe('order-received', () => {
  const message = sample('order-received');
  const { order } = message.props;
  const paymentLink = `${brand.publicUrl}/#/pago?idPedido=${order.id}`;
  const waLink = proofOfPaymentUrl(SAMPLE_BANK, order.id);

  test('subject names the order', () => {
    expect(mailSubject(message)).toBe(`Recibimos tu pedido #${order.id}`);
  });

  test('html and text carry the order, the amount and how to pay it', async () => {
    const mail = await renderMail(message, brand);
    expect(formatMoney(order.totalCents)).toBe('$2,716');
    expect(waLink).toBe(
      'https://wa.me/525512345678?text=' +
        encodeURIComponent(`Hola, les envío el comprobante de pago del pedido #${order.id}.`),
    );
    for (const part of [visibleText(mail.html), mail.text]) {
      expect(part).toContain(`#${order.id}`);
      expect(part).toContain('$2,716');
      expect(part).toContain(SAMPLE_BANK.clabe);
      expect(part).toContain(SAMPLE_BANK.bank);
      expect(part).toContain(SAMPLE_BANK.holder);
      expect(part).toContain(SAMPLE_BANK.account);
      expect(part).toContain(SAMPLE_BANK.card);
      expect(part).toContain(`Pedido ${order.id}`);
      expect(part).toContain('María Fernanda López');
      expect(part).toContain('Talla 26');
      expect(part).toContain('Cantidad 2');
      expect(part).toContain('$349 c/u');
      expect(part).toContain('$698');
      expect(part).toContain('Subtotal');
      expect(part).toContain('Envío');
      expect(part).toContain('72 horas');
      expect(part).toContain('OXXO');
      expect(part).toContain('de 3 a 5 días hábiles después de confirmar tu transferencia');
      expect(part).toContain(order.address);
    }
    expect(mail.html).toContain(`href="${paymentLink}"`);
    expect(mail.html).toContain(`href="${waLink}"`);
    expect(mail.text).toContain(paymentLink);
    expect(mail.text).toContain(waLink);
    expect(mail.text).toContain('Ver datos de pago');
  });

  test('the bulk discount shows only when there is one, as a negative amount', async () => {
    const without = await renderMail(message, brand);
    expect(without.html).not.toContain('Descuento por mayoreo');
    expect(without.text).not.toContain('Descuento por mayoreo');

    const bulk: MailMessage = {
      kind: 'order-received',
      props: { ...message.props, order: SAMPLE_BULK_ORDER },
    };
    const withDiscount = await renderMail(bulk, brand);
    for (const part of [withDiscount.html, withDiscount.text]) {
      expect(part).toContain('Descuento por mayoreo');
      expect(part).toContain('−$300');
      expect(part).toContain('$3,713');
    }
  });

  test('customer and product names are escaped', async () => {
    const evil: MailOrder = {
      ...order,
      customerName: '<script>alert(1)</script>',
      address: '<b onmouseover="alert(2)">Calle</b>',
      lines: [{ ...order.lines[0]!, productName: '<img src=x onerror=alert(3)>' }],
    };
    const mail = await renderMail(
      { kind: 'order-received', props: { ...message.props, order: evil } },
      brand,
    );
    expect(mail.html).not.toContain('<script');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).not.toContain('<b onmouseover');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(3)&gt;');
    expect(mail.text).toContain('<script>alert(1)</script>');

    const admin = await renderMail(
      { kind: 'shop-new-order', props: { order: evil, event: 'created' } },
      brand,
    );
    expect(admin.html).not.toContain('<script');
    expect(admin.html).toContain('&lt;script&gt;');
  });
});

describe('order-shipped', () => {
  const message = sample('order-shipped');
  const tracking = message.props.order.tracking!;

  test('links to the carrier tracking page with the guide number', async () => {
    const mail = await renderMail(message, brand);
    const url = `https://www.estafeta.com/rastrear-envio?guias=${tracking}`;
    expect(mail.subject).toBe(`Tu pedido #${message.props.order.id} va en camino`);
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.text).toContain(url);
    expect(mail.text).toContain(tracking);
    expect(mail.text).toContain('Estafeta');
    expect(mail.text).toContain(`${brand.publicUrl}/#/mis-pedidos`);
  });

  test('encodes the guide number in the link', async () => {
    const mail = await renderMail(
      { kind: 'order-shipped', props: { order: { ...message.props.order, tracking: 'AB 12&3' } } },
      brand,
    );
    expect(mail.text).toContain('https://www.estafeta.com/rastrear-envio?guias=AB%2012%263');
  });

  test('without a guide number, points to Mis pedidos', async () => {
    const mail = await renderMail(
      { kind: 'order-shipped', props: { order: { ...message.props.order, tracking: null } } },
      brand,
    );
    expect(mail.html).not.toContain('estafeta.com');
    expect(mail.text).toMatch(/número de guía aparecerá en Mis pedidos/);
    expect(mail.text).toContain(`${brand.publicUrl}/#/mis-pedidos`);
  });
});

describe('other kinds', () => {
  test('payment-confirmed links to the customer orders', async () => {
    const mail = await renderMail(sample('payment-confirmed'), brand);
    expect(mail.subject).toBe('Confirmamos el pago de tu pedido #1042');
    expect(mail.text).toContain('$2,716');
    expect(mail.text).toContain(`${brand.publicUrl}/#/mis-pedidos`);
  });

  test('payment-reminder carries the deadline and the payment details', async () => {
    const mail = await renderMail(sample('payment-reminder'), brand);
    expect(mail.subject).toBe('Tu pedido #1042 espera tu pago');
    expect(mail.text).toContain('28 de noviembre de 2026, 1:05 p.m.');
    expect(mail.text).toContain(SAMPLE_BANK.clabe);
    expect(mail.text).toContain('Pedido 1042');
    expect(mail.text).toContain(`${brand.publicUrl}/#/pago?idPedido=1042`);
  });

  test('order-cancelled links to the catalogue and to WhatsApp', async () => {
    const mail = await renderMail(sample('order-cancelled'), brand);
    expect(mail.subject).toBe('Cancelamos tu pedido #1042 por falta de pago');
    expect(mail.text).toContain(`${brand.publicUrl}/#/inicio`);
    expect(mail.text).toContain(brand.whatsappUrl);
  });

  test('shop-new-order names the event and the total in the subject', async () => {
    const message = sample('shop-new-order');
    expect(mailSubject(message)).toBe('Pedido #1043 pagado: $3,713');
    expect(
      mailSubject({ kind: 'shop-new-order', props: { ...message.props, event: 'created' } }),
    ).toBe('Nuevo pedido #1043: $3,713');
    const mail = await renderMail(message, brand);
    expect(mail.text).toContain('José Luis Hernández');
    expect(mail.text).toContain('joseluis.hdz@example.com');
    expect(mail.text).toContain('Pagado');
    expect(mail.text).toContain(`${brand.publicUrl}/#/admin/pedidos`);
  });

  test('password-reset carries the absolute reset link with the token', async () => {
    const message = sample('password-reset');
    const mail = await renderMail(message, brand);
    const url = `${brand.publicUrl}/#/restablecer-contrasena?token=${message.props.token}`;
    expect(mail.subject).toBe('Restablece tu contraseña');
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.text).toContain(url);
    expect(mail.text).toContain('una hora');
    expect(mail.text).toContain('tu contraseña no cambia');

    const odd = await renderMail(
      { kind: 'password-reset', props: { ...message.props, token: 'a+b/c=' } },
      brand,
    );
    expect(odd.text).toContain('restablecer-contrasena?token=a%2Bb%2Fc%3D');
  });

  test('password-changed says when and how to take the account back', async () => {
    const mail = await renderMail(sample('password-changed'), brand);
    expect(mail.subject).toBe('Tu contraseña cambió');
    expect(mail.text).toContain('25 de noviembre de 2026, 1:20 p.m.');
    expect(mail.text).toContain(`${brand.publicUrl}/#/olvide-contrasena`);
    expect(mail.text).toContain(brand.whatsappUrl);
  });
});

describe("'Avísame cuando llegue' messages", () => {
  test('stock-alert-confirm carries the absolute confirmation link with the token', async () => {
    const message = sample('stock-alert-confirm');
    const mail = await renderMail(message, brand);
    const url = `${brand.publicUrl}/#/avisos/confirmar?token=${message.props.token}`;
    expect(mail.subject).toBe('Confirma tu aviso: Tenis Nike Revolution 7 negro, talla 27');
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.text).toContain(url);
    expect(mail.text).toContain('sin confirmar no te escribiremos');
  });

  test('back-in-stock links to the product and says it is the only one', async () => {
    const mail = await renderMail(sample('back-in-stock'), brand);
    expect(mail.subject).toBe('Ya llegó: Tenis Nike Revolution 7 negro, talla 27');
    expect(mail.text).toContain('Hola, María Fernanda López:');
    expect(mail.text).toContain(`${brand.publicUrl}/#/producto/12`);
    expect(mail.text).toContain('Este es el único aviso que te enviaremos sobre esta talla.');
  });
});

describe('logoPng', () => {
  const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

  test('draws the favicon as a 96×96 PNG, once', async () => {
    const dir = path.join(ROOT_DIR, 'client', 'public');
    const png = await logoPng(dir);
    expect(png.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 96, 96]);
    expect(await logoPng(dir)).toBe(png);
  });

  test('without the favicon, draws the shop initial', async () => {
    const empty = await mkdtemp(path.join(os.tmpdir(), 'tienda-logo-'));
    const png = await logoPng(empty);
    expect(png.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
    expect((await sharp(png).metadata()).width).toBe(96);
  });
});

describe('adjustments by name (issue 24 item 1)', () => {
  /** The bulk sample plus a coupon: each adjustment is its own line, by the name the order keeps. */
  const withCoupon: MailOrder = {
    ...SAMPLE_BULK_ORDER,
    discountCents: 300_00 + 100_00,
    adjustments: [
      { label: 'Descuento por mayoreo', amountCents: 300_00 },
      { label: 'Cupón HOTSALE', amountCents: 100_00 },
    ],
    totalCents: SAMPLE_BULK_ORDER.totalCents - 100_00,
  };

  test("rule adjustments by name: 'Pedido recibido' lists 'Descuento por mayoreo −$300' and 'Cupón HOTSALE −$100'", async () => {
    const mail = await renderMail(
      { kind: 'order-received', props: { order: withCoupon, bank: SAMPLE_BANK, holdHours: 72 } },
      brand,
    );
    for (const part of [visibleText(mail.html), mail.text]) {
      expect(part).toMatch(/Descuento por mayoreo\s*−\$300/);
      expect(part).toMatch(/Cupón HOTSALE\s*−\$100/);
    }
  });

  test("a snapshot queued before adjustments existed shows its discount as 'Descuento por mayoreo'", async () => {
    const old: MailOrder = { ...SAMPLE_BULK_ORDER };
    delete old.adjustments;
    const mail = await renderMail(
      { kind: 'order-received', props: { order: old, bank: SAMPLE_BANK, holdHours: 72 } },
      brand,
    );
    expect(mail.text).toMatch(/Descuento por mayoreo\s*−\$300/);
  });

  test('an order without adjustments lists none', async () => {
    const mail = await renderMail(
      { kind: 'order-received', props: { order: SAMPLE_ORDER, bank: SAMPLE_BANK, holdHours: 72 } },
      brand,
    );
    expect(visibleText(mail.html)).not.toContain('Descuento');
  });
});
