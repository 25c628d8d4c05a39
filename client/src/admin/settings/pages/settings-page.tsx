import {
  Box,
  Button,
  Field,
  Heading,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import {
  GLOBAL_INVOICE_PERIODICITIES,
  GLOBAL_INVOICE_PERIODICITY_LABELS,
  SHOP_SETTINGS_LABELS,
  SHOP_SETTINGS_OPTIONAL,
} from '@tienda/rules';
import { LuSave } from 'react-icons/lu';
import { FormField } from '../../../shared/forms/form-field';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';
import { PageHeading } from '../../../shared/ui/page-heading';
import {
  SETTINGS_HELP,
  SETTINGS_INPUT_MAX_LENGTH,
  SETTINGS_INPUT_MODE,
  SETTINGS_SECTIONS,
} from '../settings-form';
import { useShopSettings } from '../use-shop-settings';

/** Fields that take the whole row of their section (long texts and links). */
const WIDE = new Set([
  'address',
  'whatsappUrl',
  'facebookUrl',
  'trustUrl',
  'trackingUrl',
  'ordersEmails',
]);

/**
 * Ajustes (issue 26): the shop's name and contact, bank details, links, carrier and the orders'
 * notification addresses, in sections; checked by the rules of @tienda/rules before sending.
 */
export function AdminSettingsPage() {
  useDocumentTitle('Ajustes · Administración');
  const { query, values, errors, saving, change, submit } = useShopSettings();

  return (
    <>
      <PageHeading
        compact
        title="Ajustes"
        subtitle="Los datos de la tienda que ven los clientes y los avisos de pedidos. Se aplican sin reiniciar."
      />
      {query.error && !values ? (
        <LoadErrorAlert
          title="No se pudieron cargar los ajustes."
          onRetry={() => void query.refetch().catch(() => undefined)}
        />
      ) : !values ? (
        <Stack gap="4" aria-busy="true">
          <Skeleton h="48" rounded="xl" />
          <Skeleton h="48" rounded="xl" />
        </Stack>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate data-testid="settings-form">
          <Stack gap="4" maxW="4xl">
            {SETTINGS_SECTIONS.map((section) => (
              <Box
                as="section"
                key={section.id}
                aria-labelledby={`ajustes-${section.id}`}
                layerStyle="panel"
                rounded="xl"
                p={{ base: '4', md: '5' }}
                data-testid={`settings-section-${section.id}`}
              >
                <Heading as="h2" size="md" id={`ajustes-${section.id}`}>
                  {section.title}
                </Heading>
                <Text color="gray.600" fontSize="sm" mt="1" mb="4">
                  {section.description}
                </Text>
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                  {section.fields.map((field) => (
                    <Box key={field} gridColumn={WIDE.has(field) ? { md: 'span 2' } : undefined}>
                      {field === 'globalInvoicePeriodicity' ? (
                        <Field.Root invalid={errors[field] !== undefined} required>
                          <Field.Label>
                            {SHOP_SETTINGS_LABELS[field]}
                            <Field.RequiredIndicator />
                          </Field.Label>
                          <NativeSelect.Root>
                            <NativeSelect.Field
                              name={field}
                              value={values[field]}
                              bg="white"
                              onChange={(event) => change(field, event.currentTarget.value)}
                              data-testid="settings-global-invoice-periodicity"
                            >
                              {GLOBAL_INVOICE_PERIODICITIES.map((p) => (
                                <option key={p} value={p}>
                                  {GLOBAL_INVOICE_PERIODICITY_LABELS[p]}
                                </option>
                              ))}
                            </NativeSelect.Field>
                            <NativeSelect.Indicator />
                          </NativeSelect.Root>
                          {errors[field] ? (
                            <Field.ErrorText>{errors[field]}</Field.ErrorText>
                          ) : (
                            <Field.HelperText>{SETTINGS_HELP[field]}</Field.HelperText>
                          )}
                        </Field.Root>
                      ) : (
                        <FormField
                          label={SHOP_SETTINGS_LABELS[field]}
                          name={field}
                          value={values[field]}
                          onChange={(value) => change(field, value)}
                          error={errors[field]}
                          helperText={SETTINGS_HELP[field]}
                          required={!SHOP_SETTINGS_OPTIONAL.has(field)}
                          maxLength={SETTINGS_INPUT_MAX_LENGTH[field]}
                          inputMode={SETTINGS_INPUT_MODE[field]}
                          type={field === 'email' ? 'email' : 'text'}
                        />
                      )}
                    </Box>
                  ))}
                </SimpleGrid>
              </Box>
            ))}
            <Box>
              <Button
                type="submit"
                colorPalette="orange"
                size="lg"
                loading={saving}
                data-testid="settings-submit"
              >
                <LuSave />
                Guardar ajustes
              </Button>
            </Box>
          </Stack>
        </form>
      )}
    </>
  );
}
