import type { MailBankDetails, MailOrder, ShopBrand } from '../messages.js';
import { trackingUrlOf } from '@tienda/rules';

/**
 * How the messages write dates, numbers and the shop's links. Money is written by @tienda/rules'
 * formatMoney, the storefront's own, and the payment details follow the storefront's rules
 * (client/src/store/orders/payment-info.ts), so a shopper reads the same figures in the mail and
 * on the payment page.
 */

/** The shop's time zone: every date in a message is the time in central Mexico. */
export const SHOP_TIME_ZONE = 'America/Mexico_City';

const dayFormat = new Intl.DateTimeFormat('es-MX', { dateStyle: 'long', timeZone: SHOP_TIME_ZONE });
const timeFormat = new Intl.DateTimeFormat('es-MX', {
  timeStyle: 'short',
  timeZone: SHOP_TIME_ZONE,
});

/**
 * '2026-11-25T19:05:00Z' → '25 de noviembre de 2026, 1:05 p.m.' (Mexico City time). Day and time
 * are formatted apart so the ICU version's joiner ('a las' or ', ') does not change the text.
 */
export function formatDateTime(iso: string | Date): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return String(iso);
  return `${dayFormat.format(date)}, ${timeFormat.format(date)}`;
}

/** 60 → 'una hora', 120 → '2 horas', 30 → '30 minutos', 1 → 'un minuto'. */
export function formatMinutes(minutes: number): string {
  if (minutes >= 60 && minutes % 60 === 0) {
    const hours = minutes / 60;
    return hours === 1 ? 'una hora' : `${hours} horas`;
  }
  return minutes === 1 ? 'un minuto' : `${minutes} minutos`;
}

/** 72 → '72 horas', 1 → 'una hora'. */
export function formatHours(hours: number): string {
  return hours === 1 ? 'una hora' : `${hours} horas`;
}

/** What a shopper writes as the transfer's concept: the order number (spec §2). */
export function paymentConcept(orderId: number): string {
  return `Pedido ${orderId}`;
}

/** Digits only: '4152 3138 0000 0000' → '4152313800000000'. */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/** Groups of four digits, as printed on cards: '4152313800000000' → '4152 3138 0000 0000'. */
export function groupDigits(value: string): string {
  return value.replace(/\s/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/** '5512345678' → '55 1234 5678' (other shapes are shown as they are). */
export function formatPhone(phone: string): string {
  const digits = digitsOnly(phone);
  if (digits.length !== 10) return phone;
  return `${digits.slice(0, 2)} ${digits.slice(2, 6)} ${digits.slice(6)}`;
}

/** A WhatsApp chat with the proof-of-payment number (country code 52) naming the order. */
export function proofOfPaymentUrl(bank: MailBankDetails, orderId: number): string {
  const digits = digitsOnly(bank.proofPhone);
  const international = digits.length === 10 ? `52${digits}` : digits;
  const text = `Hola, les envío el comprobante de pago del pedido #${orderId}.`;
  return `https://wa.me/${international}?text=${encodeURIComponent(text)}`;
}

/** The shop's absolute links (hash routes of the storefront, spec §2). */
export const shopLinks = {
  home: (brand: ShopBrand) => `${brand.publicUrl}/#/inicio`,
  payment: (brand: ShopBrand, orderId: number) => `${brand.publicUrl}/#/pago?idPedido=${orderId}`,
  myOrders: (brand: ShopBrand) => `${brand.publicUrl}/#/mis-pedidos`,
  /** The admin's orders page: it takes no search parameter, so it cannot open one order. */
  adminOrders: (brand: ShopBrand) => `${brand.publicUrl}/#/admin/pedidos`,
  resetPassword: (brand: ShopBrand, token: string) =>
    `${brand.publicUrl}/#/restablecer-contrasena?token=${encodeURIComponent(token)}`,
  forgotPassword: (brand: ShopBrand) => `${brand.publicUrl}/#/olvide-contrasena`,
  product: (brand: ShopBrand, productId: number) => `${brand.publicUrl}/#/producto/${productId}`,
  confirmStockAlert: (brand: ShopBrand, token: string) =>
    `${brand.publicUrl}/#/avisos/confirmar?token=${encodeURIComponent(token)}`,
  /** The carrier's tracking page for a guide number. */
  tracking: (brand: ShopBrand, tracking: string) =>
    trackingUrlOf(brand.trackingUrlTemplate, tracking),
};

/** Units in an order: the sum of its lines' quantities. */
export function unitsOf(order: MailOrder): number {
  return order.lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** 'Hola, María:' ('Hola:' without a name). */
export function greeting(name: string): string {
  const trimmed = name.trim();
  return trimmed ? `Hola, ${trimmed}:` : 'Hola:';
}
