const wholePesoFormat = new Intl.NumberFormat('es-MX', {
  style: 'currency',
  currency: 'MXN',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

const centavoFormat = new Intl.NumberFormat('es-MX', {
  style: 'currency',
  currency: 'MXN',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * Integer centavos as es-MX currency, exact: a whole amount without cents (spec §7: 125000 →
 * "$1,250"), an amount with centavos with both digits (81850 → "$818.50", 125005 → "$1,250.05"),
 * so a shopper who transfers what we wrote pays the order to the centavo. The one money formatter
 * of the storefront, the back office and the shop's e-mails, so a shopper reads the same figures
 * everywhere. Negative amounts keep their sign ("-$50", "-$0.05"); -0 prints as "$0".
 */
export function formatMoney(cents: number): string {
  const exact = Math.round(cents);
  if (exact === 0) return wholePesoFormat.format(0); // also -0, which Intl prints as "-$0"
  // An integer divided by 100 is the nearest double to the decimal amount; two fraction digits
  // print it back exactly.
  return exact % 100 === 0
    ? wholePesoFormat.format(exact / 100)
    : centavoFormat.format(exact / 100);
}

/**
 * Integer centavos as a number of pesos, exact to the centavo (81850 → 818.5, 84705 → 847.05):
 * what a provider API (Mercado Pago's `unit_price`) or the REST facade's money fields take. An
 * integer divided by 100 is the double nearest the decimal, and JSON writes it back as that decimal.
 */
export function pesosAmount(cents: number): number {
  const pesos = Math.round(cents) / 100;
  return pesos === 0 ? 0 : pesos; // no -0 in a JSON body
}

/**
 * Integer centavos as a plain decimal of pesos with two digits, no float on the way
 * (125000 → "1250.00", 81850 → "818.50", -50 → "-0.50"): Open Graph's `product:price:amount` and
 * schema.org's `Offer.price`.
 */
export function decimalPesos(cents: number): string {
  const exact = Math.round(cents);
  const abs = Math.abs(exact);
  const sign = exact < 0 ? '-' : '';
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
