import { Button, HStack, Link, Separator, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { type FormEvent, useCallback, useState } from 'react';
import { Link as RouterLink, Navigate, useLocation } from 'react-router-dom';
import { readReturnTo } from '../../../shared/navigation/return-to';
import { useSession } from '../../../shared/session/use-session';
import { GoogleSignInSettingsQuery, SignInMutation, SignInWithGoogleMutation } from '../api';
import { AuthCard } from '../components/auth-card';
import { FormProblem } from '../components/form-problem';
import { FormField } from '../../../shared/forms/form-field';
import { SignInCodeField } from '../two-factor/sign-in-code-field';
import { GoogleSignInButton } from '../components/google-sign-in-button';
import { ShowPasswordCheckbox } from '../components/show-password-checkbox';
import { serverProblemOf } from '../../../shared/forms/server-errors';
import { useCompleteSignIn } from '../use-complete-sign-in';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { FORGOT_PASSWORD_PATH } from '../password-rules';
import { errorReason } from '../../../shared/error-reason';

export const SIGN_IN_FAILED_MESSAGE = 'Email o contraseña incorrectos';
export const GOOGLE_SIGN_IN_FAILED_MESSAGE = 'ocurrió un error al iniciar sesión con Google';
export const CONNECTION_FAILED_MESSAGE =
  'No se pudo conectar con la tienda. Revisa tu conexión e intenta de nuevo.';

/** Two-factor sign-in: the server asks for a code (TOTP_REQUIRED) or refused the one sent. */
const CODE_REASONS = ['TOTP_REQUIRED', 'TOTP_INVALID'];

/** The message for a failed sign-in: the server's own one unless it is the wrong-credentials case. */
function signInFailureMessage(error: unknown): string {
  const problem = serverProblemOf(error);
  if (!problem) return CONNECTION_FAILED_MESSAGE;
  if (CODE_REASONS.includes(errorReason(error) ?? '')) return problem.message;
  if (problem.code === 'UNAUTHENTICATED' || problem.code === undefined) {
    return SIGN_IN_FAILED_MESSAGE;
  }
  return problem.message || SIGN_IN_FAILED_MESSAGE;
}

/** /iniciar-sesion and /login */
export function SignInPage() {
  useDocumentTitle('Iniciar sesión');
  const session = useSession();
  const { complete, completed } = useCompleteSignIn();
  // Sent here from a page that needs a session (or from 'Tu sesión terminó…'): back there after.
  const returnTo = readReturnTo(useLocation().state);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const [googleUnavailable, setGoogleUnavailable] = useState(false);
  // The second step of an account with two-factor sign-in: shown once the server asks for it.
  const [codeStep, setCodeStep] = useState(false);
  const [code, setCode] = useState('');
  const [googleCredential, setGoogleCredential] = useState<string | null>(null);
  const [signIn, { loading: signingIn }] = useMutation(SignInMutation);
  const [signInWithGoogle, { loading: signingInWithGoogle }] =
    useMutation(SignInWithGoogleMutation);
  const { data: settings } = useQuery(GoogleSignInSettingsQuery);
  const googleClientId = settings?.shopSettings.googleClientId ?? null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signingIn) return;
    setFailure(undefined);
    if (codeStep && googleCredential) {
      signInGoogle(googleCredential, code.trim());
      return;
    }
    try {
      const { data } = await signIn({
        variables: { email: email.trim(), password, ...(codeStep ? { code: code.trim() } : {}) },
      });
      if (!data) throw new Error('El servidor no devolvió el usuario');
      complete(data.signIn, returnTo);
    } catch (error) {
      console.error('No se pudo iniciar sesión', error);
      if (errorReason(error) === 'TOTP_REQUIRED') setCodeStep(true);
      setFailure(signInFailureMessage(error));
    }
  };

  const googleFailed = useCallback((error: unknown) => {
    console.error('No se pudo iniciar sesión con Google', error);
    setFailure(GOOGLE_SIGN_IN_FAILED_MESSAGE);
  }, []);

  const googleScriptFailed = useCallback(
    (error: unknown) => {
      setGoogleUnavailable(true);
      googleFailed(error);
    },
    [googleFailed],
  );

  const signInGoogle = useCallback(
    (credential: string, secondFactorCode: string | null = null) => {
      setFailure(undefined);
      const variables =
        secondFactorCode === null ? { credential } : { credential, code: secondFactorCode };
      signInWithGoogle({ variables })
        .then(({ data }) => {
          if (!data) throw new Error('El servidor no devolvió el usuario');
          complete(data.signInWithGoogle, returnTo);
        })
        .catch((error: unknown) => {
          const problem = serverProblemOf(error);
          const reason = errorReason(error);
          // Two-factor sign-in: the same Google answer is sent again with the code.
          if (problem && reason && CODE_REASONS.includes(reason)) {
            if (reason === 'TOTP_REQUIRED') {
              setGoogleCredential(credential);
              setCodeStep(true);
            }
            setFailure(problem.message);
          } else if (problem?.code === 'TOO_MANY_REQUESTS') {
            // A rate limit explains itself; everything else is the spec's Google message.
            console.error('No se pudo iniciar sesión con Google', error);
            setFailure(problem.message);
          } else {
            googleFailed(error);
          }
        });
    },
    [complete, googleFailed, returnTo, signInWithGoogle],
  );
  const googleCredentialReceived = useCallback(
    (credential: string) => signInGoogle(credential),
    [signInGoogle],
  );

  // A visitor who is already signed in has nothing to do here.
  if (session.user && !completed) return <Navigate to="/usuario" replace />;

  const busy = signingIn || signingInWithGoogle;

  return (
    <AuthCard
      title="Iniciar sesión"
      subtitle="Entra a tu cuenta para comprar y ver tus pedidos."
      data-testid="sign-in-page"
      footer={
        <>
          ¿No tienes cuenta?{' '}
          <Link asChild color="orange.700" fontWeight="semibold">
            <RouterLink to="/registro" data-testid="link-register">
              Registrarse
            </RouterLink>
          </Link>
        </>
      }
    >
      <form onSubmit={submit}>
        <Stack gap="5">
          <FormField
            label="Email"
            name="email"
            type="email"
            value={email}
            onChange={setEmail}
            autoComplete="email"
            inputMode="email"
            autoFocus
          />
          <FormField
            label="Contraseña"
            name="password"
            type={showPassword ? 'text' : 'password'}
            value={password}
            onChange={setPassword}
            autoComplete="current-password"
          />
          {codeStep ? <SignInCodeField value={code} onChange={setCode} /> : null}
          <HStack justify="space-between" gap="3" wrap="wrap">
            <ShowPasswordCheckbox
              label="Mostrar contraseña"
              checked={showPassword}
              onChange={setShowPassword}
            />
            <Link asChild color="orange.700" fontWeight="semibold" fontSize="sm">
              <RouterLink to={FORGOT_PASSWORD_PATH} data-testid="link-forgot-password">
                ¿Olvidaste tu contraseña?
              </RouterLink>
            </Link>
          </HStack>
          {/* Stays next to the form until the next attempt (a notification would vanish in 3 s). */}
          <FormProblem message={failure} data-testid="sign-in-error" role="alert" />
          <Button
            type="submit"
            size="lg"
            w="full"
            loading={signingIn}
            loadingText="Iniciando sesión..."
            disabled={busy}
            data-testid="sign-in-submit"
          >
            Iniciar sesión
          </Button>
        </Stack>
      </form>

      {googleClientId && !googleUnavailable ? (
        <Stack gap="4" mt="6">
          <HStack gap="3">
            <Separator flex="1" />
            <Text flexShrink="0" fontSize="sm" color="gray.500">
              o
            </Text>
            <Separator flex="1" />
          </HStack>
          <GoogleSignInButton
            clientId={googleClientId}
            onCredential={googleCredentialReceived}
            onError={googleFailed}
            onUnavailable={googleScriptFailed}
          />
        </Stack>
      ) : null}
    </AuthCard>
  );
}
