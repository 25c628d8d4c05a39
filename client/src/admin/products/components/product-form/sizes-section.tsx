import { Field, Input, SimpleGrid, chakra } from '@chakra-ui/react';
import type { ProductForm } from '../../use-product-form';
import { LabeledField } from './form-controls';

/** The sizes, comma-separated, and one quantity in stock per size. */
export function SizesSection({ form }: { form: ProductForm }) {
  const { values, sizes, changeSizes, changeQuantity } = form;
  return (
    <>
      <LabeledField label="Tallas" required>
        <Input
          value={values.sizesText}
          maxLength={200}
          onChange={(event) => changeSizes(event.target.value)}
          data-testid="product-sizes"
        />
        <Field.HelperText>Separadas por comas, por ejemplo S,M,L,XL o 25,26,27.</Field.HelperText>
      </LabeledField>

      {sizes.length > 0 ? (
        <chakra.fieldset>
          <chakra.legend fontSize="sm" fontWeight="medium">
            Cantidad por talla
          </chakra.legend>
          <SimpleGrid columns={{ base: 3, sm: 4 }} gap="2" mt="2">
            {sizes.map((size, index) => (
              <Field.Root key={`${size}-${index}`}>
                <Field.Label fontSize="xs" color="gray.600">
                  {size}
                </Field.Label>
                <Input
                  type="number"
                  min={0}
                  step={1}
                  size="sm"
                  value={
                    Number.isNaN(values.quantities[index]) ? '' : (values.quantities[index] ?? '')
                  }
                  onChange={(event) => changeQuantity(index, event.target.value)}
                  data-testid="product-quantity"
                  data-size={size}
                />
              </Field.Root>
            ))}
          </SimpleGrid>
        </chakra.fieldset>
      ) : null}
    </>
  );
}
