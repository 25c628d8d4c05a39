/** What a shopper writes as the transfer's concept: the order number (spec §2). */
export function paymentConcept(orderId: number): string {
  return `Pedido ${orderId}`;
}

/** '5512345678' → '55 1234 5678' (other shapes are shown as they are). */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length !== 10) return phone;
  return `${digits.slice(0, 2)} ${digits.slice(2, 6)} ${digits.slice(6)}`;
}

/** Groups of four digits, as printed on cards and read aloud: '4152313312345678' → '4152 3133 1234 5678'. */
export function groupDigits(value: string): string {
  const digits = value.replace(/\s/g, '');
  return digits.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * A WhatsApp chat with the shop's proof-of-payment number (10 Mexican digits, country code 52),
 * with a first message naming the order.
 */
export function proofOfPaymentUrl(phone: string, orderId: number): string {
  const digits = phone.replace(/\D/g, '');
  const international = digits.length === 10 ? `52${digits}` : digits;
  const text = `Hola, les envío el comprobante de pago del pedido #${orderId}.`;
  return `https://wa.me/${international}?text=${encodeURIComponent(text)}`;
}

const dateFormat = new Intl.DateTimeFormat('es-MX', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'America/Mexico_City',
});

/**
 * '2026-11-23T19:05:00Z' → '23 de noviembre de 2026, 1:05 p.m.': the shop's clock (Mexico City),
 * as the e-mails and the payment deadline say it, whatever the browser's time zone.
 */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/** A positive whole id from the query string (`?direccion=12`, `?idPedido=7`), else null. */
export function parseIdParam(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return null;
  const id = Number(value.trim());
  return id > 0 ? id : null;
}
