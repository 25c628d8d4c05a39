import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CartQuery } from '../../shared/cart/api';
import { writeCart } from '../../shared/cart/cart-cache';
import { errorReason } from '../../shared/error-reason';
import { serverProblemOf } from '../../shared/forms/server-errors';
import { notify } from '../../shared/notifications/toaster';
import { CheckoutMutation, OrderSummaryQuery } from './api';
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
  const summary = useQuery(OrderSummaryQuery, {
    variables: { addressId: addressId ?? 0 },
    skip: addressId === null,
    fetchPolicy: 'network-only',
  });
  const [checkout] = useMutation(CheckoutMutation);
  const attempt = useRef(new PurchaseAttemptKey());
  const submitting = useRef(false);
  const [busy, setBusy] = useState(false);
  /** The server refused the order: its Spanish message. */
  const [refusal, setRefusal] = useState<string | undefined>(undefined);

  /** The order exists: the cart is empty here too, and the orders list has a new first entry. */
  const afterOrder = (orderId: number) => {
    writeCart(client.cache, { __typename: 'Cart', itemCount: 0, notices: [], lines: [] });
    client.cache.evict({ id: 'ROOT_QUERY', fieldName: 'myOrders' });
    void client.refetchQueries({ include: [CartQuery] });
    void navigate(`/pago?idPedido=${orderId}`, { replace: true, state: { justCreated: true } });
  };

  const placeOrder = async () => {
    if (addressId === null || submitting.current) return;
    submitting.current = true;
    setBusy(true);
    setRefusal(undefined);
    try {
      const { data } = await checkout({
        variables: { addressId, idempotencyKey: attempt.current.key() },
      });
      if (!data) throw new Error('El servidor no devolvió el pedido');
      attempt.current.settled();
      afterOrder(data.checkout.id);
    } catch (error) {
      const problem = serverProblemOf(error);
      if (problem) {
        // The server answered: this attempt is over, and nothing was bought.
        attempt.current.settled();
        setRefusal(problem.message);
        notify(problem.message, { type: 'error' });
        void summary.refetch();
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

  const { data, loading, error } = summary;
  return {
    /** The priced cart; undefined until it arrives, or when it cannot be shown (`problem`). */
    order: data?.orderSummary,
    loading: loading && !data,
    problem: data || loading || addressId === null ? undefined : summaryProblem(error),
    reloadSummary: () => void summary.refetch(),
    placeOrder,
    busy,
    refusal,
  };
}
