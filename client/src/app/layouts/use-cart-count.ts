import { useCart } from '../../shared/cart/use-cart';

/** Units in the signed-in shopper's cart (`cart.itemCount`), for the badges; 0 when signed out. */
export function useCartCount(): number {
  const { data } = useCart();
  return data?.cart.itemCount ?? 0;
}
