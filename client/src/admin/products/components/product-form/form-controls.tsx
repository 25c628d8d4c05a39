import { Checkbox, Field, chakra } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';

/** The look the form's native select and textarea share with Chakra's inputs. */
const NATIVE_FIELD = {
  width: 'full',
  px: '3',
  borderWidth: '1px',
  borderColor: 'border',
  rounded: 'l2',
  bg: 'white',
  fontSize: 'sm',
  outline: 0,
  _focusVisible: {
    borderColor: 'orange.500',
    boxShadow: '0 0 0 1px var(--chakra-colors-orange-500)',
  },
} as const;

const NativeSelect = chakra('select', { base: { ...NATIVE_FIELD, height: '10' } });

export const TextArea = chakra('textarea', { base: { ...NATIVE_FIELD, minHeight: '28', py: '2' } });

interface LookupSelectProps {
  label: string;
  items: readonly { id: number; name: string }[];
  value: number | null;
  onChange: (id: number | null) => void;
  required?: boolean;
  testId: string;
}

/** A type, brand or colour: one of the list's, or none ('Elige uno' when one is required). */
export function LookupSelect({
  label,
  items,
  value,
  onChange,
  required,
  testId,
}: LookupSelectProps) {
  const id = useId();
  return (
    <LabeledField label={label} required={required} controlId={id}>
      <NativeSelect
        id={id}
        value={value === null ? '' : String(value)}
        onChange={(event) =>
          onChange(event.target.value === '' ? null : Number(event.target.value))
        }
        data-testid={testId}
      >
        <option value="">{required ? 'Elige uno' : 'Ninguno'}</option>
        {items.map((item) => (
          <option key={item.id} value={item.id}>
            {item.name}
          </option>
        ))}
      </NativeSelect>
    </LabeledField>
  );
}

interface CheckboxFieldProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  testId: string;
  children: ReactNode;
}

/** A yes/no of the form ('Producto especial', 'En promoción'), its label beside the box. */
export function CheckboxField({ checked, onChange, testId, children }: CheckboxFieldProps) {
  return (
    <Checkbox.Root
      checked={checked}
      onCheckedChange={(details) => onChange(details.checked === true)}
      data-testid={testId}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{children}</Checkbox.Label>
    </Checkbox.Root>
  );
}

interface LabeledFieldProps {
  label: string;
  required?: boolean;
  /** The control's id, when the control is not one of Chakra's (a native select). */
  controlId?: string;
  /** The control, and a helper text under it if any. */
  children: ReactNode;
}

/** A field of the form: its label (with the required mark when it is) above its control. */
export function LabeledField({ label, required, controlId, children }: LabeledFieldProps) {
  return (
    // The field's `id` is its control's (the label's `for`); `ids.control` names the field's root
    // in Ark's Field, which left the selects without a name (axe's select-name).
    <Field.Root id={controlId} required={required}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {children}
    </Field.Root>
  );
}
