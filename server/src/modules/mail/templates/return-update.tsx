import { formatMoney } from '@tienda/rules';
import { greeting, shopLinks } from './format.js';
import { Layout } from './layout.js';
import type { TemplateProps } from './props.js';
import { mailSubject } from './subjects.js';
import { Button, P, Subtitle, Title } from './ui.js';

const TITLES = {
  requested: 'Recibimos tu solicitud',
  received: 'Llegó tu devolución',
  refunded: 'Te reembolsamos',
  'exchange-shipped': 'Tu cambio va en camino',
} as const;

/** To the customer at each step of a return or size exchange. */
export function ReturnUpdateMail(props: TemplateProps<'return-update'>) {
  const { brand, step, orderId, name, lines, refundCents, refundWay, exchangeOrderId } = props;
  const refund = formatMoney(refundCents);
  return (
    <Layout
      brand={brand}
      title={mailSubject({ kind: 'return-update', props })}
      preview={`${TITLES[step]}: pedido #${orderId}.`}
      reason={`Recibes este correo porque pediste en ${brand.name} una devolución o un cambio.`}
    >
      <Title>{TITLES[step]}</Title>
      <P>{greeting(name)}</P>
      {step === 'requested' ? (
        <P>
          Recibimos tu solicitud de devolución o cambio del pedido <b>#{orderId}</b>. Envíanos las
          piezas en su empaque; te escribiremos cuando lleguen.
          {refundCents > 0 ? (
            <>
              {' '}
              Te reembolsaremos <b>{refund}</b>, lo que pagaste por ellas.
            </>
          ) : null}
        </P>
      ) : step === 'received' ? (
        <P>
          Ya recibimos las piezas de tu pedido <b>#{orderId}</b>.
          {refundCents > 0 ? <> En breve te reembolsamos {refund}.</> : null}
        </P>
      ) : step === 'refunded' ? (
        <P>
          Te reembolsamos <b>{refund}</b> de tu devolución del pedido <b>#{orderId}</b>
          {refundWay ? <> por {refundWay}</> : null}. Según tu banco, puede tardar unos días en
          verse en tu cuenta.
        </P>
      ) : (
        <P>
          Enviamos la talla nueva de tu cambio como el pedido <b>#{exchangeOrderId}</b>, sin costo.
          Verás la guía de rastreo en Mis pedidos.
        </P>
      )}
      <Subtitle>Las piezas</Subtitle>
      {lines.map((l, i) => (
        <P key={i}>
          {l.quantity} × {l.productName}, talla {l.size}
          {l.newSize ? ` → talla ${l.newSize}` : ''}
        </P>
      ))}
      <Button href={shopLinks.myOrders(brand)}>Ver mis pedidos</Button>
    </Layout>
  );
}
