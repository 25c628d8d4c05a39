import { FormField } from '../../../shared/forms/form-field';

/**
 * The second step of a sign-in (password, or a reset link) for an account with two-factor
 * sign-in: shown once the server answers TOTP_REQUIRED, focused, taking an app code or a recovery
 * code.
 */
export function SignInCodeField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <FormField
      label="Código de verificación"
      name="code"
      value={value}
      onChange={onChange}
      autoComplete="one-time-code"
      helperText="El código de 6 dígitos de tu app de autenticación, o un código de recuperación."
      maxLength={20}
      autoFocus
    />
  );
}
