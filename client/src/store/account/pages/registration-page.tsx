import { Button, Link, Stack } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import {
  EMPTY_REGISTRATION,
  REGISTRATION_FIELDS,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  REGISTRATION_MESSAGES,
  type RegistrationErrors,
  type RegistrationField,
  type RegistrationValues,
  hasErrors,
  messagesByField,
  normalizeRegistration,
  registrationProblems,
} from '@tienda/rules';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, Navigate } from 'react-router-dom';
import { notify } from '../../../shared/notifications/toaster';
import { useSession } from '../../../shared/session/use-session';
import { RegisterMutation } from '../api';
import { AuthCard } from '../components/auth-card';
import { FormField } from '../../../shared/forms/form-field';
import { FormProblem } from '../components/form-problem';
import { NewPasswordFields } from '../components/new-password-fields';
import { confirmationReady } from '../password-rules';
import { serverProblemOf } from '../../../shared/forms/server-errors';
import { useCompleteSignIn } from '../use-complete-sign-in';
import { useEmailAvailability } from '../use-email-availability';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { SimplifiedPrivacyNotice } from '../../../shared/legal/legal-links';

export const REGISTERED_MESSAGE = 'Usuario registrado correctamente';
export const REGISTRATION_FAILED_MESSAGE = REGISTRATION_MESSAGES.registrationFailed;

function isRegistrationField(field: string | undefined): field is RegistrationField {
  return REGISTRATION_FIELDS.some((known) => known === field);
}

const NO_FIELDS_TOUCHED: Record<RegistrationField, boolean> = {
  name: false,
  phone: false,
  email: false,
  password: false,
  passwordConfirmation: false,
};

/** /registro */
export function RegistrationPage() {
  useDocumentTitle('Registro');
  const session = useSession();
  const { complete, completed } = useCompleteSignIn();
  const emailAvailability = useEmailAvailability();
  const [values, setValues] = useState<RegistrationValues>(EMPTY_REGISTRATION);
  const [touched, setTouched] = useState(NO_FIELDS_TOUCHED);
  const [serverErrors, setServerErrors] = useState<RegistrationErrors>({});
  const [serverFailure, setServerFailure] = useState<string | undefined>(undefined);
  const [showPasswords, setShowPasswords] = useState(false);
  const [register, { loading }] = useMutation(RegisterMutation);

  const problems = registrationProblems(values, emailAvailability.isTaken(values.email));
  const errors: RegistrationErrors = messagesByField(problems);
  const emailTaken = problems.some((problem) => problem.reason === 'EMAIL_TAKEN');

  /** A rule's message shows once the field was left (or on submit); 'ya registrado' at once. */
  const errorFor = (field: RegistrationField): string | undefined => {
    if (serverErrors[field]) return serverErrors[field];
    if (field === 'email' && emailTaken) return errors.email;
    // The confirmation is judged as soon as it is as long as the password.
    if (
      field === 'passwordConfirmation' &&
      confirmationReady(values.password, values.passwordConfirmation)
    ) {
      return errors[field];
    }
    return touched[field] ? errors[field] : undefined;
  };

  const change = (field: RegistrationField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
    if (field === 'email') emailAvailability.check(value);
  };
  const leave = (field: RegistrationField) => () =>
    setTouched((current) => ({ ...current, [field]: true }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    setTouched({
      name: true,
      phone: true,
      email: true,
      password: true,
      passwordConfirmation: true,
    });
    setServerFailure(undefined);
    if (hasErrors(errors)) {
      const first = REGISTRATION_FIELDS.find((field) => errors[field]);
      if (first) event.currentTarget.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    const input = normalizeRegistration(values);
    try {
      const { data } = await register({ variables: { input } });
      if (!data) throw new Error('El servidor no devolvió el usuario');
      notify(REGISTERED_MESSAGE, { type: 'success' });
      complete(data.register, '/inicio');
    } catch (error) {
      console.error('No se pudo registrar el usuario', error);
      notify(REGISTRATION_FAILED_MESSAGE, { type: 'error' });
      const problem = serverProblemOf(error);
      const field = isRegistrationField(problem?.field)
        ? problem.field
        : problem?.code === 'CONFLICT'
          ? 'email'
          : undefined;
      if (problem && field) setServerErrors({ [field]: problem.message });
      else if (problem?.code === 'TOO_MANY_REQUESTS') setServerFailure(problem.message);
    }
  };

  if (session.user && !completed) return <Navigate to="/usuario" replace />;

  return (
    <AuthCard
      title="Crear cuenta"
      subtitle="Regístrate para comprar y seguir tus pedidos."
      data-testid="registration-page"
      footer={
        <>
          ¿Ya tienes cuenta?{' '}
          <Link asChild color="orange.700" fontWeight="semibold">
            <RouterLink to="/iniciar-sesion" data-testid="link-sign-in">
              Iniciar sesión
            </RouterLink>
          </Link>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="5">
          <FormField
            label="Nombre"
            name="name"
            value={values.name}
            onChange={change('name')}
            onBlur={leave('name')}
            error={errorFor('name')}
            autoComplete="name"
            maxLength={NAME_MAX_LENGTH}
            autoFocus
          />
          <FormField
            label="Teléfono"
            name="phone"
            type="tel"
            value={values.phone}
            onChange={change('phone')}
            onBlur={leave('phone')}
            error={errorFor('phone')}
            helperText="10 dígitos, sin espacios."
            autoComplete="tel-national"
            inputMode="numeric"
            maxLength={10}
          />
          <FormField
            label="Email"
            name="email"
            type="email"
            value={values.email}
            onChange={change('email')}
            onBlur={leave('email')}
            error={errorFor('email')}
            autoComplete="email"
            inputMode="email"
            maxLength={EMAIL_MAX_LENGTH}
          />
          <NewPasswordFields
            password="password"
            confirmation="passwordConfirmation"
            label="Contraseña"
            confirmationLabel="Confirmar contraseña"
            values={values}
            errorFor={errorFor}
            change={change}
            leave={leave}
            showPasswords={showPasswords}
            onShowPasswordsChange={setShowPasswords}
          />
          <SimplifiedPrivacyNotice />
          <FormProblem message={serverFailure} data-testid="registration-error" />
          <Button
            type="submit"
            size="lg"
            w="full"
            loading={loading}
            loadingText="Registrando..."
            data-testid="register-submit"
          >
            Registrarse
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
