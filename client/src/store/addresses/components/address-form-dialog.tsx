import {
  Alert,
  Box,
  Button,
  Checkbox,
  CloseButton,
  Dialog,
  Grid,
  GridItem,
  Portal,
  useBreakpointValue,
} from '@chakra-ui/react';
import {
  ADDRESS_FIELDS,
  ADDRESS_LABELS,
  ADDRESS_MAX_LENGTH,
  type AddressErrors,
  type AddressField,
  type AddressValues,
  EMPTY_ADDRESS,
  hasAddressErrors,
  isAddressField,
  normalizeAddress,
  OPTIONAL_ADDRESS_FIELDS,
  validateAddress,
  WITHOUT_NUMBER_LABEL,
} from '@tienda/rules';
import { type FormEvent, useLayoutEffect, useRef, useState } from 'react';
import { mainHeading } from '../../../shared/focus/keep-focus';
import { FormField, type FormFieldProps } from '../../../shared/forms/form-field';
import { serverProblemOf } from '../../../shared/forms/server-errors';
import { notify } from '../../../shared/notifications/toaster';
import { ADDRESS_ADDED_MESSAGE, type Address } from '../use-addresses';
import { SimplifiedPrivacyNotice } from '../../../shared/legal/legal-links';

const ADD_FAILED_MESSAGE = 'No se pudo guardar la dirección. Intenta de nuevo.';

/** How each field is typed: numeric keyboards for número, código postal and teléfono. */
const FIELD_INPUT: Partial<Record<AddressField, Partial<FormFieldProps>>> = {
  firstName: { autoComplete: 'given-name' },
  lastName: { autoComplete: 'family-name' },
  street: { autoComplete: 'address-line1' },
  number: { inputMode: 'numeric' },
  interiorNumber: { helperText: 'Opcional: Depto. 4, Int. B, 12-B.' },
  postalCode: { inputMode: 'numeric', autoComplete: 'postal-code' },
  city: { autoComplete: 'address-level2' },
  state: { autoComplete: 'address-level1' },
  references: { helperText: 'Entre calles, color de la casa, algo que ayude a encontrarla.' },
  phone: {
    type: 'tel',
    inputMode: 'numeric',
    autoComplete: 'tel-national',
    helperText: '10 dígitos, sin espacios.',
  },
};

/** Fields that take the whole row on wide screens (número and número interior share one). */
const WIDE_FIELDS: readonly AddressField[] = ['street', 'references'];

const NOTHING_TOUCHED = Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, false])) as Record<
  AddressField,
  boolean
>;
const ALL_TOUCHED = Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, true])) as Record<
  AddressField,
  boolean
>;

export interface AddressFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  addAddress: (input: AddressValues) => Promise<Address>;
  onAdded?: (address: Address) => void;
}

/** 'Agregar dirección': every field of spec §5, checked here and by the server. */
export function AddressFormDialog({
  open,
  onOpenChange,
  addAddress,
  onAdded,
}: AddressFormDialogProps) {
  const [values, setValues] = useState<AddressValues>(EMPTY_ADDRESS);
  const [touched, setTouched] = useState(NOTHING_TOUCHED);
  const [serverErrors, setServerErrors] = useState<AddressErrors>({});
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  // Who opened the dialog gets the focus back when it closes (Escape, 'Cancelar' or 'Guardar');
  // when that control is gone (the page drew the new address instead), the page's first
  // 'Agregar dirección', else its heading.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement) {
      opener.current = document.activeElement;
    }
  }, [open]);
  const finalFocus = () =>
    (opener.current?.isConnected ? opener.current : null) ??
    document.querySelector<HTMLElement>('[data-testid="address-add"]') ??
    mainHeading();
  const errors = validateAddress(values);
  // Whole screen on phones; a responsive `size` would keep the full size's height on desktops.
  const size = useBreakpointValue({ base: 'full', md: 'lg' } as const, { ssr: false }) ?? 'full';

  const reset = () => {
    setValues(EMPTY_ADDRESS);
    setTouched(NOTHING_TOUCHED);
    setServerErrors({});
    setFailure(undefined);
  };

  const errorFor = (field: AddressField) =>
    serverErrors[field] ?? (touched[field] ? errors[field] : undefined);

  const change = (field: AddressField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
  };

  /** 'Sin número' empties and disables the número (an address without one is 'S/N'). */
  const changeWithoutNumber = (withoutNumber: boolean) => {
    setValues((current) => ({ ...current, withoutNumber, number: '' }));
    setServerErrors((current) => ({ ...current, number: undefined }));
    setTouched((current) => ({ ...current, number: false }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setTouched(ALL_TOUCHED);
    setFailure(undefined);
    const form = event.currentTarget;
    if (hasAddressErrors(errors)) {
      const first = ADDRESS_FIELDS.find((field) => errors[field]);
      if (first) form.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSaving(true);
    try {
      const address = await addAddress(normalizeAddress(values));
      notify(ADDRESS_ADDED_MESSAGE, { type: 'success' });
      reset();
      onOpenChange(false);
      onAdded?.(address);
    } catch (error) {
      console.error('No se pudo guardar la dirección', error);
      const problem = serverProblemOf(error);
      if (problem && isAddressField(problem.field)) {
        setServerErrors({ [problem.field]: problem.message });
        form.querySelector<HTMLInputElement>(`[name="${problem.field}"]`)?.focus();
      } else {
        setFailure(problem?.message ?? ADD_FAILED_MESSAGE);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog.Root
      open={open}
      finalFocusEl={finalFocus}
      onOpenChange={(details) => {
        if (!details.open) reset();
        onOpenChange(details.open);
      }}
      size={size}
      scrollBehavior="inside"
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="address-form-dialog">
            <form
              onSubmit={(event) => void submit(event)}
              noValidate
              style={{ display: 'contents' }}
            >
              <Dialog.Header>
                <Dialog.Title>Agregar dirección</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                {failure ? (
                  <Alert.Root status="error" rounded="lg" mb="4" data-testid="address-form-failure">
                    <Alert.Indicator />
                    <Alert.Title>{failure}</Alert.Title>
                  </Alert.Root>
                ) : null}
                <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
                  {ADDRESS_FIELDS.map((field) => (
                    <GridItem key={field} colSpan={{ md: WIDE_FIELDS.includes(field) ? 2 : 1 }}>
                      <FormField
                        label={ADDRESS_LABELS[field]}
                        name={field}
                        value={values[field]}
                        onChange={change(field)}
                        onBlur={() => setTouched((current) => ({ ...current, [field]: true }))}
                        error={errorFor(field)}
                        maxLength={ADDRESS_MAX_LENGTH[field]}
                        autoFocus={field === 'firstName'}
                        required={
                          !OPTIONAL_ADDRESS_FIELDS.includes(field) &&
                          !(field === 'number' && values.withoutNumber)
                        }
                        disabled={field === 'number' && values.withoutNumber}
                        {...FIELD_INPUT[field]}
                      />
                      {field === 'number' ? (
                        <Checkbox.Root
                          mt="2"
                          checked={values.withoutNumber}
                          onCheckedChange={(details) =>
                            changeWithoutNumber(details.checked === true)
                          }
                          data-testid="field-withoutNumber"
                        >
                          <Checkbox.HiddenInput name="withoutNumber" />
                          <Checkbox.Control />
                          <Checkbox.Label>{WITHOUT_NUMBER_LABEL}</Checkbox.Label>
                        </Checkbox.Root>
                      ) : null}
                    </GridItem>
                  ))}
                </Grid>
                <Box mt="4">
                  <SimplifiedPrivacyNotice />
                </Box>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline" type="button">
                    Cancelar
                  </Button>
                </Dialog.ActionTrigger>
                <Button
                  type="submit"
                  loading={saving}
                  loadingText="Guardando..."
                  data-testid="address-form-submit"
                >
                  Guardar dirección
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
