import { Alert, Box, Button, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { LuKeyRound } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { FormField } from '../../../shared/forms/form-field';
import { serverProblemOf } from '../../../shared/forms/server-errors';
import { notify } from '../../../shared/notifications/toaster';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';
import { AccountPasswordQuery, ChangePasswordMutation } from '../api';
import {
  FORGOT_PASSWORD_PATH,
  PASSWORD_MESSAGES,
  confirmationReady,
  newPasswordErrors,
} from '../password-rules';
import { PASSWORD_MAX_LENGTH } from '../registration-rules';
import { ShowPasswordCheckbox } from './show-password-checkbox';

type Field = 'currentPassword' | 'newPassword' | 'passwordConfirmation';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const FIELDS: readonly Field[] = ['currentPassword', 'newPassword', 'passwordConfirmation'];
const EMPTY: Values = { currentPassword: '', newPassword: '', passwordConfirmation: '' };
const UNTOUCHED: Record<Field, boolean> = {
  currentPassword: false,
  newPassword: false,
  passwordConfirmation: false,
};
const CHANGE_FAILED_MESSAGE = 'No se pudo cambiar la contraseña. Intenta de nuevo.';

function isField(field: string | undefined): field is Field {
  return FIELDS.some((known) => known === field);
}

/** The rules of the form: the current password is required, the new one follows registration's. */
export function validatePasswordChange(values: Values): Errors {
  const rules = newPasswordErrors(values.newPassword, values.passwordConfirmation);
  return {
    currentPassword: values.currentPassword === '' ? PASSWORD_MESSAGES.currentRequired : undefined,
    newPassword: rules.password,
    passwordConfirmation: rules.passwordConfirmation,
  };
}

function SectionCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box
      as="section"
      aria-labelledby="change-password-title"
      bg="white"
      rounded="2xl"
      borderWidth="1px"
      borderColor="gray.200"
      p={{ base: '5', md: '6' }}
      data-testid="change-password-section"
    >
      <Heading
        as="h2"
        id="change-password-title"
        size="lg"
        color="gray.900"
        mb="4"
        display="flex"
        alignItems="center"
        gap="2"
      >
        <LuKeyRound aria-hidden="true" />
        {title}
      </Heading>
      {children}
    </Box>
  );
}

/**
 * /usuario's 'Cambiar contraseña': the current password, a new one and its confirmation. An
 * account that signs in only with Google has no password: it is told so and offered the
 * forgotten-password link, which creates one.
 */
export function ChangePasswordSection({ email }: { email: string }) {
  const { data, error, refetch } = useQuery(AccountPasswordQuery);
  const hasPassword = data?.me?.hasPassword;

  if (hasPassword === undefined) {
    if (error) {
      return (
        <SectionCard title="Cambiar contraseña">
          <LoadErrorAlert
            title="No se pudo cargar tu contraseña."
            onRetry={() => void refetch().catch(() => undefined)}
          />
        </SectionCard>
      );
    }
    return (
      <SectionCard title="Cambiar contraseña">
        <Skeleton h="40" rounded="lg" aria-busy="true" />
      </SectionCard>
    );
  }

  if (!hasPassword) {
    return (
      <SectionCard title="Contraseña">
        <Stack gap="4" data-testid="google-only-password">
          <Text color="gray.700">
            Tu cuenta inicia sesión con Google, así que no tiene contraseña. Si quieres entrar
            también con tu email, crea una: te enviaremos un enlace a tu correo.
          </Text>
          <Box>
            <Button asChild variant="outline" colorPalette="orange">
              <RouterLink to={FORGOT_PASSWORD_PATH} data-testid="link-create-password">
                Crear una contraseña
              </RouterLink>
            </Button>
          </Box>
        </Stack>
      </SectionCard>
    );
  }

  return (
    <SectionCard title="Cambiar contraseña">
      <ChangePasswordForm email={email} />
    </SectionCard>
  );
}

function ChangePasswordForm({ email }: { email: string }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [touched, setTouched] = useState(UNTOUCHED);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const [showPasswords, setShowPasswords] = useState(false);
  const [changePassword, { loading }] = useMutation(ChangePasswordMutation);

  const errors = validatePasswordChange(values);
  const errorFor = (field: Field): string | undefined => {
    if (serverErrors[field]) return serverErrors[field];
    if (
      field === 'passwordConfirmation' &&
      confirmationReady(values.newPassword, values.passwordConfirmation)
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
    setTouched({ currentPassword: true, newPassword: true, passwordConfirmation: true });
    setFailure(undefined);
    const first = FIELDS.find((field) => errors[field]);
    if (first) {
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    try {
      await changePassword({ variables: values });
      notify(PASSWORD_MESSAGES.changed, { type: 'success' });
      setValues(EMPTY);
      setTouched(UNTOUCHED);
      setServerErrors({});
    } catch (error) {
      console.error('No se pudo cambiar la contraseña', error);
      const problem = serverProblemOf(error);
      if (!problem) setFailure(PASSWORD_MESSAGES.connectionFailed);
      else if (isField(problem.field)) setServerErrors({ [problem.field]: problem.message });
      else if (problem.code === 'INTERNAL_SERVER_ERROR' || !problem.message) {
        setFailure(CHANGE_FAILED_MESSAGE);
      } else setFailure(problem.message);
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="change-password-form">
      {/* For password managers: whose password this is. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <Stack gap="5">
        <FormField
          label="Contraseña actual"
          name="currentPassword"
          type={showPasswords ? 'text' : 'password'}
          value={values.currentPassword}
          onChange={change('currentPassword')}
          onBlur={leave('currentPassword')}
          error={errorFor('currentPassword')}
          autoComplete="current-password"
          maxLength={PASSWORD_MAX_LENGTH}
        />
        <FormField
          label="Contraseña nueva"
          name="newPassword"
          type={showPasswords ? 'text' : 'password'}
          value={values.newPassword}
          onChange={change('newPassword')}
          onBlur={leave('newPassword')}
          error={errorFor('newPassword')}
          helperText="Al menos 8 caracteres, con una mayúscula, una minúscula y un número."
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
        />
        <FormField
          label="Confirmar contraseña nueva"
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
          <Alert.Root status="error" rounded="lg" data-testid="change-password-error">
            <Alert.Indicator />
            <Alert.Title>{failure}</Alert.Title>
          </Alert.Root>
        ) : null}
        <Box>
          <Button
            type="submit"
            loading={loading}
            loadingText="Guardando..."
            disabled={loading}
            data-testid="change-password-submit"
          >
            Cambiar contraseña
          </Button>
        </Box>
      </Stack>
    </form>
  );
}
