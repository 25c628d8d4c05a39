import { useMutation, useQuery } from '@apollo/client/react';
import {
  Box,
  Button,
  Field,
  Heading,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Text,
} from '@chakra-ui/react';
import { type FormEvent, useId, useState } from 'react';
import { satKeysProblems, type SatKeysField } from '@tienda/rules';
import { actionFailureMessage } from '../../../shared/forms/server-errors';
import { notify } from '../../../shared/notifications/toaster';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';
import { SetProductTypeSatKeysMutation, TypeSatKeysQuery } from '../api';

const SAVED = 'Claves SAT guardadas';
const FAILED = 'No se pudieron guardar las claves SAT. Intenta de nuevo.';

/**
 * 'Claves SAT para facturar': a product type's c_ClaveProdServ and c_ClaveUnidad, which every
 * invoice line of its products carries (defaults by its name: clothing 53101600/H87, footwear
 * 53111600/PR). Checked by @tienda/rules before sending.
 */
export function SatKeysSection() {
  const { data, error, refetch } = useQuery(TypeSatKeysQuery);
  const [typeId, setTypeId] = useState<number | null>(null);
  const [keys, setKeys] = useState({ productKey: '', unitKey: '' });
  const [errors, setErrors] = useState<Partial<Record<SatKeysField, string>>>({});
  const [save, { loading }] = useMutation(SetProductTypeSatKeysMutation);
  const id = useId();

  const choose = (value: string) => {
    const type = data?.types.find((t) => t.id === Number(value));
    setTypeId(type ? type.id : null);
    setKeys(
      type
        ? { productKey: type.satProductKey, unitKey: type.satUnitKey }
        : { productKey: '', unitKey: '' },
    );
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (typeId === null || loading) return;
    const problems = satKeysProblems(keys);
    setErrors(Object.fromEntries(problems.map((p) => [p.field, p.message])));
    if (problems.length > 0) return;
    try {
      await save({ variables: { id: typeId, ...keys } });
      notify(SAVED, { type: 'success' });
    } catch (failure) {
      console.error('No se pudieron guardar las claves SAT', failure);
      notify(actionFailureMessage(failure, FAILED), { type: 'error' });
    }
  };

  return (
    <Box
      as="section"
      aria-labelledby={`${id}-title`}
      layerStyle="panel"
      rounded="xl"
      p={{ base: '4', md: '5' }}
      mt="4"
      data-testid="sat-keys-section"
    >
      <Heading as="h2" size="md" id={`${id}-title`} mb="1">
        Claves SAT para facturar
      </Heading>
      <Text fontSize="sm" color="gray.600" mb="3">
        La clave de producto y de unidad que lleva en la factura cada producto de un tipo.
      </Text>
      {error && !data ? (
        <LoadErrorAlert
          title="No se pudieron cargar las claves SAT."
          onRetry={() => void refetch().catch(() => undefined)}
        />
      ) : !data ? (
        <Skeleton h="20" rounded="md" />
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="3" alignItems="start">
            <Field.Root>
              <Field.Label>Tipo</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={typeId === null ? '' : String(typeId)}
                  bg="white"
                  onChange={(event) => choose(event.currentTarget.value)}
                  data-testid="sat-keys-type"
                >
                  <option value="">Elige un tipo</option>
                  {data.types.map((t) => (
                    <option key={t.id} value={t.id}>
                      {t.name} ({t.satProductKey} · {t.satUnitKey})
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root invalid={errors.productKey !== undefined} disabled={typeId === null}>
              <Field.Label>Clave de producto (c_ClaveProdServ)</Field.Label>
              <Input
                value={keys.productKey}
                inputMode="numeric"
                maxLength={8}
                bg="white"
                onChange={(event) => setKeys({ ...keys, productKey: event.target.value })}
                data-testid="sat-keys-product"
              />
              {errors.productKey ? <Field.ErrorText>{errors.productKey}</Field.ErrorText> : null}
            </Field.Root>
            <Field.Root invalid={errors.unitKey !== undefined} disabled={typeId === null}>
              <Field.Label>Clave de unidad (c_ClaveUnidad)</Field.Label>
              <Input
                value={keys.unitKey}
                maxLength={3}
                bg="white"
                onChange={(event) => setKeys({ ...keys, unitKey: event.target.value })}
                data-testid="sat-keys-unit"
              />
              {errors.unitKey ? <Field.ErrorText>{errors.unitKey}</Field.ErrorText> : null}
            </Field.Root>
          </SimpleGrid>
          <HStack mt="3">
            <Button
              type="submit"
              size="sm"
              colorPalette="orange"
              loading={loading}
              disabled={typeId === null}
              data-testid="sat-keys-submit"
            >
              Guardar claves SAT
            </Button>
          </HStack>
        </form>
      )}
    </Box>
  );
}
