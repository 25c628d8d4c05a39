import { Alert, Button, Link, Stack } from '@chakra-ui/react';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { FormField } from '../../../shared/forms/form-field';
import { serverProblemOf } from '../../../shared/forms/server-errors';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { notify } from '../../../shared/notifications/toaster';
import { useSession } from '../../../shared/session/use-session';
import { ResetPasswordMutation } from '../api';
import { AuthCard } from '../components/auth-card';
import { ShowPasswordCheckbox } from '../components/show-password-checkbox';
import {
  FORGOT_PASSWORD_PATH,
  PASSWORD_MESSAGES,
  type NewPasswordErrors,
  confirmationReady,
  newPasswordErrors,
} from '../password-rules';
import { PASSWORD_MAX_LENGTH } from '../registration-rules';
import { useCompleteSignIn } from '../use-complete-sign-in';

type Field = keyof NewPasswordErrors;
const FIELDS: readonly Field[] = ['password', 'passwordConfirmation'];

function isField(field: string | undefined): field is Field {
  return FIELDS.some((known) => known === field);
}

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
  const [values, setValues] = useState({ password: '', passwordConfirmation: '' });
  const [touched, setTouched] = useState({ password: false, passwordConfirmation: false });
  const [serverErrors, setServerErrors] = useState<NewPasswordErrors>({});
  const [tokenProblem, setTokenProblem] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const [showPasswords, setShowPasswords] = useState(false);
  const [resetPassword, { loading }] = useMutation(ResetPasswordMutation);

  const errors = newPasswordErrors(values.password, values.passwordConfirmation);
  const errorFor = (field: Field): string | undefined => {
    if (serverErrors[field]) return serverErrors[field];
    if (
      field === 'passwordConfirmation' &&
      confirmationReady(values.password, values.passwordConfirmation)
    ) {
      return errors[field];
    }
    return touched[field] ? errors[field] : undefined;
  };

  const change = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
    setFailure(undefined);
  };
  const leave = (field: Field) => () => setTouched((current) => ({ ...current, [field]: true }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    setTouched({ password: true, passwordConfirmation: true });
    setFailure(undefined);
    const first = FIELDS.find((field) => errors[field]);
    if (first) {
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    try {
      const { data } = await resetPassword({
        variables: {
          token,
          password: values.password,
          passwordConfirmation: values.passwordConfirmation,
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
      else if (isField(problem.field)) setServerErrors({ [problem.field]: problem.message });
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
            <FormField
              label="Contraseña nueva"
              name="password"
              type={showPasswords ? 'text' : 'password'}
              value={values.password}
              onChange={change('password')}
              onBlur={leave('password')}
              error={errorFor('password')}
              helperText="Al menos 8 caracteres, con una mayúscula, una minúscula y un número."
              autoComplete="new-password"
              maxLength={PASSWORD_MAX_LENGTH}
              autoFocus
            />
            <FormField
              label="Confirmar contraseña"
              name="passwordConfirmation"
              type={showPasswords ? 'text' : 'password'}
              value={values.passwordConfirmation}
              onChange={change('passwordConfirmation')}
              onBlur={leave('passwordConfirmation')}
              error={errorFor('passwordConfirmation')}
              autoComplete="new-password"
              maxLength={PASSWORD_MAX_LENGTH}
            />
            <ShowPasswordCheckbox
              label="Mostrar contraseñas"
              checked={showPasswords}
              onChange={setShowPasswords}
            />
            {failure ? (
              <Alert.Root status="error" rounded="lg" data-testid="reset-password-error">
                <Alert.Indicator />
                <Alert.Title>{failure}</Alert.Title>
              </Alert.Root>
            ) : null}
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
