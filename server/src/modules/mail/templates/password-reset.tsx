import { Link, Text } from '@react-email/components';
import { formatMinutes, greeting, shopLinks } from './format.js';
import { Layout } from './layout.js';
import type { TemplateProps } from './props.js';
import { mailSubject } from './subjects.js';
import { colors, MONO_STACK } from './theme.js';
import { Button, P, Small, Title } from './ui.js';

/** To the account's address: the link that lets its owner choose a new password. */
export function PasswordResetMail(props: TemplateProps<'password-reset'>) {
  const { brand, name, token, validMinutes } = props;
  const url = shopLinks.resetPassword(brand, token);
  const validFor = formatMinutes(validMinutes);
  return (
    <Layout
      brand={brand}
      title={mailSubject({ kind: 'password-reset', props })}
      preview={`Elige una contraseña nueva para tu cuenta en ${brand.name}. El enlace vale ${validFor}.`}
      reason={`Recibes este correo porque alguien pidió restablecer la contraseña de tu cuenta en ${brand.name}.`}
    >
      <Title>Restablece tu contraseña</Title>
      <P>{greeting(name)}</P>
      <P>
        Recibimos una solicitud para restablecer la contraseña de tu cuenta en {brand.name}. Para
        elegir una nueva, usa este botón:
      </P>
      <Button href={url}>Elegir una contraseña nueva</Button>
      <P>
        El enlace vale <b>{validFor}</b> y solo funciona una vez.
      </P>
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
        {/* Not underlined: an underline hides the token's underscores from a reader copying it. */}
        <Link href={url} style={{ color: colors.accent, textDecoration: 'none' }}>
          {url}
        </Link>
      </Text>
      <P>Si no lo pediste, ignora este correo; tu contraseña no cambia.</P>
    </Layout>
  );
}
