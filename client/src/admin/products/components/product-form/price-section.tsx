import { Field, Input, InputGroup, SimpleGrid, Stack } from '@chakra-ui/react';
import type { ProductForm } from '../../use-product-form';
import { CheckboxField, LabeledField } from './form-controls';

/** The price in pesos, and 'En promoción' with the promotion price when on. */
export function PriceSection({ form: { values, set } }: { form: ProductForm }) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3" alignItems="end">
      <LabeledField label="Precio" required>
        <PesosInput
          value={values.price}
          onChange={(text) => set('price', text)}
          testId="product-price"
        />
      </LabeledField>
      <Stack gap="2">
        <CheckboxField
          checked={values.promotion}
          onChange={(checked) => set('promotion', checked)}
          testId="product-promotion"
        >
          En promoción
        </CheckboxField>
        {values.promotion ? (
          <Field.Root>
            <Field.Label srOnly>Precio de promoción</Field.Label>
            <PesosInput
              value={values.promotionPrice}
              onChange={(text) => set('promotionPrice', text)}
              placeholder="Precio de promoción"
              testId="product-promotion-price"
            />
          </Field.Root>
        ) : null}
      </Stack>
    </SimpleGrid>
  );
}

interface PesosInputProps {
  value: string;
  onChange: (text: string) => void;
  placeholder?: string;
  testId: string;
}

/** An amount in pesos as typed, after a '$'. */
function PesosInput({ value, onChange, placeholder, testId }: PesosInputProps) {
  return (
    <InputGroup startElement="$">
      <Input
        value={value}
        inputMode="decimal"
        maxLength={12}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
      />
    </InputGroup>
  );
}
