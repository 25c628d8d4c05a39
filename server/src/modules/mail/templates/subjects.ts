import type { MailMessage } from '../messages.js';
import { formatMoney } from '@tienda/rules';

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
  }
}
