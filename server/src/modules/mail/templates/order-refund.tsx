import { formatMoney } from '@tienda/rules';
import { greeting, shopLinks } from './format.js';
import { Layout } from './layout.js';
import type { TemplateProps } from './props.js';
import { mailSubject } from './subjects.js';
import { Button, P, Title } from './ui.js';

/**
 * To the customer of a transfer-paid order 'Cancelado con reembolso': with the cancellation
 * ('pending': the money goes back by transfer, send us your CLABE), then once the admin sent it.
 */
export function OrderRefundMail(props: TemplateProps<'order-refund'>) {
  const { brand, step, orderId, name, amountCents, clabeEnd } = props;
  const amount = formatMoney(amountCents);
  return (
    <Layout
      brand={brand}
      title={mailSubject({ kind: 'order-refund', props })}
      preview={
        step === 'pending'
          ? `Cancelamos tu pedido #${orderId}; te devolvemos ${amount}.`
          : `Te devolvimos ${amount} del pedido #${orderId}.`
      }
      reason={`Recibes este correo porque compraste en ${brand.name}.`}
    >
      <Title>{step === 'pending' ? 'Cancelamos tu pedido' : 'Te reembolsamos'}</Title>
      <P>{greeting(name)}</P>
      {step === 'pending' ? (
        <>
          <P>
            No pudimos surtir tu pedido <b>#{orderId}</b>, así que lo cancelamos. Te devolveremos{' '}
            <b>{amount}</b>, lo que pagaste, por transferencia.
          </P>
          <P>
            Si aún no nos diste la CLABE de tu cuenta (18 dígitos), envíanosla por WhatsApp desde el
            enlace de abajo. Te escribiremos al hacer la transferencia.
          </P>
        </>
      ) : (
        <P>
          Te devolvimos <b>{amount}</b> del pedido <b>#{orderId}</b> por transferencia
          {clabeEnd ? <> a la CLABE terminada en {clabeEnd}</> : null}. Según tu banco, puede tardar
          unos días en verse en tu cuenta.
        </P>
      )}
      <Button href={shopLinks.myOrders(brand)}>Ver mis pedidos</Button>
    </Layout>
  );
}
