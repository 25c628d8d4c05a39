import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { normalizeCouponCode } from '@tienda/rules';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CartQuery } from '../../shared/cart/api';
import { writeCart } from '../../shared/cart/cart-cache';
import { errorReason } from '../../shared/error-reason';
import { serverProblemOf } from '../../shared/forms/server-errors';
import { notify } from '../../shared/notifications/toaster';
import { CheckoutMutation, OrderSummaryQuery } from './api';
import { readAppliedCoupon, storeAppliedCoupon } from './applied-coupon';
import { PurchaseAttemptKey } from './attempt-key';

const CHECKOUT_NETWORK_MESSAGE =
  'No se pudo confirmar tu pedido. Revisa tu conexión e intenta de nuevo: no se cobrará dos veces.';

/**
 * The server refused because the cart is empty (spec §2): the summary then says so and offers the
 * catalogue. The one place that tells this refusal from the others.
 */
function isEmptyCartError(error: unknown): boolean {
  return errorReason(error) === 'EMPTY_CART';
}

/**
 * The checkout refused the coupon (used up or expired since the summary, deactivated…): the
 * order was not made, and the summary is priced again without it. The reasons are the coupon
 * refusals of @tienda/rules (COUPON_*), or any refusal naming the `couponCode` argument.
 */
export function isCouponRefusal(error: unknown): boolean {
  return (
    errorReason(error)?.startsWith('COUPON_') === true ||
    serverProblemOf(error)?.field === 'couponCode'
  );
}

/** Why the summary cannot be shown. */
export type SummaryProblem =
  /** The address is not one of the shopper's (or is gone). */
  | { kind: 'address' }
  | { kind: 'empty-cart' }
  /** Another refusal, in the server's words. */
  | { kind: 'refused'; message: string }
  /** No answer (network, server error): a retry may work. */
  | { kind: 'failed' };

function summaryProblem(error: unknown): SummaryProblem {
  const problem = serverProblemOf(error);
  if (problem?.field === 'addressId') return { kind: 'address' };
  if (isEmptyCartError(error)) return { kind: 'empty-cart' };
  if (error) console.error('No se pudo cargar el resumen del pedido', error);
  return problem ? { kind: 'refused', message: problem.message } : { kind: 'failed' };
}

/**
 * The purchase of /completar-compra: the server's prices for the cart delivered to `addressId`
 * (null: no address chosen, nothing asked), and the order. One idempotency key per attempt, so a
 * retry after a lost answer cannot buy twice; once the order exists the cart is empty in the cache
 * too, the orders list is asked again, and the payment page opens. A refusal (stock ran out, the
 * cart changed…) is kept in `refusal` and the summary is asked again.
 */
export function usePlaceOrder(addressId: number | null) {
  const navigate = useNavigate();
  const client = useApolloClient();
  /** The code the summary is asked with (the one applied, or being tried); null for none. */
  const [requested, setRequested] = useState<string | null>(() => readAppliedCoupon());
  /** What the coupon field holds, as typed (kept when the code is refused). */
  const [typedCoupon, setTypedCoupon] = useState(() => requested ?? '');
  /** The checkout refused the applied coupon: the server's message. */
  const [checkoutCouponRefusal, setCheckoutCouponRefusal] = useState<string | undefined>();
  const summary = useQuery(OrderSummaryQuery, {
    variables:
      requested === null
        ? { addressId: addressId ?? 0 }
        : { addressId: addressId ?? 0, couponCode: requested },
    skip: addressId === null,
    fetchPolicy: 'network-only',
  });
  // While the summary for a new code loads, the page keeps the last one under a spinner; after a
  // failed load it shows the failure instead, never a total the checkout would not charge.
  const current = summary.data?.orderSummary;
  const shown = current ?? (summary.loading ? summary.previousData?.orderSummary : undefined);
  /** The code the server applied to the summary shown (normalised), which checkout sends. */
  const appliedCoupon = current?.couponCode ?? null;
  const summaryCouponRefusal =
    requested !== null && current?.couponRefusal ? current.couponRefusal : undefined;

  // Only a code the server accepted survives a reload; a refused one is forgotten.
  useEffect(() => {
    if (!current || requested === null) return;
    storeAppliedCoupon(current.couponCode ?? null);
  }, [current, requested]);
  const [checkout] = useMutation(CheckoutMutation);
  const attempt = useRef(new PurchaseAttemptKey());
  const submitting = useRef(false);
  const [busy, setBusy] = useState(false);
  /** The server refused the order: its Spanish message. */
  const [refusal, setRefusal] = useState<string | undefined>(undefined);

  /** The order exists: the cart is empty here too, and the orders list has a new first entry. */
  const afterOrder = (orderId: number) => {
    storeAppliedCoupon(null);
    writeCart(client.cache, { __typename: 'Cart', itemCount: 0, notices: [], lines: [] });
    client.cache.evict({ id: 'ROOT_QUERY', fieldName: 'myOrders' });
    void client.refetchQueries({ include: [CartQuery] });
    void navigate(`/pago?idPedido=${orderId}`, { replace: true, state: { justCreated: true } });
  };

  const placeOrder = async () => {
    if (addressId === null || submitting.current || !current) return;
    submitting.current = true;
    setBusy(true);
    setRefusal(undefined);
    setCheckoutCouponRefusal(undefined);
    try {
      const idempotencyKey = attempt.current.key();
      const { data } = await checkout({
        variables:
          appliedCoupon === null
            ? { addressId, idempotencyKey }
            : { addressId, idempotencyKey, couponCode: appliedCoupon },
      });
      if (!data) throw new Error('El servidor no devolvió el pedido');
      attempt.current.settled();
      afterOrder(data.checkout.id);
    } catch (error) {
      const problem = serverProblemOf(error);
      if (problem) {
        // The server answered: this attempt is over, and nothing was bought.
        attempt.current.settled();
        notify(problem.message, { type: 'error' });
        if (isCouponRefusal(error)) {
          // The code no longer applies: say so under the field and price the cart without it.
          setCheckoutCouponRefusal(problem.message);
          storeAppliedCoupon(null);
          if (requested === null) void summary.refetch();
          else setRequested(null);
        } else {
          setRefusal(problem.message);
          void summary.refetch();
        }
      } else {
        // No answer: the order may exist. A retry sends the same key and gets that order.
        console.error('No se pudo crear el pedido', error);
        notify(CHECKOUT_NETWORK_MESSAGE, { type: 'error' });
      }
    } finally {
      submitting.current = false;
      setBusy(false);
    }
  };

  /** 'Aplicar': the summary is asked again with the typed code (normalised). */
  const applyCoupon = () => {
    const code = normalizeCouponCode(typedCoupon);
    if (code === '') return;
    setCheckoutCouponRefusal(undefined);
    if (code === requested) void summary.refetch();
    else setRequested(code);
  };

  /** 'Quitar cupón': the summary without a coupon, the field emptied. */
  const removeCoupon = () => {
    setCheckoutCouponRefusal(undefined);
    setTypedCoupon('');
    storeAppliedCoupon(null);
    setRequested(null);
  };

  const { loading, error } = summary;
  return {
    /** The priced cart; undefined until it arrives, or when it cannot be shown (`problem`). */
    order: shown,
    loading: loading && !shown,
    problem: shown || loading || addressId === null ? undefined : summaryProblem(error),
    reloadSummary: () => void summary.refetch(),
    placeOrder,
    /** The order is being created. */
    busy,
    refusal,
    coupon: {
      typed: typedCoupon,
      setTyped: setTypedCoupon,
      apply: applyCoupon,
      remove: removeCoupon,
      /** The code the server applied (the summary's `couponCode`), or null. */
      applied: appliedCoupon,
      /** A code is being tried or removed: the summary for it is on its way. */
      checking: loading && shown !== undefined,
      /** Why the server refused the code, in its words (summary or checkout). */
      refusal: checkoutCouponRefusal ?? summaryCouponRefusal,
    },
  };
}
