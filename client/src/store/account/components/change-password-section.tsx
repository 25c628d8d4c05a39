import { Box, Button, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { type FormEvent, type ReactNode } from 'react';
import { LuKeyRound } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { PASSWORD_MAX_LENGTH } from '@tienda/rules';
import { FormField } from '../../../shared/forms/form-field';
import { serverProblemOf } from '../../../shared/forms/server-errors';
import { notify } from '../../../shared/notifications/toaster';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';
import { AccountPasswordQuery, ChangePasswordMutation } from '../api';
import { FORGOT_PASSWORD_PATH, PASSWORD_MESSAGES, newPasswordErrors } from '../password-rules';
import { usePasswordForm } from '../use-password-form';
import { FormProblem } from './form-problem';
import { NewPasswordFields } from './new-password-fields';

type Field = 'currentPassword' | 'newPassword' | 'passwordConfirmation';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const FIELDS: readonly Field[] = ['currentPassword', 'newPassword', 'passwordConfirmation'];
const EMPTY: Values = { currentPassword: '', newPassword: '', passwordConfirmation: '' };
const CHANGE_FAILED_MESSAGE = 'No se pudo cambiar la contraseña. Intenta de nuevo.';

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
      layerStyle="panel"
      rounded="2xl"
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
  const form = usePasswordForm({
    fields: FIELDS,
    empty: EMPTY,
    password: 'newPassword',
    confirmation: 'passwordConfirmation',
    validate: validatePasswordChange,
  });
  const { values, errorFor, change, leave, setFailure } = form;
  const [changePassword, { loading }] = useMutation(ChangePasswordMutation);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    if (!form.checkBeforeSending(event)) return;
    try {
      await changePassword({ variables: values });
      notify(PASSWORD_MESSAGES.changed, { type: 'success' });
      form.clear();
    } catch (error) {
      console.error('No se pudo cambiar la contraseña', error);
      const problem = serverProblemOf(error);
      if (!problem) setFailure(PASSWORD_MESSAGES.connectionFailed);
      else if (form.isField(problem.field)) form.showServerError(problem.field, problem.message);
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
          type={form.showPasswords ? 'text' : 'password'}
          value={values.currentPassword}
          onChange={change('currentPassword')}
          onBlur={leave('currentPassword')}
          error={errorFor('currentPassword')}
          autoComplete="current-password"
          maxLength={PASSWORD_MAX_LENGTH}
        />
        <NewPasswordFields
          password="newPassword"
          confirmation="passwordConfirmation"
          label="Contraseña nueva"
          confirmationLabel="Confirmar contraseña nueva"
          values={values}
          errorFor={errorFor}
          change={change}
          leave={leave}
          showPasswords={form.showPasswords}
          onShowPasswordsChange={form.setShowPasswords}
        />
        <FormProblem message={form.failure} data-testid="change-password-error" />
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
