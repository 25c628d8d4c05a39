import { formatMoney } from '@tienda/rules';
import { greeting, shopLinks } from './format.js';
import { Layout } from './layout.js';
import type { TemplateProps } from './props.js';
import { mailSubject } from './subjects.js';
import { Button, P, Small, Title } from './ui.js';

/** To the customer, when the CFDI of their order was stamped: the PDF and XML go attached. */
export function InvoiceIssuedMail(props: TemplateProps<'invoice-issued'>) {
  const { brand, orderId, uuid, rfc, legalName, totalCents, name } = props;
  return (
    <Layout
      brand={brand}
      title={mailSubject({ kind: 'invoice-issued', props })}
      preview={`Tu factura del pedido #${orderId} (${formatMoney(totalCents)}) va adjunta en PDF y XML.`}
      reason={`Recibes este correo porque pediste en ${brand.name} la factura de tu pedido.`}
    >
      <Title>Tu factura está lista</Title>
      <P>{greeting(name)}</P>
      <P>
        Timbramos la factura (CFDI 4.0) de tu pedido <b>#{orderId}</b> por{' '}
        <b>{formatMoney(totalCents)}</b> a nombre de <b>{legalName}</b> (RFC {rfc}). Van adjuntos el
        PDF y el XML.
      </P>
      <Small style={{ margin: '0 0 16px' }}>Folio fiscal (UUID): {uuid}</Small>
      <P>También puedes descargarlos cuando quieras desde tu pedido en «Mis pedidos».</P>
      <Button href={shopLinks.myOrders(brand)}>Ver mis pedidos</Button>
    </Layout>
  );
}
