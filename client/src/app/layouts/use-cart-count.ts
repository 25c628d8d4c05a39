/**
 * Number of units in the shopper's cart, for the sidebar badge.
 * Nobody can sign in yet and there is no cart: always 0 until the cart issue lands.
 */
export function useCartCount(): number {
  return 0;
}
