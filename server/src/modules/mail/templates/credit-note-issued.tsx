import { formatMoney } from '@tienda/rules';
import { greeting, shopLinks } from './format.js';
import { Layout } from './layout.js';
import type { TemplateProps } from './props.js';
import { mailSubject } from './subjects.js';
import { Button, P, Small, Title } from './ui.js';

/** To the customer, when their refunded return's credit note was stamped: PDF and XML attached. */
export function CreditNoteIssuedMail(props: TemplateProps<'credit-note-issued'>) {
  const { brand, orderId, returnId, uuid, relatedUuid, rfc, legalName, totalCents, name } = props;
  return (
    <Layout
      brand={brand}
      title={mailSubject({ kind: 'credit-note-issued', props })}
      preview={`La nota de crédito de tu devolución (${formatMoney(totalCents)}) va adjunta en PDF y XML.`}
      reason={`Recibes este correo porque facturaste en ${brand.name} un pedido del que te reembolsamos una devolución.`}
    >
      <Title>Tu nota de crédito está lista</Title>
      <P>{greeting(name)}</P>
      <P>
        Como tu pedido <b>#{orderId}</b> tiene factura, timbramos la nota de crédito (CFDI de
        egreso) de tu devolución #{returnId} por <b>{formatMoney(totalCents)}</b> a nombre de{' '}
        <b>{legalName}</b> (RFC {rfc}). Van adjuntos el PDF y el XML.
      </P>
      <Small style={{ margin: '0 0 16px' }}>
        Folio fiscal (UUID): {uuid}. Corrige la factura con folio {relatedUuid}.
      </Small>
      <P>También puedes descargarlos cuando quieras desde tu pedido en «Mis pedidos».</P>
      <Button href={shopLinks.myOrders(brand)}>Ver mis pedidos</Button>
    </Layout>
  );
}
