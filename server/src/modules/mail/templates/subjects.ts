import type { MailMessage } from '../messages.js';
import { formatMoney } from '@tienda/rules';
import type { ReturnMailProps } from '../messages.js';

/** The subject line of a message (Spanish, Mexico). */
export function mailSubject(message: MailMessage): string {
  switch (message.kind) {
    case 'order-received':
      return `Recibimos tu pedido #${message.props.order.id}`;
    case 'payment-confirmed':
      return `Confirmamos el pago de tu pedido #${message.props.order.id}`;
    case 'order-shipped':
      return `Tu pedido #${message.props.order.id} va en camino`;
    case 'payment-reminder':
      return `Tu pedido #${message.props.order.id} espera tu pago`;
    case 'order-cancelled':
      return `Cancelamos tu pedido #${message.props.order.id} por falta de pago`;
    case 'shop-new-order': {
      const { order, event } = message.props;
      const total = formatMoney(order.totalCents);
      return event === 'paid'
        ? `Pedido #${order.id} pagado: ${total}`
        : `Nuevo pedido #${order.id}: ${total}`;
    }
    case 'password-reset':
      return 'Restablece tu contraseña';
    case 'password-changed':
      return 'Tu contraseña cambió';
    case 'stock-alert-confirm':
      return `Confirma tu aviso: ${message.props.productName}, talla ${message.props.size}`;
    case 'back-in-stock':
      return `Ya llegó: ${message.props.productName}, talla ${message.props.size}`;
    case 'invoice-issued':
      return `Tu factura del pedido #${message.props.orderId}`;
    case 'credit-note-issued':
      return `Tu nota de crédito de la devolución del pedido #${message.props.orderId}`;
    case 'return-update':
      return returnSubject(message.props);
    case 'order-refund':
      return message.props.step === 'pending'
        ? `Cancelamos tu pedido #${message.props.orderId}: te devolvemos tu pago`
        : `Te reembolsamos el pedido #${message.props.orderId}`;
  }
}

/** A return's e-mail subject, by its step. */
export function returnSubject(props: Pick<ReturnMailProps, 'step' | 'orderId'>): string {
  switch (props.step) {
    case 'requested':
      return `Recibimos tu solicitud de devolución del pedido #${props.orderId}`;
    case 'received':
      return `Llegó tu devolución del pedido #${props.orderId}`;
    case 'refunded':
      return `Te reembolsamos la devolución del pedido #${props.orderId}`;
    case 'exchange-shipped':
      return `Enviamos tu cambio de talla del pedido #${props.orderId}`;
  }
}
