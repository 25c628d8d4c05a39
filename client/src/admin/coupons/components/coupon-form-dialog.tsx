import {
  Button,
  CloseButton,
  Dialog,
  Field,
  Grid,
  Input,
  InputGroup,
  Portal,
  RadioGroup,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import {
  COUPON_CODE_MAX_LENGTH,
  COUPON_KIND_LABELS,
  COUPON_KINDS,
  type CouponErrors,
  type CouponField,
  type CouponKind,
} from '@tienda/rules';
import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import type { AdminCouponFieldsFragment } from '../../../gql/graphql';
import { serverProblemOf } from '../../../shared/forms/server-errors';
import { notify } from '../../../shared/notifications/toaster';
import { CheckboxField } from '../../products/components/product-form/form-controls';
import { CreateCouponMutation, UpdateCouponMutation } from '../api';
import {
  COUPON_SCREEN_MESSAGES,
  checkCouponForm,
  couponFormValues,
  type CouponFormValues,
  isCouponField,
  NEW_COUPON_VALUES,
  usedCouponHint,
} from '../coupon-form';

type Coupon = AdminCouponFieldsFragment;

export interface CouponFormDialogProps {
  open: boolean;
  /** The coupon to edit; undefined for 'Nuevo cupón'. */
  coupon: Coupon | undefined;
  onClose: () => void;
}

/**
 * 'Nuevo cupón' and 'Editar cupón': the fields of CouponInput, checked with the coupon rules of
 * @tienda/rules before sending; the server's refusal (a code already taken…) under its field.
 * The focus goes to the code when the popup opens, and back to the button that opened it after.
 */
export function CouponFormDialog({ open, coupon, onClose }: CouponFormDialogProps) {
  const formId = useId();
  const [saving, setSaving] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !saving) onClose();
      }}
      size={{ base: 'full', md: 'lg' }}
      placement="center"
      scrollBehavior="inside"
      closeOnInteractOutside={false}
      initialFocusEl={() => codeRef.current}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="coupon-form-dialog">
            <Dialog.Header>
              <Dialog.Title>{coupon ? `Editar cupón ${coupon.code}` : 'Nuevo cupón'}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {open ? (
                <CouponForm
                  key={coupon?.id ?? 'new'}
                  coupon={coupon}
                  formId={formId}
                  codeRef={codeRef}
                  onSavingChange={setSaving}
                  onSaved={onClose}
                />
              ) : null}
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" disabled={saving}>
                  Cancelar
                </Button>
              </Dialog.ActionTrigger>
              <Button
                type="submit"
                form={formId}
                colorPalette="orange"
                loading={saving}
                data-testid="coupon-form-submit"
              >
                {coupon ? 'Guardar cambios' : 'Crear cupón'}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" disabled={saving} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The server's refusal codes whose message the admin can act on (the rest: a generic line). */
const EXPLAINED = new Set(['BAD_USER_INPUT', 'CONFLICT', 'NOT_FOUND']);

interface CouponFormProps {
  coupon: Coupon | undefined;
  formId: string;
  codeRef: RefObject<HTMLInputElement | null>;
  onSavingChange: (saving: boolean) => void;
  onSaved: () => void;
}

function CouponForm({ coupon, formId, codeRef, onSavingChange, onSaved }: CouponFormProps) {
  const [values, setValues] = useState<CouponFormValues>(() =>
    coupon ? couponFormValues(coupon) : NEW_COUPON_VALUES,
  );
  const [errors, setErrors] = useState<CouponErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const [createCoupon] = useMutation(CreateCouponMutation, {
    // Newest first: the new coupon heads the first page; refetch the shown page.
    refetchQueries: ['AdminCoupons'],
    awaitRefetchQueries: true,
  });
  const [updateCoupon] = useMutation(UpdateCouponMutation);
  const usedHint = usedCouponHint(coupon);
  const usedHintId = useId();

  const set = <K extends keyof CouponFormValues>(key: K, value: CouponFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    const field: CouponField = key === 'minimum' ? 'minimumCents' : (key as CouponField);
    setErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  };

  /** The first field with a message gets the focus, so the admin lands on what to fix. */
  const focusField = (field: CouponField) => {
    requestAnimationFrame(() => {
      formRef.current?.querySelector<HTMLElement>(`[data-field="${field}"]`)?.focus();
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = checkCouponForm(values);
    if (!check.ok) {
      setErrors(check.errors);
      focusField(check.firstField);
      return;
    }
    setErrors({});
    onSavingChange(true);
    try {
      if (coupon) {
        await updateCoupon({ variables: { id: coupon.id, input: check.input } });
        notify(COUPON_SCREEN_MESSAGES.updated, { type: 'success' });
      } else {
        await createCoupon({ variables: { input: check.input } });
        notify(COUPON_SCREEN_MESSAGES.created, { type: 'success' });
      }
      onSaved();
    } catch (error) {
      const problem = serverProblemOf(error);
      const explained = problem?.code !== undefined && EXPLAINED.has(problem.code);
      if (!explained) console.error(COUPON_SCREEN_MESSAGES.saveFailed, error);
      if (explained && isCouponField(problem.field)) {
        setErrors({ [problem.field]: problem.message });
        focusField(problem.field);
      }
      notify(explained ? problem.message : COUPON_SCREEN_MESSAGES.saveFailed, { type: 'error' });
    } finally {
      onSavingChange(false);
    }
  };

  const kindDisabled = usedHint !== undefined;

  return (
    <form
      id={formId}
      ref={formRef}
      onSubmit={(event) => void submit(event)}
      noValidate
      data-testid="coupon-form"
    >
      <Stack gap="5">
        <Field.Root invalid={errors.code !== undefined} required>
          <Field.Label>
            Código
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            ref={codeRef}
            value={values.code}
            onChange={(event) => set('code', event.target.value)}
            maxLength={COUPON_CODE_MAX_LENGTH + 10}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            textTransform="uppercase"
            placeholder="HOTSALE"
            bg="white"
            data-field="code"
            data-testid="coupon-code"
          />
          {errors.code ? (
            <Field.ErrorText data-testid="coupon-error-code">{errors.code}</Field.ErrorText>
          ) : (
            <Field.HelperText>
              Letras sin acentos, números, guiones; se guarda en mayúsculas.
            </Field.HelperText>
          )}
        </Field.Root>

        <Stack gap="2">
          <RadioGroup.Root
            value={values.kind}
            onValueChange={(details) => set('kind', details.value as CouponKind)}
            disabled={kindDisabled}
            colorPalette="orange"
            aria-describedby={usedHint ? usedHintId : undefined}
            data-testid="coupon-kind"
          >
            <RadioGroup.Label fontWeight="medium" fontSize="sm" mb="2">
              Tipo de cupón
            </RadioGroup.Label>
            <Stack direction={{ base: 'column', md: 'row' }} gap={{ base: '2', md: '5' }}>
              {COUPON_KINDS.map((kind) => (
                <RadioGroup.Item key={kind} value={kind} data-testid={`coupon-kind-${kind}`}>
                  <RadioGroup.ItemHiddenInput
                    {...(kind === values.kind ? { 'data-field': 'kind' } : {})}
                  />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{COUPON_KIND_LABELS[kind]}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </Stack>
          </RadioGroup.Root>
          {errors.kind ? (
            <Text fontSize="sm" color="fg.error">
              {errors.kind}
            </Text>
          ) : null}
          {usedHint ? (
            <Text id={usedHintId} fontSize="sm" color="orange.800" data-testid="coupon-used-hint">
              {usedHint}
            </Text>
          ) : null}
        </Stack>

        {values.kind === 'FREE_SHIPPING' ? null : (
          <Field.Root invalid={errors.value !== undefined} required disabled={kindDisabled}>
            <Field.Label>
              {values.kind === 'PERCENTAGE' ? 'Porcentaje de descuento' : 'Monto del descuento'}
              <Field.RequiredIndicator />
            </Field.Label>
            <InputGroup
              startAddon={values.kind === 'FIXED' ? '$' : undefined}
              endAddon={values.kind === 'PERCENTAGE' ? '%' : undefined}
            >
              <Input
                value={values.value}
                onChange={(event) => set('value', event.target.value)}
                inputMode={values.kind === 'PERCENTAGE' ? 'numeric' : 'decimal'}
                autoComplete="off"
                placeholder={values.kind === 'PERCENTAGE' ? '15' : '150.00'}
                aria-describedby={usedHint ? usedHintId : undefined}
                bg="white"
                data-field="value"
                data-testid="coupon-value"
              />
            </InputGroup>
            {errors.value ? (
              <Field.ErrorText data-testid="coupon-error-value">{errors.value}</Field.ErrorText>
            ) : usedHint ? null : (
              <Field.HelperText>
                {values.kind === 'PERCENTAGE'
                  ? 'Un número entero del 1 al 100.'
                  : 'En pesos, con centavos si hace falta.'}
              </Field.HelperText>
            )}
          </Field.Root>
        )}
        <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4">
          <DateField
            label="Válido desde"
            field="validFrom"
            value={values.validFrom}
            onChange={(day) => set('validFrom', day)}
            error={errors.validFrom}
          />
          <DateField
            label="Válido hasta (inclusive)"
            field="validUntil"
            value={values.validUntil}
            onChange={(day) => set('validUntil', day)}
            error={errors.validUntil}
          />
          <NumberField
            label="Usos máximos"
            field="maxUses"
            value={values.maxUses}
            onChange={(text) => set('maxUses', text)}
            error={errors.maxUses}
            helper="Vacío: sin límite."
          />
          <NumberField
            label="Usos por cliente"
            field="maxUsesPerCustomer"
            value={values.maxUsesPerCustomer}
            onChange={(text) => set('maxUsesPerCustomer', text)}
            error={errors.maxUsesPerCustomer}
            helper="Vacío: sin límite."
          />
        </Grid>

        <Field.Root invalid={errors.minimumCents !== undefined}>
          <Field.Label>Compra mínima</Field.Label>
          <InputGroup startAddon="$">
            <Input
              value={values.minimum}
              onChange={(event) => set('minimum', event.target.value)}
              inputMode="decimal"
              autoComplete="off"
              placeholder="500.00"
              bg="white"
              data-field="minimumCents"
              data-testid="coupon-minimum"
            />
          </InputGroup>
          {errors.minimumCents ? (
            <Field.ErrorText data-testid="coupon-error-minimumCents">
              {errors.minimumCents}
            </Field.ErrorText>
          ) : (
            <Field.HelperText>
              En pesos, sobre los productos que aplican y sin el envío. Vacío: sin mínimo.
            </Field.HelperText>
          )}
        </Field.Root>

        <Stack gap="3">
          <CheckboxField
            checked={values.nonPromotionalOnly}
            onChange={(checked) => set('nonPromotionalOnly', checked)}
            testId="coupon-non-promotional"
          >
            Solo productos sin promoción
          </CheckboxField>
          <CheckboxField
            checked={values.active}
            onChange={(checked) => set('active', checked)}
            testId="coupon-active"
          >
            Activo
          </CheckboxField>
        </Stack>
      </Stack>
    </form>
  );
}

interface SmallFieldProps {
  label: string;
  field: CouponField;
  value: string;
  onChange: (text: string) => void;
  error: string | undefined;
}

function DateField({ label, field, value, onChange, error }: SmallFieldProps) {
  return (
    <Field.Root invalid={error !== undefined}>
      <Field.Label>{label}</Field.Label>
      <Input
        type="date"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        min="2000-01-01"
        max="2999-12-31"
        bg="white"
        data-field={field}
        data-testid={`coupon-${field}`}
      />
      {error ? (
        <Field.ErrorText data-testid={`coupon-error-${field}`}>{error}</Field.ErrorText>
      ) : (
        <Field.HelperText>Día de la Ciudad de México. Vacío: sin fecha.</Field.HelperText>
      )}
    </Field.Root>
  );
}

function NumberField({
  label,
  field,
  value,
  onChange,
  error,
  helper,
}: SmallFieldProps & { helper: string }) {
  return (
    <Field.Root invalid={error !== undefined}>
      <Field.Label>{label}</Field.Label>
      <Input
        value={value}
        onChange={(event) => onChange(event.target.value)}
        inputMode="numeric"
        autoComplete="off"
        bg="white"
        data-field={field}
        data-testid={`coupon-${field}`}
      />
      {error ? (
        <Field.ErrorText data-testid={`coupon-error-${field}`}>{error}</Field.ErrorText>
      ) : (
        <Field.HelperText>{helper}</Field.HelperText>
      )}
    </Field.Root>
  );
}
