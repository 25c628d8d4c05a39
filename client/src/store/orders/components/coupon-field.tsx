import { Badge, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { COUPON_CODE_MAX_LENGTH } from '@tienda/rules';
import { useEffect, useId, useRef, type FormEvent } from 'react';
import { LuTicketPercent, LuX } from 'react-icons/lu';

export const COUPON_FIELD_LABEL = 'Cupón de descuento';

export interface CouponFieldProps {
  /** The field's text, as typed. */
  typed: string;
  onTypedChange: (text: string) => void;
  onApply: () => void;
  onRemove: () => void;
  /** The code the server applied, or null. */
  applied: string | null;
  /** The summary for a new code is on its way. */
  checking: boolean;
  /** The server's refusal of the typed code, in its words. */
  refusal: string | undefined;
  /** The order is being created: nothing changes meanwhile. */
  disabled?: boolean;
}

/**
 * 'Cupón de descuento' on the order summary: a code and 'Aplicar'; once the server accepted it,
 * the code and 'Quitar cupón' (its discount is one of the summary's adjustments). A refusal is
 * said under the field, which keeps what was typed.
 */
export function CouponField({
  typed,
  onTypedChange,
  onApply,
  onRemove,
  applied,
  checking,
  refusal,
  disabled = false,
}: CouponFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  const wasApplied = useRef(applied !== null);
  const refusalId = useId();

  // Focus follows the field's state: to 'Quitar cupón' once a code applies, back to the input
  // once it is removed (the button that had it is gone).
  useEffect(() => {
    const now = applied !== null;
    if (now !== wasApplied.current) {
      if (now) removeRef.current?.focus();
      else inputRef.current?.focus();
      wasApplied.current = now;
    }
  }, [applied]);

  if (applied !== null) {
    return (
      <Stack gap="2" data-testid="coupon-applied">
        <Text fontSize="sm" fontWeight="medium" color="gray.700">
          {COUPON_FIELD_LABEL}
        </Text>
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Badge
            colorPalette="green"
            variant="subtle"
            size="lg"
            fontFamily="mono"
            data-testid="coupon-applied-code"
          >
            <LuTicketPercent aria-hidden="true" /> {applied}
          </Badge>
          <Button
            ref={removeRef}
            size="sm"
            variant="outline"
            onClick={onRemove}
            loading={checking}
            disabled={disabled || checking}
            data-testid="coupon-remove"
          >
            <LuX aria-hidden="true" /> Quitar cupón
          </Button>
        </HStack>
      </Stack>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply();
  };

  return (
    <form onSubmit={submit} data-testid="coupon-form" noValidate>
      <Field.Root invalid={refusal !== undefined}>
        <Field.Label>{COUPON_FIELD_LABEL}</Field.Label>
        <HStack gap="2" w="full" align="start">
          <Input
            ref={inputRef}
            value={typed}
            onChange={(event) => onTypedChange(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={COUPON_CODE_MAX_LENGTH + 10}
            placeholder="Escribe tu código"
            bg="white"
            flex="1"
            minW="0"
            disabled={disabled}
            aria-describedby={refusal ? refusalId : undefined}
            data-testid="coupon-input"
          />
          <Button
            type="submit"
            variant="outline"
            colorPalette="orange"
            loading={checking}
            disabled={disabled || checking || typed.trim() === ''}
            data-testid="coupon-apply"
          >
            Aplicar
          </Button>
        </HStack>
        {refusal ? (
          <Text
            id={refusalId}
            role="alert"
            fontSize="sm"
            color="fg.error"
            data-testid="coupon-refusal"
          >
            {refusal}
          </Text>
        ) : null}
      </Field.Root>
    </form>
  );
}
