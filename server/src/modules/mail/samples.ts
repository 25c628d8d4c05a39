import type { MailBankDetails, MailMessage, MailOrder, ShopBrand } from './messages.js';

/**
 * One realistic message of each kind, for the development preview page and the tests. The bank
 * details are the demo defaults of config.ts (SHOP_BANK_*), written out here.
 */

/** The demo bank details (config.ts's defaults). */
export const SAMPLE_BANK: MailBankDetails = {
  bank: 'BBVA México',
  holder: 'Tienda Demo S.A. de C.V.',
  account: '0123456789',
  clabe: '012180001234567899',
  card: '4152 3138 0000 0000',
  proofPhone: '5512345678',
};

/** A brand as the settings would give it, for previews and tests. */
export const SAMPLE_BRAND: ShopBrand = {
  name: 'Tienda',
  publicUrl: 'https://tienda.example.mx',
  logoUrl: 'https://tienda.example.mx/correo/logo.png',
  whatsappUrl: 'https://wa.me/525512345678',
  facebookUrl: 'https://www.facebook.com/tienda.demo',
  trackingUrlTemplate: 'https://www.estafeta.com/rastrear-envio?guias={guia}',
  carrier: 'Estafeta',
};

/** A customer's order of three lines, one on promotion: $2,496 + $220 shipping = $2,716. */
export const SAMPLE_ORDER: MailOrder = {
  id: 1042,
  createdAt: '2026-11-25T19:05:00.000Z',
  status: 'En espera de pago',
  customerName: 'María Fernanda López',
  customerEmail: 'maria.lopez@example.com',
  lines: [
    {
      productName: 'Tenis Nike Revolution 7 negro',
      size: '26',
      quantity: 1,
      unitPriceCents: 1_299_00,
      onPromotion: false,
    },
    {
      productName: 'Playera deportiva Adidas Essentials',
      size: 'M',
      quantity: 2,
      unitPriceCents: 349_00,
      onPromotion: false,
    },
    {
      productName: 'Sudadera Puma con capucha gris',
      size: 'L',
      quantity: 1,
      unitPriceCents: 499_00,
      onPromotion: true,
    },
  ],
  subtotalCents: 2_496_00,
  shippingCents: 220_00,
  discountCents: 0,
  adjustments: [],
  totalCents: 2_716_00,
  tracking: null,
  address: 'Av. Juárez 10 Int. 4, Centro, Cuauhtémoc, Ciudad de México, C.P. 06000',
};

/**
 * A bulk order (6 units not on promotion earn $50 each off): $3,793 + $220 − $300 = $3,713.
 */
export const SAMPLE_BULK_ORDER: MailOrder = {
  id: 1043,
  createdAt: '2026-11-26T16:42:00.000Z',
  status: 'Pagado',
  customerName: 'José Luis Hernández',
  customerEmail: 'joseluis.hdz@example.com',
  lines: [
    {
      productName: 'Tenis Nike Revolution 7 negro',
      size: '27',
      quantity: 2,
      unitPriceCents: 1_299_00,
      onPromotion: false,
    },
    {
      productName: 'Calcetas deportivas Puma (paquete de 3)',
      size: 'M',
      quantity: 4,
      unitPriceCents: 199_00,
      onPromotion: false,
    },
    {
      productName: 'Gorra New Era 9FORTY',
      size: 'Unitalla',
      quantity: 1,
      unitPriceCents: 399_00,
      onPromotion: true,
    },
  ],
  subtotalCents: 3_793_00,
  shippingCents: 220_00,
  discountCents: 300_00,
  adjustments: [{ label: 'Descuento por mayoreo', amountCents: 300_00 }],
  totalCents: 3_713_00,
  tracking: null,
  address: 'Calle Morelos S/N Depto. 2, Americana, Guadalajara, Jalisco, C.P. 44160',
};

export const SAMPLE_MESSAGES: MailMessage[] = [
  {
    kind: 'order-received',
    props: { order: SAMPLE_ORDER, bank: SAMPLE_BANK, holdHours: 72 },
  },
  {
    kind: 'payment-confirmed',
    props: { order: { ...SAMPLE_ORDER, status: 'Pagado' } },
  },
  {
    kind: 'order-shipped',
    props: { order: { ...SAMPLE_ORDER, status: 'Enviado', tracking: '8055241528464720099374' } },
  },
  {
    kind: 'payment-reminder',
    props: { order: SAMPLE_ORDER, bank: SAMPLE_BANK, releaseAt: '2026-11-28T19:05:00.000Z' },
  },
  {
    kind: 'order-cancelled',
    props: { order: { ...SAMPLE_ORDER, status: 'Cancelado por falta de pago' } },
  },
  {
    kind: 'shop-new-order',
    props: { order: SAMPLE_BULK_ORDER, event: 'paid' },
  },
  {
    kind: 'password-reset',
    props: { name: 'María Fernanda López', token: 'q7Vd2kP9xYh4TzL0mW3bNc8R', validMinutes: 60 },
  },
  {
    kind: 'password-changed',
    props: { name: 'María Fernanda López', changedAt: '2026-11-25T19:20:00.000Z' },
  },
  {
    kind: 'stock-alert-confirm',
    props: {
      productId: 12,
      productName: 'Tenis Nike Revolution 7 negro',
      size: '27',
      token: 'Xk3pQ9vLm2Ty7RbN4cWd8Hs1',
    },
  },
  {
    kind: 'back-in-stock',
    props: {
      productId: 12,
      productName: 'Tenis Nike Revolution 7 negro',
      size: '27',
      name: 'María Fernanda López',
    },
  },
  {
    kind: 'return-update',
    props: {
      step: 'refunded',
      returnId: 7,
      orderId: 1042,
      name: 'María Fernanda López',
      lines: [
        { productName: 'Tenis Nike Revolution 7 negro', size: '26', quantity: 1, newSize: null },
      ],
      refundCents: 1_099_00,
      refundWay: 'transferencia a la CLABE terminada en 7771',
      exchangeOrderId: null,
    },
  },
  {
    kind: 'invoice-issued',
    props: {
      orderId: 1042,
      uuid: '8A3F2C1E-5B7D-4E9A-9C0B-1D2E3F4A5B6C',
      rfc: 'LOPM850101AB1',
      legalName: 'MARIA FERNANDA LOPEZ',
      totalCents: 184_900,
      name: 'María Fernanda López',
    },
  },
  {
    kind: 'credit-note-issued',
    props: {
      orderId: 1042,
      returnId: 17,
      uuid: '4C1B9E2D-7A3F-4D6B-8E0C-2F3A4B5C6D7E',
      relatedUuid: '8A3F2C1E-5B7D-4E9A-9C0B-1D2E3F4A5B6C',
      rfc: 'LOPM850101AB1',
      legalName: 'MARIA FERNANDA LOPEZ',
      totalCents: 59_933,
      name: 'María Fernanda López',
    },
  },
  {
    kind: 'order-refund',
    props: {
      step: 'refunded',
      orderId: 1042,
      name: 'María Fernanda López',
      amountCents: 1_319_00,
      clabeEnd: '7771',
    },
  },
];
