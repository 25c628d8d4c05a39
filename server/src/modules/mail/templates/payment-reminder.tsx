import { Hr } from '@react-email/components';
import { BankDetails } from './bank-details.js';
import { formatMoney } from '@tienda/rules';
import { formatDateTime, greeting, shopLinks } from './format.js';
import { Layout } from './layout.js';
import { OrderSummary } from './order-parts.js';
import type { TemplateProps } from './props.js';
import { mailSubject } from './subjects.js';
import { colors } from './theme.js';
import { Button, Notice, P, Subtitle, Title } from './ui.js';

/** To the customer, about a day before an unpaid order is released. */
export function PaymentReminderMail(props: TemplateProps<'payment-reminder'>) {
  const { brand, order, bank, releaseAt } = props;
  const total = formatMoney(order.totalCents);
  const deadline = formatDateTime(releaseAt);
  return (
    <Layout
      brand={brand}
      title={mailSubject({ kind: 'payment-reminder', props })}
      preview={`Tu pedido #${order.id} por ${total} sigue apartado hasta el ${deadline}. Págalo para que lo enviemos.`}
      reason={`Recibes este correo porque hiciste un pedido en ${brand.name}.`}
    >
      <Title>Tu pedido espera tu pago</Title>
      <P>{greeting(order.customerName)}</P>
      <P>
        Aún no recibimos el pago de tu pedido <b>#{order.id}</b> por <b>{total}</b>. Seguimos
        apartando tus productos, pero no por mucho tiempo.
      </P>
      <Notice>
        Págalo antes del <b>{deadline}</b>. Después cancelaremos el pedido y los productos volverán
        a estar a la venta.
      </Notice>
      <Button href={shopLinks.payment(brand, order.id)}>Ver datos de pago</Button>

      <BankDetails bank={bank} orderId={order.id} totalCents={order.totalCents} />
      <P>Si ya pagaste, envíanos tu comprobante por WhatsApp y no tienes que hacer nada más.</P>

      <Hr style={{ borderColor: colors.border, margin: '8px 0 24px' }} />
      <Subtitle>Tu pedido #{order.id}</Subtitle>
      <OrderSummary order={order} />
    </Layout>
  );
}
