import { Field, Input, type InputProps } from '@chakra-ui/react';

export interface FormFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Shown under the field, in red, when set. */
  error?: string;
  helperText?: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  inputMode?: InputProps['inputMode'];
  maxLength?: number;
  autoFocus?: boolean;
  required?: boolean;
  disabled?: boolean;
}

/** A labelled input with its message underneath (Chakra v3 Field). */
export function FormField({
  label,
  name,
  value,
  onChange,
  onBlur,
  error,
  helperText,
  type = 'text',
  autoComplete,
  inputMode,
  maxLength,
  autoFocus,
  required = true,
  disabled,
}: FormFieldProps) {
  return (
    <Field.Root invalid={error !== undefined} required={required} disabled={disabled}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input
        name={name}
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        autoFocus={autoFocus}
        bg="white"
        size="lg"
        data-testid={`field-${name}`}
      />
      {error ? (
        <Field.ErrorText data-testid={`error-${name}`}>{error}</Field.ErrorText>
      ) : helperText ? (
        <Field.HelperText>{helperText}</Field.HelperText>
      ) : null}
    </Field.Root>
  );
}
