import { greeting, shopLinks } from './format.js';
import { Layout } from './layout.js';
import { DeliveryAddress, OrderLines } from './order-parts.js';
import type { TemplateProps } from './props.js';
import { mailSubject } from './subjects.js';
import { A, Button, Details, P, Subtitle, Title } from './ui.js';

/** To the customer, when the order is handed to the carrier. */
export function OrderShippedMail(props: TemplateProps<'order-shipped'>) {
  const { brand, order } = props;
  const tracking = order.tracking?.trim() || null;
  return (
    <Layout
      brand={brand}
      title={mailSubject({ kind: 'order-shipped', props })}
      preview={
        tracking
          ? `Enviamos tu pedido #${order.id} por ${brand.carrier}. Tu número de guía es ${tracking}.`
          : `Enviamos tu pedido #${order.id} por ${brand.carrier}.`
      }
      reason={`Recibes este correo porque hiciste un pedido en ${brand.name}.`}
    >
      <Title>Tu pedido va en camino</Title>
      <P>{greeting(order.customerName)}</P>
      <P>
        Enviamos tu pedido <b>#{order.id}</b> por paquetería <b>{brand.carrier}</b>.
      </P>
      {tracking ? (
        <>
          <Details
            rows={[
              { label: 'Paquetería', value: brand.carrier },
              { label: 'Número de guía', value: tracking, mono: true },
            ]}
          />
          <Button href={shopLinks.tracking(brand, tracking)}>Rastrear mi envío</Button>
        </>
      ) : (
        <P>
          El número de guía aparecerá en <A href={shopLinks.myOrders(brand)}>Mis pedidos</A> en
          cuanto la paquetería lo registre.
        </P>
      )}
      <DeliveryAddress address={order.address} label="Va a" />
      <Subtitle>Lo que enviamos</Subtitle>
      <OrderLines order={order} />
      <P style={{ marginTop: '16px' }}>
        Consulta el estado de tus pedidos en <A href={shopLinks.myOrders(brand)}>Mis pedidos</A>.
      </P>
    </Layout>
  );
}
