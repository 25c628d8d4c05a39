import { formatMoney } from '@tienda/rules';
import { greeting, shopLinks } from './format.js';
import { Layout } from './layout.js';
import { DeliveryAddress, OrderSummary } from './order-parts.js';
import type { TemplateProps } from './props.js';
import { mailSubject } from './subjects.js';
import { Button, P, Subtitle, Title } from './ui.js';

/** To the customer, when the order counts as paid. */
export function PaymentConfirmedMail(props: TemplateProps<'payment-confirmed'>) {
  const { brand, order } = props;
  const total = formatMoney(order.totalCents);
  return (
    <Layout
      brand={brand}
      title={mailSubject({ kind: 'payment-confirmed', props })}
      preview={`Recibimos tu pago de ${total}. Ya preparamos tu pedido #${order.id} para enviarlo.`}
      reason={`Recibes este correo porque hiciste un pedido en ${brand.name}.`}
    >
      <Title>¡Pago confirmado!</Title>
      <P>{greeting(order.customerName)}</P>
      <P>
        Confirmamos el pago de tu pedido <b>#{order.id}</b> por <b>{total}</b>. ¡Gracias! Ya lo
        estamos preparando y te avisaremos cuando vaya en camino, con su número de guía.
      </P>
      <P>Lo recibirás de 3 a 5 días hábiles.</P>
      <Button href={shopLinks.myOrders(brand)}>Ver mis pedidos</Button>

      <Subtitle>Tu pedido #{order.id}</Subtitle>
      <OrderSummary order={order} />
      <DeliveryAddress address={order.address} />
    </Layout>
  );
}
