import type { BankTransferSettings } from '../../config.js';

/**
 * The messages the shop sends, and the typed props each template takes. The props are what the
 * outbox stores (a JSON snapshot taken in the transaction of the change that caused the
 * message); the shop's brand (name, logo, links) is added when the message is rendered, so a
 * changed setting applies to messages still waiting.
 */

/** The shop as every message shows it: from settings, never stored in the outbox. */
export interface ShopBrand {
  /** The settings' shop name ('Tienda' unless SHOP_NAME or Ajustes say otherwise). */
  name: string;
  /** Absolute address of the shop (PUBLIC_URL), without a trailing slash. */
  publicUrl: string;
  /** Absolute URL of a PNG logo (mail clients do not show SVG). */
  logoUrl: string;
  whatsappUrl: string;
  facebookUrl: string;
  /** Carrier tracking page; `{guia}` is replaced by the tracking number. */
  trackingUrlTemplate: string;
  /** The carrier's name as a shopper reads it ('Estafeta'). */
  carrier: string;
}

export interface MailOrderLine {
  productName: string;
  size: string;
  quantity: number;
  unitPriceCents: number;
  onPromotion: boolean;
}

/** An order as the messages show it (a snapshot at the moment of the event). */
export interface MailOrder {
  id: number;
  /** ISO 8601. */
  createdAt: string;
  status: string;
  customerName: string;
  customerEmail: string;
  lines: MailOrderLine[];
  subtotalCents: number;
  shippingCents: number;
  discountCents: number;
  /**
   * The named adjustments ('Descuento por mayoreo', a coupon…), as the order keeps them. Absent
   * from the snapshots queued before adjustments existed: their one discount was the bulk one.
   */
  adjustments?: { label: string; amountCents: number }[];
  totalCents: number;
  tracking: string | null;
  /** One line, e.g. 'Av. Juárez 10, Centro, Cuauhtémoc, CDMX, 06000'; null when unknown. */
  address: string | null;
}

/** How to pay by transfer or OXXO deposit (the payment page's details). */
export type MailBankDetails = BankTransferSettings;

export interface MailProps {
  /** To the customer, on checkout. */
  'order-received': { order: MailOrder; bank: MailBankDetails; holdHours: number };
  /** To the customer, when the status becomes paid (admin or Mercado Pago). */
  'payment-confirmed': { order: MailOrder };
  /** To the customer, when the status becomes 'Enviado'. */
  'order-shipped': { order: MailOrder };
  /** To the customer, once, about 24 h before an unpaid order is released. */
  'payment-reminder': { order: MailOrder; bank: MailBankDetails; releaseAt: string };
  /** To the customer, when the unpaid order is released ('Cancelado por falta de pago'). */
  'order-cancelled': { order: MailOrder };
  /** To the shop (SHOP_ORDERS_EMAIL or the admins), on checkout and on payment. */
  'shop-new-order': { order: MailOrder; event: 'created' | 'paid' };
  /** To the account's address: the reset link (valid `validMinutes`). */
  'password-reset': { name: string; token: string; validMinutes: number };
  /** To the account's address, after a reset or a change. */
  'password-changed': { name: string; changedAt: string };
  /**
   * To a visitor's address that asked for a back-in-stock alert: the link that confirms it (the
   * token is a secret prop).
   */
  'stock-alert-confirm': { productId: number; productName: string; size: string; token: string };
  /**
   * To whoever asked, once, when the size came back (queued by the `product_stock` trigger of
   * Migration20261127110000StockAlerts; `name` is '' for a visitor).
   */
  'back-in-stock': { productId: number; productName: string; size: string; name: string };
  /**
   * To the customer, once, when their order's CFDI was stamped (modules/invoicing): the PDF and
   * the XML go as attachments.
   */
  'invoice-issued': {
    orderId: number;
    uuid: string;
    rfc: string;
    legalName: string;
    totalCents: number;
    name: string;
  };
  /**
   * To the customer, once, when a refunded return's credit note (CFDI egreso) was stamped
   * (modules/invoicing/credit-notes.ts): the PDF and the XML go as attachments.
   */
  'credit-note-issued': {
    orderId: number;
    returnId: number;
    uuid: string;
    /** The UUID of the invoice it corrects. */
    relatedUuid: string;
    rfc: string;
    legalName: string;
    totalCents: number;
    name: string;
  };
  /**
   * To the customer, at each step of a return (modules/returns): requested, received, refunded,
   * and the exchange's new size shipped.
   */
  'return-update': ReturnMailProps;
  /**
   * To the customer of a transfer-paid order 'Cancelado con reembolso' (modules/returns'
   * transfer-refunds.ts): 'pending' with the cancellation, 'refunded' once the admin sent it.
   */
  'order-refund': {
    step: 'pending' | 'refunded';
    orderId: number;
    name: string;
    amountCents: number;
    /** The CLABE's last four digits, once refunded. */
    clabeEnd: string | null;
  };
}

/** A return as its e-mails tell it. */
export interface ReturnMailProps {
  step: 'requested' | 'received' | 'refunded' | 'exchange-shipped';
  returnId: number;
  orderId: number;
  name: string;
  lines: { productName: string; size: string; quantity: number; newSize: string | null }[];
  /** What is refunded (centavos); 0 for an exchange only. */
  refundCents: number;
  /** 'Mercado Pago' or 'transferencia a la CLABE …1234' once refunded; null before. */
  refundWay: string | null;
  /** The order that ships the exchange, once shipped. */
  exchangeOrderId: number | null;
}

export type MailKind = keyof MailProps;

export const MAIL_KINDS = [
  'order-received',
  'payment-confirmed',
  'order-shipped',
  'payment-reminder',
  'order-cancelled',
  'shop-new-order',
  'password-reset',
  'password-changed',
  'stock-alert-confirm',
  'back-in-stock',
  'return-update',
  'invoice-issued',
  'credit-note-issued',
  'order-refund',
] as const satisfies readonly MailKind[];

/** What a person reads for each kind (the admin's order page, the development mailbox). */
export const MAIL_TITLES: Record<MailKind, string> = {
  'order-received': 'Pedido recibido',
  'payment-confirmed': 'Pago confirmado',
  'order-shipped': 'Pedido enviado',
  'payment-reminder': 'Recordatorio de pago',
  'order-cancelled': 'Pedido cancelado por falta de pago',
  'shop-new-order': 'Nuevo pedido',
  'password-reset': 'Restablecer contraseña',
  'password-changed': 'Tu contraseña cambió',
  'stock-alert-confirm': 'Confirmar aviso de existencias',
  'back-in-stock': 'Aviso: ya llegó tu talla',
  'return-update': 'Devolución o cambio',
  'invoice-issued': 'Factura (CFDI)',
  'credit-note-issued': 'Nota de crédito (CFDI de egreso)',
  'order-refund': 'Reembolso por transferencia',
};

/** One message: its kind and that kind's props. */
export type MailMessage = { [K in MailKind]: { kind: K; props: MailProps[K] } }[MailKind];

/** A message ready for the transport. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}
