import { Link } from '@react-email/components';
import { formatMoney } from '@tienda/rules';
import { formatDateTime, shopLinks, unitsOf } from './format.js';
import { Layout } from './layout.js';
import { OrderSummary } from './order-parts.js';
import type { TemplateProps } from './props.js';
import { mailSubject } from './subjects.js';
import { link } from './theme.js';
import { Button, Details, P, Subtitle, Title } from './ui.js';

/** To the shop: a new order, or an order just paid. */
export function ShopNewOrderMail(props: TemplateProps<'shop-new-order'>) {
  const { brand, order, event } = props;
  const total = formatMoney(order.totalCents);
  const units = unitsOf(order);
  const paid = event === 'paid';
  return (
    <Layout
      brand={brand}
      title={mailSubject({ kind: 'shop-new-order', props })}
      preview={`${order.customerName} · ${units} ${units === 1 ? 'pieza' : 'piezas'} · ${total} · ${order.status}`}
      reason={`Aviso para el equipo de ${brand.name}.`}
    >
      <Title>{paid ? `Pedido #${order.id} pagado` : `Nuevo pedido #${order.id}`}</Title>
      <P>
        {paid ? (
          <>
            El pedido <b>#{order.id}</b> por <b>{total}</b> ya está pagado: prepáralo para enviarlo
            y registra su número de guía.
          </>
        ) : (
          <>
            Entró el pedido <b>#{order.id}</b> por <b>{total}</b>. Está apartado en espera del pago
            del cliente.
          </>
        )}
      </P>
      <Details
        rows={[
          { label: 'Cliente', value: order.customerName },
          {
            label: 'Correo',
            value: (
              <Link href={`mailto:${order.customerEmail}`} style={link}>
                {order.customerEmail}
              </Link>
            ),
          },
          { label: 'Fecha del pedido', value: formatDateTime(order.createdAt) },
          { label: 'Estado', value: order.status },
          { label: 'Dirección de envío', value: order.address ?? 'Sin dirección registrada' },
        ]}
      />
      <Button href={shopLinks.adminOrders(brand)} tone="dark">
        Abrir pedidos en el panel
      </Button>
      <Subtitle>Productos</Subtitle>
      <OrderSummary order={order} />
      <P>
        Búscalo en el panel por su número, <b>{order.id}</b>, o por el nombre del cliente.
      </P>
    </Layout>
  );
}
