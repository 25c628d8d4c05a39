import { Alert, Button, Link, Stack } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { EMAIL_MAX_LENGTH, normalizeEmail } from '@tienda/rules';
import { FormField } from '../../../shared/forms/form-field';
import { serverProblemOf } from '../../../shared/forms/server-errors';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { useSession } from '../../../shared/session/use-session';
import { RequestPasswordResetMutation } from '../api';
import { AuthCard } from '../components/auth-card';
import { FormProblem } from '../components/form-problem';
import { PASSWORD_MESSAGES, emailError } from '../password-rules';

function SignInLink() {
  return (
    <Link asChild color="orange.700" fontWeight="semibold">
      <RouterLink to="/iniciar-sesion" data-testid="link-sign-in">
        Iniciar sesión
      </RouterLink>
    </Link>
  );
}

/**
 * /olvide-contrasena: asks for the account's email and sends it a link to choose a new password.
 * The answer is the server's sentence, the same for every address (it never says whether the
 * address has an account). A Google-only account creates its first password this way.
 */
export function ForgotPasswordPage() {
  useDocumentTitle('Recuperar contraseña');
  const session = useSession();
  // A signed-in visitor (a Google account creating a password) starts with their own address.
  const [typed, setTyped] = useState<string | null>(null);
  const email = typed ?? session.user?.email ?? '';
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const [sentence, setSentence] = useState<string | undefined>(undefined);
  const [requestReset, { loading }] = useMutation(RequestPasswordResetMutation);

  const error = emailError(email);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    setTouched(true);
    setFailure(undefined);
    if (error) {
      event.currentTarget.querySelector<HTMLInputElement>('[name="email"]')?.focus();
      return;
    }
    try {
      const { data } = await requestReset({ variables: { email: normalizeEmail(email) } });
      if (!data) throw new Error('El servidor no respondió');
      setSentence(data.requestPasswordReset);
    } catch (requestError) {
      console.error('No se pudo pedir el enlace para restablecer la contraseña', requestError);
      const problem = serverProblemOf(requestError);
      setFailure(
        !problem
          ? PASSWORD_MESSAGES.connectionFailed
          : problem.code === 'INTERNAL_SERVER_ERROR' || !problem.message
            ? PASSWORD_MESSAGES.requestFailed
            : problem.message,
      );
    }
  };

  return (
    <AuthCard
      title="Recuperar contraseña"
      subtitle={
        sentence
          ? undefined
          : 'Escribe el email de tu cuenta y te enviaremos un enlace para crear una contraseña nueva.'
      }
      data-testid="forgot-password-page"
      footer={
        sentence ? undefined : (
          <>
            ¿Ya la recordaste? <SignInLink />
          </>
        )
      }
    >
      {sentence ? (
        <Stack gap="5">
          <Alert.Root
            status="success"
            rounded="lg"
            data-testid="forgot-password-sent"
            role="status"
          >
            <Alert.Indicator />
            <Alert.Title>{sentence}</Alert.Title>
          </Alert.Root>
          <Button asChild size="lg" w="full">
            <RouterLink to="/iniciar-sesion" data-testid="back-to-sign-in">
              Volver a iniciar sesión
            </RouterLink>
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="5">
            <FormField
              label="Email"
              name="email"
              type="email"
              value={email}
              onChange={(value) => {
                setTyped(value);
                setFailure(undefined);
              }}
              onBlur={() => setTouched(true)}
              error={touched ? error : undefined}
              autoComplete="email"
              inputMode="email"
              maxLength={EMAIL_MAX_LENGTH}
              autoFocus
            />
            <FormProblem message={failure} data-testid="forgot-password-error" />
            <Button
              type="submit"
              size="lg"
              w="full"
              loading={loading}
              loadingText="Enviando..."
              disabled={loading}
              data-testid="forgot-password-submit"
            >
              Enviar enlace
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
