import { Checkbox } from '@chakra-ui/react';

export interface ShowPasswordCheckboxProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** 'Mostrar contraseña' / 'Mostrar contraseñas'. */
export function ShowPasswordCheckbox({ label, checked, onChange }: ShowPasswordCheckboxProps) {
  return (
    <Checkbox.Root
      checked={checked}
      onCheckedChange={(details) => onChange(details.checked === true)}
      size="md"
      data-testid="show-password"
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}
