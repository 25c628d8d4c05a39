import { Button, Link, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { LuShoppingBag } from 'react-icons/lu';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { AddToCartMutation } from '../../../shared/cart/api';
import { writeCart } from '../../../shared/cart/cart-cache';
import { actionFailureMessage } from '../../../shared/forms/server-errors';
import { returnToState } from '../../../shared/navigation/return-to';
import { useKeepFocus } from '../../../shared/focus/keep-focus';
import { notify } from '../../../shared/notifications/toaster';
import { SIGN_IN_PATH } from '../../../shared/session/sign-in-redirect';

export const LOGIN_REQUIRED_MESSAGE = 'Debes iniciar sesión para agregar productos al carrito';
export const ADDED_TO_CART_MESSAGE = 'Producto agregado al carrito';
export const ADD_TO_CART_FAILED_MESSAGE = 'No se pudo agregar el producto al carrito';
export const SIGN_IN_TO_ADD_LINK = 'Inicia sesión';
export const SIGN_IN_TO_ADD_REST = ' para agregarlo a tu carrito';

export interface AddToCartButtonProps {
  productId: number;
  /** The chosen size (undefined: none in stock to choose). */
  size: string | undefined;
  quantity: number;
  /** Whether the server says someone is signed in (adding to the cart requires it). */
  signedIn: boolean;
}

/** Runs `work` once the browser has painted the current frame (a task after the next frame). */
function afterNextPaint(work: () => void): void {
  requestAnimationFrame(() => setTimeout(work, 0));
}

/**
 * 'Agregar al carrito', with the mutation's state of its own: the tap re-renders this button
 * alone, not the product page around it. The button turns busy and is painted first; the
 * mutation (Apollo's request and cache work, tens of ms on a phone) starts right after that
 * paint.
 */
export function AddToCartButton({ productId, size, quantity, signedIn }: AddToCartButtonProps) {
  const location = useLocation();
  const [starting, setStarting] = useState(false);
  // A visitor who tapped it: the notification says why, and a link stays under the button to
  // sign in and come back to this product (the notification alone left no way forward).
  const [askedToSignIn, setAskedToSignIn] = useState(false);
  const [addToCartMutation, { loading }] = useMutation(AddToCartMutation, {
    update: (cache, { data }) => {
      if (data) writeCart(cache, data.addToCart);
    },
  });

  const adding = starting || loading;
  // The button is disabled while it adds (which drops the focus): the focus comes back to it.
  const keepFocus = useKeepFocus<HTMLButtonElement>(adding);

  const addToCart = async (chosenSize: string) => {
    try {
      const { data } = await addToCartMutation({
        variables: { productId, size: chosenSize, quantity },
      });
      // The server counted what it added: a merge the stock capped says so in its own words
      // ('Solo hay 4 en talla M; tu carrito ya tiene 4'), never 'Producto agregado'.
      const capped = data?.addToCart.addition?.message;
      if (capped) notify(capped, { type: 'warning' });
      else notify(ADDED_TO_CART_MESSAGE, { type: 'success' });
    } catch (error) {
      console.error('No se pudo agregar el producto al carrito', error);
      // The server's Spanish message ('Esta talla está agotada', 'Debes iniciar sesión…'), or
      // the connection named as the cause when the request never reached the shop.
      notify(actionFailureMessage(error, ADD_TO_CART_FAILED_MESSAGE), { type: 'error' });
    } finally {
      setStarting(false);
    }
  };

  const onTap = () => {
    if (!signedIn) {
      notify(LOGIN_REQUIRED_MESSAGE, { type: 'warning' });
      setAskedToSignIn(true);
      return;
    }
    if (size === undefined || quantity === 0 || adding) return;
    keepFocus.remember();
    setStarting(true);
    afterNextPaint(() => void addToCart(size));
  };

  return (
    <>
      <Button
        ref={keepFocus.ref}
        size={{ base: 'lg', md: 'xl' }}
        w={{ base: 'full', md: 'auto' }}
        minW={{ md: '72' }}
        onClick={onTap}
        disabled={quantity === 0}
        loading={adding}
        data-testid="add-to-cart"
      >
        <LuShoppingBag /> Agregar al carrito
      </Button>
      {askedToSignIn && !signedIn ? (
        <Text
          mt="2"
          fontSize="sm"
          color="gray.700"
          textAlign={{ base: 'center', md: 'start' }}
          data-testid="sign-in-to-add"
        >
          <Link asChild color="orange.fg" fontWeight="semibold" textDecoration="underline">
            <RouterLink to={SIGN_IN_PATH} state={returnToState(location)}>
              {SIGN_IN_TO_ADD_LINK}
            </RouterLink>
          </Link>
          {SIGN_IN_TO_ADD_REST}
        </Text>
      ) : null}
    </>
  );
}
