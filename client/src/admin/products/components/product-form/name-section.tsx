import { Box, Field, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ProductLookups } from '../../product-form';
import type { ProductForm } from '../../use-product-form';
import { CheckboxField, LabeledField, LookupSelect, TextArea } from './form-controls';

interface SectionProps {
  form: ProductForm;
  lookups: ProductLookups;
}

/**
 * What the product is called: 'Producto especial' with a free name and description, or the
 * type, brand, number and colour the name and description are generated from (spec §3).
 */
export function NameSection({ form, lookups }: SectionProps) {
  const { values, set } = form;
  return (
    <>
      <CheckboxField
        checked={values.special}
        onChange={(checked) => set('special', checked)}
        testId="product-special"
      >
        Producto especial{' '}
        <Text as="span" color="gray.500" fontWeight="normal">
          (nombre y descripción libres)
        </Text>
      </CheckboxField>
      {values.special ? (
        <SpecialNameFields form={form} lookups={lookups} />
      ) : (
        <GeneratedNameFields form={form} lookups={lookups} />
      )}
    </>
  );
}

function SpecialNameFields({ form, lookups }: SectionProps) {
  const { values, set } = form;
  return (
    <Stack gap="4">
      <LabeledField label="Nombre especial" required>
        <Input
          value={values.specialName}
          maxLength={200}
          onChange={(event) => set('specialName', event.target.value)}
          data-testid="product-special-name"
        />
      </LabeledField>
      <LabeledField label="Descripción especial" required>
        <TextArea
          value={values.specialDescription}
          maxLength={2000}
          onChange={(event) => set('specialDescription', event.target.value)}
          data-testid="product-special-description"
        />
      </LabeledField>
      <TypeSelect form={form} lookups={lookups} />
    </Stack>
  );
}

function GeneratedNameFields({ form, lookups }: SectionProps) {
  const { values, set, generated } = form;
  return (
    <Stack gap="3">
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        <TypeSelect form={form} lookups={lookups} required />
        <LookupSelect
          label="Marca"
          items={lookups.brands}
          value={values.brandId}
          onChange={(id) => set('brandId', id)}
          testId="product-brand"
        />
        <Field.Root>
          <Field.Label>Número</Field.Label>
          <Input
            value={values.number}
            inputMode="numeric"
            maxLength={12}
            onChange={(event) => set('number', event.target.value)}
            data-testid="product-number"
          />
        </Field.Root>
        <LookupSelect
          label="Color"
          items={lookups.colors}
          value={values.colorId}
          onChange={(id) => set('colorId', id)}
          testId="product-color"
        />
      </SimpleGrid>
      <Box bg="gray.50" rounded="md" px="3" py="2" borderWidth="1px" borderColor="gray.200">
        <Text fontSize="xs" color="gray.500" textTransform="uppercase" letterSpacing="wide">
          Nombre generado
        </Text>
        <Text fontWeight="semibold" data-testid="product-generated-name">
          {generated.name || '—'}
        </Text>
        <Text fontSize="xs" color="gray.600" mt="1" lineClamp={3}>
          {generated.description}
        </Text>
      </Box>
    </Stack>
  );
}

/** The product's type: required unless the product is special. */
function TypeSelect({
  form: { values, set },
  lookups,
  required,
}: SectionProps & { required?: boolean }) {
  return (
    <LookupSelect
      label="Tipo"
      required={required}
      items={lookups.types}
      value={values.typeId}
      onChange={(id) => set('typeId', id)}
      testId="product-type"
    />
  );
}
