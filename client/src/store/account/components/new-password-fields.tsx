import { FormField } from '../../../shared/forms/form-field';
import { PASSWORD_MAX_LENGTH } from '@tienda/rules';
import { ShowPasswordCheckbox } from './show-password-checkbox';

export interface NewPasswordFieldsProps<F extends string> {
  /** The new password's input name ('password', or 'newPassword' beside the current one). */
  password: F;
  /** The confirmation's input name. */
  confirmation: F;
  label: string;
  confirmationLabel: string;
  values: Readonly<Record<F, string>>;
  /** The message shown under a field, if any (the form decides when a rule's message shows). */
  errorFor: (field: F) => string | undefined;
  change: (field: F) => (value: string) => void;
  leave: (field: F) => () => void;
  showPasswords: boolean;
  onShowPasswordsChange: (show: boolean) => void;
  autoFocus?: boolean;
}

/**
 * A new password with the registration's rules, its confirmation and 'Mostrar contraseñas': the
 * registration, the reset and the change of a password ask for it alike.
 */
export function NewPasswordFields<F extends string>({
  password,
  confirmation,
  label,
  confirmationLabel,
  values,
  errorFor,
  change,
  leave,
  showPasswords,
  onShowPasswordsChange,
  autoFocus,
}: NewPasswordFieldsProps<F>) {
  const type = showPasswords ? 'text' : 'password';
  return (
    <>
      <FormField
        label={label}
        name={password}
        type={type}
        value={values[password]}
        onChange={change(password)}
        onBlur={leave(password)}
        error={errorFor(password)}
        helperText="Al menos 8 caracteres, con una mayúscula, una minúscula y un número."
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        autoFocus={autoFocus}
      />
      <FormField
        label={confirmationLabel}
        name={confirmation}
        type={type}
        value={values[confirmation]}
        onChange={change(confirmation)}
        onBlur={leave(confirmation)}
        error={errorFor(confirmation)}
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
      />
      <ShowPasswordCheckbox
        label="Mostrar contraseñas"
        checked={showPasswords}
        onChange={onShowPasswordsChange}
      />
    </>
  );
}
