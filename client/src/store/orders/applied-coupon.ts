import { normalizeCouponCode } from '@tienda/rules';

/**
 * The coupon the shopper applied on the order summary, kept for the browser tab
 * (sessionStorage) so a reload of /completar-compra keeps it and the checkout sends it. Only a
 * code the server accepted is kept; it is forgotten once the order exists, or when the server
 * refuses it.
 */
const KEY = 'tienda.cuponAplicado';

function tabStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined; // storage blocked by the browser: the code lives as long as the page
  }
}

export function readAppliedCoupon(storage: Storage | undefined = tabStorage()): string | null {
  try {
    const code = storage?.getItem(KEY);
    return code ? normalizeCouponCode(code) : null;
  } catch {
    return null;
  }
}

export function storeAppliedCoupon(
  code: string | null,
  storage: Storage | undefined = tabStorage(),
): void {
  try {
    if (code === null) storage?.removeItem(KEY);
    else storage?.setItem(KEY, code);
  } catch {
    // Full or blocked: the coupon is still applied on this page.
  }
}
