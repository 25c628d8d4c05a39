import { Alert, Button, Link, Stack } from '@chakra-ui/react';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { serverProblemOf } from '../../../shared/forms/server-errors';
import { SignInCodeField } from '../two-factor/sign-in-code-field';
import { errorReason } from '../../../shared/error-reason';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { notify } from '../../../shared/notifications/toaster';
import { useSession } from '../../../shared/session/use-session';
import { ResetPasswordMutation } from '../api';
import { AuthCard } from '../components/auth-card';
import { FormProblem } from '../components/form-problem';
import { NewPasswordFields } from '../components/new-password-fields';
import {
  FORGOT_PASSWORD_PATH,
  PASSWORD_MESSAGES,
  type NewPasswordErrors,
  newPasswordErrors,
} from '../password-rules';
import { useCompleteSignIn } from '../use-complete-sign-in';
import { usePasswordForm } from '../use-password-form';

type Field = keyof NewPasswordErrors;
const FIELDS: readonly Field[] = ['password', 'passwordConfirmation'];
const EMPTY: Record<Field, string> = { password: '', passwordConfirmation: '' };

/** The way out of a missing, used or expired link: ask for a new one. */
function RequestNewLink() {
  return (
    <Link asChild color="orange.700" fontWeight="semibold">
      <RouterLink to={FORGOT_PASSWORD_PATH} data-testid="link-request-new">
        Pedir un enlace nuevo
      </RouterLink>
    </Link>
  );
}

/** A problem with the link itself, with the way to get a new one. */
function TokenProblem({ message }: { message: string }) {
  return (
    <Alert.Root status="error" rounded="lg" data-testid="reset-token-error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{message}</Alert.Title>
        <Alert.Description>
          <RequestNewLink />
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/**
 * /restablecer-contrasena?token=…: the page the e-mailed link opens. A new password (with the
 * registration's rules) and its confirmation; on success the server has signed this browser in,
 * and the shop carries on as after a sign-in, on /inicio.
 */
export function ResetPasswordPage() {
  useDocumentTitle('Restablecer contraseña');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const client = useApolloClient();
  const session = useSession();
  const { complete } = useCompleteSignIn();
  const [tokenProblem, setTokenProblem] = useState<string | undefined>(undefined);
  const form = usePasswordForm({
    fields: FIELDS,
    empty: EMPTY,
    password: 'password',
    confirmation: 'passwordConfirmation',
    validate: (values) => newPasswordErrors(values.password, values.passwordConfirmation),
  });
  const { values, setFailure } = form;
  const [resetPassword, { loading }] = useMutation(ResetPasswordMutation);
  // An account with two-factor sign-in: the server asks for its code too (TOTP_REQUIRED).
  const [codeStep, setCodeStep] = useState(false);
  const [code, setCode] = useState('');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    if (!form.checkBeforeSending(event)) return;
    try {
      const { data } = await resetPassword({
        variables: {
          token,
          password: values.password,
          passwordConfirmation: values.passwordConfirmation,
          ...(codeStep ? { code: code.trim() } : {}),
        },
      });
      if (!data) throw new Error('El servidor no devolvió el usuario');
      const user = data.resetPassword;
      const previous = session.user;
      notify(PASSWORD_MESSAGES.changed, { type: 'success' });
      complete(user, '/inicio');
      // Another account was signed in here: what was read for it (cart, addresses…) is
      // dropped and the screens on show ask the server again, now as this account.
      if (previous && previous.id !== user.id) {
        client.resetStore().catch((resetError: unknown) => {
          console.error('No se pudieron recargar los datos de la cuenta', resetError);
        });
      }
    } catch (error) {
      console.error('No se pudo restablecer la contraseña', error);
      const problem = serverProblemOf(error);
      if (!problem) setFailure(PASSWORD_MESSAGES.connectionFailed);
      else if (problem.field === 'token') setTokenProblem(problem.message);
      else if (['TOTP_REQUIRED', 'TOTP_INVALID'].includes(errorReason(error) ?? '')) {
        setCodeStep(true);
        setFailure(problem.message);
      } else if (form.isField(problem.field)) form.showServerError(problem.field, problem.message);
      else if (problem.code === 'TOO_MANY_REQUESTS' || problem.code === 'BAD_USER_INPUT') {
        setFailure(problem.message);
      } else setFailure(PASSWORD_MESSAGES.resetFailed);
    }
  };

  return (
    <AuthCard
      title="Restablecer contraseña"
      subtitle={token && !tokenProblem ? 'Elige una contraseña nueva para tu cuenta.' : undefined}
      data-testid="reset-password-page"
      footer={
        <>
          ¿La recordaste?{' '}
          <Link asChild color="orange.700" fontWeight="semibold">
            <RouterLink to="/iniciar-sesion" data-testid="link-sign-in">
              Iniciar sesión
            </RouterLink>
          </Link>
        </>
      }
    >
      {!token || tokenProblem ? (
        // The link itself is missing, used, expired or replaced: only a new one helps.
        <TokenProblem message={tokenProblem ?? PASSWORD_MESSAGES.missingToken} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="5">
            <NewPasswordFields
              password="password"
              confirmation="passwordConfirmation"
              label="Contraseña nueva"
              confirmationLabel="Confirmar contraseña"
              values={values}
              errorFor={form.errorFor}
              change={form.change}
              leave={form.leave}
              showPasswords={form.showPasswords}
              onShowPasswordsChange={form.setShowPasswords}
              autoFocus
            />
            {codeStep ? <SignInCodeField value={code} onChange={setCode} /> : null}
            <FormProblem message={form.failure} data-testid="reset-password-error" />
            <Button
              type="submit"
              size="lg"
              w="full"
              loading={loading}
              loadingText="Guardando..."
              disabled={loading}
              data-testid="reset-password-submit"
            >
              Guardar contraseña
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
