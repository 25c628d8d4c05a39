import { formatMoney } from '@tienda/rules';
import { greeting, shopLinks } from './format.js';
import { Layout } from './layout.js';
import { OrderLines } from './order-parts.js';
import type { TemplateProps } from './props.js';
import { mailSubject } from './subjects.js';
import { A, Button, P, Subtitle, Title } from './ui.js';

/** To the customer, when an unpaid order is released ('Cancelado por falta de pago'). */
export function OrderCancelledMail(props: TemplateProps<'order-cancelled'>) {
  const { brand, order } = props;
  const total = formatMoney(order.totalCents);
  return (
    <Layout
      brand={brand}
      title={mailSubject({ kind: 'order-cancelled', props })}
      preview={`No recibimos a tiempo el pago de tu pedido #${order.id} por ${total}, así que lo cancelamos.`}
      reason={`Recibes este correo porque hiciste un pedido en ${brand.name}.`}
    >
      <Title>Cancelamos tu pedido #{order.id}</Title>
      <P>{greeting(order.customerName)}</P>
      <P>
        Cancelamos tu pedido <b>#{order.id}</b> por <b>{total}</b> porque no recibimos el pago a
        tiempo. Los productos que apartamos volvieron a estar a la venta.
      </P>
      <P>
        ¿Ya habías pagado? Escríbenos por <A href={brand.whatsappUrl}>WhatsApp</A> con tu
        comprobante y el número de pedido, y lo resolvemos.
      </P>
      <P>Si todavía los quieres, puedes hacer un pedido nuevo cuando gustes.</P>
      <Button href={shopLinks.home(brand)}>Ver el catálogo</Button>

      <Subtitle>Lo que tenía el pedido</Subtitle>
      <OrderLines order={order} />
    </Layout>
  );
}
