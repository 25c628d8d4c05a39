import { Hr } from '@react-email/components';
import { BankDetails, DELIVERY_PROMISE } from './bank-details.js';
import { formatMoney } from '@tienda/rules';
import { formatDateTime, formatHours, greeting, shopLinks } from './format.js';
import { Layout } from './layout.js';
import { DeliveryAddress, OrderSummary } from './order-parts.js';
import type { TemplateProps } from './props.js';
import { mailSubject } from './subjects.js';
import { colors } from './theme.js';
import { Button, Notice, P, Small, Subtitle, Title } from './ui.js';

/** To the customer, on checkout: what they ordered and how to pay it. */
export function OrderReceivedMail(props: TemplateProps<'order-received'>) {
  const { brand, order, bank, holdHours } = props;
  const total = formatMoney(order.totalCents);
  const releaseAt = new Date(new Date(order.createdAt).getTime() + holdHours * 3_600_000);
  return (
    <Layout
      brand={brand}
      title={mailSubject({ kind: 'order-received', props })}
      preview={`Apartamos tu pedido #${order.id} por ${total}. Págalo por transferencia o en OXXO en las próximas ${formatHours(holdHours)}.`}
      reason={`Recibes este correo porque hiciste un pedido en ${brand.name}.`}
    >
      <Title>¡Gracias por tu pedido!</Title>
      <P>{greeting(order.customerName)}</P>
      <P>
        Recibimos tu pedido <b>#{order.id}</b> por <b>{total}</b> y apartamos tus productos. Para
        que lo enviemos, págalo por transferencia o con un depósito en OXXO.
      </P>
      <Notice>
        Tu pedido queda apartado <b>{formatHours(holdHours)}</b>
        {Number.isNaN(releaseAt.getTime()) ? '' : ` (hasta el ${formatDateTime(releaseAt)})`}. Si no
        recibimos tu pago en ese tiempo, lo cancelaremos y los productos volverán a estar a la
        venta.
      </Notice>
      <Button href={shopLinks.payment(brand, order.id)}>Ver datos de pago</Button>

      <BankDetails bank={bank} orderId={order.id} totalCents={order.totalCents} />

      <Hr style={{ borderColor: colors.border, margin: '8px 0 24px' }} />
      <Subtitle>Tu pedido #{order.id}</Subtitle>
      <Small style={{ margin: '0 0 16px' }}>Hecho el {formatDateTime(order.createdAt)}</Small>
      <OrderSummary order={order} />
      <DeliveryAddress address={order.address} />
      <P>{DELIVERY_PROMISE}</P>
    </Layout>
  );
}
