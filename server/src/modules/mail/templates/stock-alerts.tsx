import { Link, Text } from '@react-email/components';
import { greeting, shopLinks } from './format.js';
import { Layout } from './layout.js';
import type { TemplateProps } from './props.js';
import { mailSubject } from './subjects.js';
import { colors, MONO_STACK } from './theme.js';
import { Button, P, Small, Title } from './ui.js';

/** To a visitor's address: the link that confirms a back-in-stock alert ('Avísame cuando llegue'). */
export function StockAlertConfirmMail(props: TemplateProps<'stock-alert-confirm'>) {
  const { brand, productName, size, token } = props;
  const url = shopLinks.confirmStockAlert(brand, token);
  return (
    <Layout
      brand={brand}
      title={mailSubject({ kind: 'stock-alert-confirm', props })}
      preview={`Confirma que quieres saber cuándo llega la talla ${size} de ${productName}.`}
      reason={`Recibes este correo porque alguien pidió en ${brand.name} un aviso para esta dirección.`}
    >
      <Title>Confirma tu aviso</Title>
      <P>Hola:</P>
      <P>
        Pediste que te avisemos cuando llegue la talla <b>{size}</b> de <b>{productName}</b>. Para
        recibir ese correo, confirma tu dirección con este botón:
      </P>
      <Button href={url}>Confirmar mi aviso</Button>
      <Small style={{ margin: '0 0 4px' }}>
        Si el botón no funciona, copia este enlace y pégalo en tu navegador:
      </Small>
      <Text
        style={{
          margin: '0 0 20px',
          fontFamily: MONO_STACK,
          fontSize: '13px',
          lineHeight: '20px',
          color: colors.text,
          wordBreak: 'break-all',
        }}
      >
        <Link href={url} style={{ color: colors.accent, textDecoration: 'none' }}>
          {url}
        </Link>
      </Text>
      <P>Si no lo pediste, ignora este correo: sin confirmar no te escribiremos.</P>
    </Layout>
  );
}

/** To whoever asked, once: the size they waited for is back. */
export function BackInStockMail(props: TemplateProps<'back-in-stock'>) {
  const { brand, productId, productName, size, name } = props;
  return (
    <Layout
      brand={brand}
      title={mailSubject({ kind: 'back-in-stock', props })}
      preview={`La talla ${size} de ${productName} ya está disponible en ${brand.name}.`}
      reason={`Recibes este correo porque pediste en ${brand.name} que te avisáramos cuando llegara esta talla. Es el único aviso que te enviaremos.`}
    >
      <Title>¡Ya llegó tu talla!</Title>
      <P>{greeting(name)}</P>
      <P>
        La talla <b>{size}</b> de <b>{productName}</b> ya está disponible. Agrégala a tu carrito
        antes de que se vuelva a agotar.
      </P>
      <Button href={shopLinks.product(brand, productId)}>Ver el producto</Button>
      <P>Este es el único aviso que te enviaremos sobre esta talla.</P>
    </Layout>
  );
}
