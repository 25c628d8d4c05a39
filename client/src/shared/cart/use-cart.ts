import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { useSession } from '../session/use-session';
import { CartQuery } from './api';
import { announceCartNotices } from './cart-notices';

export interface UseCartOptions {
  /** The cart page asks the server every time it opens (reading it applies the clean-up). */
  fresh?: boolean;
}

/** The signed-in shopper's cart (skipped when nobody is signed in); its notices are announced. */
export function useCart({ fresh = false }: UseCartOptions = {}) {
  const { user } = useSession();
  const result = useQuery(CartQuery, {
    skip: user === null,
    fetchPolicy: fresh ? 'network-only' : 'cache-first',
    // After sign-out the store is reset while the badges still watch the cart: its
    // 'Debes iniciar sesión' answer must not fail the reset (the count just falls to 0).
    errorPolicy: 'all',
  });
  const notices = result.data?.cart.notices;
  useEffect(() => {
    if (notices) announceCartNotices(notices);
  }, [notices]);
  return result;
}
