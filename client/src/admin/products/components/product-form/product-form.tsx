import { Stack, chakra } from '@chakra-ui/react';
import type { AdminProductFieldsFragment } from '../../../../gql/graphql';
import type { ProductLookups } from '../../product-form';
import { useProductForm } from '../../use-product-form';
import { NameSection } from './name-section';
import { PhotosSection } from './photos-section';
import { PriceSection } from './price-section';
import { SizesSection } from './sizes-section';

export interface ProductFormProps {
  product: AdminProductFieldsFragment | undefined;
  lookups: ProductLookups;
  /** The form's id: the dialog's footer holds its submit button. */
  formId: string;
  onSavingChange: (saving: boolean) => void;
  onSaved: () => void;
}

/** The popup's fields, section by section, submitted with the rules of spec §5. */
export function ProductForm({ formId, lookups, ...options }: ProductFormProps) {
  const form = useProductForm({ lookups, ...options });
  return (
    <chakra.form
      id={formId}
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit();
      }}
      noValidate
    >
      <Stack gap="5">
        <NameSection form={form} lookups={lookups} />
        <PriceSection form={form} />
        <SizesSection form={form} />
        <PhotosSection form={form} />
      </Stack>
    </chakra.form>
  );
}
