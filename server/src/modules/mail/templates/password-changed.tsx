import { formatDateTime, greeting, shopLinks } from './format.js';
import { Layout } from './layout.js';
import type { TemplateProps } from './props.js';
import { mailSubject } from './subjects.js';
import { A, Button, Notice, P, Title } from './ui.js';

/** To the account's address, after its password changed (by a reset or from the profile). */
export function PasswordChangedMail(props: TemplateProps<'password-changed'>) {
  const { brand, name, changedAt } = props;
  const when = formatDateTime(changedAt);
  return (
    <Layout
      brand={brand}
      title={mailSubject({ kind: 'password-changed', props })}
      preview={`La contraseña de tu cuenta en ${brand.name} cambió (${when}).`}
      reason={`Recibes este correo para proteger tu cuenta en ${brand.name}.`}
    >
      <Title>Tu contraseña cambió</Title>
      <P>{greeting(name)}</P>
      <P>
        {/* In parentheses: the time ends in 'a.m.' or 'p.m.', and a full stop after it doubles. */}
        La contraseña de tu cuenta en {brand.name} cambió (<b>{when}</b>). Si fuiste tú, no tienes
        que hacer nada más.
      </P>
      <Notice>
        <b>¿No fuiste tú?</b> Restablece tu contraseña ahora para recuperar el control de tu cuenta
        y escríbenos por WhatsApp para revisarlo juntos.
      </Notice>
      <Button href={shopLinks.forgotPassword(brand)}>Restablecer mi contraseña</Button>
      <P>
        Contáctanos por <A href={brand.whatsappUrl}>WhatsApp</A> si necesitas ayuda.
      </P>
    </Layout>
  );
}
