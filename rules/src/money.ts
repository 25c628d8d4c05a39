const pesoFormat = new Intl.NumberFormat('es-MX', {
  style: 'currency',
  currency: 'MXN',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/**
 * Integer centavos as es-MX currency with the cents dropped (spec §7): 125000 → "$1,250",
 * 29999 → "$299". The one money formatter of the storefront and the shop's e-mails, so a shopper
 * reads the same figures in both.
 */
export function formatMoney(cents: number): string {
  const pesos = Math.trunc(cents / 100);
  // Math.trunc(-0.5) is -0, which Intl prints as "-$0".
  return pesoFormat.format(pesos === 0 ? 0 : pesos);
}
