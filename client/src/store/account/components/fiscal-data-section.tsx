import { useMutation, useQuery } from '@apollo/client/react';
import { Box, Button, Field, Heading, NativeSelect, Skeleton, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { LuReceipt } from 'react-icons/lu';
import {
  EMPTY_FISCAL_DATA,
  FISCAL_FIELDS,
  FISCAL_LABELS,
  FISCAL_MAX_LENGTH,
  type FiscalErrors,
  type FiscalField,
  type FiscalValues,
  cfdiUsesFor,
  isFiscalField,
  taxRegimesFor,
  taxpayerKindOf,
  validateFiscalData,
} from '@tienda/rules';
import { FormField } from '../../../shared/forms/form-field';
import { actionFailureMessage, serverProblemOf } from '../../../shared/forms/server-errors';
import { notify } from '../../../shared/notifications/toaster';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';
import { MyFiscalDataQuery, SaveFiscalDataMutation } from '../api';
import { FormProblem } from './form-problem';

const SAVED_MESSAGE = 'Datos fiscales guardados';
const SAVE_FAILED_MESSAGE = 'No se pudieron guardar tus datos fiscales. Intenta de nuevo.';

function SectionCard({ children }: { children: ReactNode }) {
  return (
    <Box
      as="section"
      aria-labelledby="fiscal-data-title"
      layerStyle="panel"
      rounded="2xl"
      p={{ base: '5', md: '6' }}
      data-testid="fiscal-data-section"
    >
      <Heading
        as="h2"
        id="fiscal-data-title"
        size="lg"
        color="gray.900"
        mb="2"
        display="flex"
        alignItems="center"
        gap="2"
      >
        <LuReceipt aria-hidden="true" />
        Datos fiscales
      </Heading>
      <Text color="gray.600" fontSize="sm" mb="4">
        Para facturar tus compras (CFDI 4.0). Escríbelos como aparecen en tu Constancia de Situación
        Fiscal.
      </Text>
      {children}
    </Box>
  );
}

/**
 * /usuario's 'Datos fiscales': RFC, name or company name, régimen fiscal, uso del CFDI and the
 * fiscal postal code, checked by the rules of @tienda/rules before sending; the régimenes offered
 * are those of the RFC's kind and the uses those valid for the régimen (the SAT's catalogues).
 */
export function FiscalDataSection() {
  const { data, error, refetch } = useQuery(MyFiscalDataQuery);
  if (!data) {
    return (
      <SectionCard>
        {error ? (
          <LoadErrorAlert
            title="No se pudieron cargar tus datos fiscales."
            onRetry={() => void refetch().catch(() => undefined)}
          />
        ) : (
          <Skeleton h="60" rounded="lg" aria-busy="true" />
        )}
      </SectionCard>
    );
  }
  const saved = data.myFiscalData;
  return (
    <SectionCard>
      <FiscalDataForm
        initial={
          saved
            ? {
                rfc: saved.rfc,
                legalName: saved.legalName,
                taxRegime: saved.taxRegime,
                cfdiUse: saved.cfdiUse,
                postalCode: saved.postalCode,
              }
            : EMPTY_FISCAL_DATA
        }
      />
    </SectionCard>
  );
}

const allTouched = (value: boolean) =>
  Object.fromEntries(FISCAL_FIELDS.map((f) => [f, value])) as Record<FiscalField, boolean>;

export function FiscalDataForm({ initial }: { initial: FiscalValues }) {
  const [values, setValues] = useState<FiscalValues>(initial);
  const [touched, setTouched] = useState(() => allTouched(false));
  const [serverErrors, setServerErrors] = useState<FiscalErrors>({});
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const [save, { loading }] = useMutation(SaveFiscalDataMutation, {
    // What was saved is what 'Mi cuenta' shows from then on (the data has no id to merge by).
    update(cache, { data }) {
      if (data?.saveFiscalData) {
        cache.writeQuery({
          query: MyFiscalDataQuery,
          data: { myFiscalData: data.saveFiscalData },
        });
      }
    },
  });

  const errors = validateFiscalData(values);
  const errorFor = (field: FiscalField) =>
    serverErrors[field] ?? (touched[field] ? errors[field] : undefined);
  const change = (field: FiscalField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
    setFailure(undefined);
  };
  const leave = (field: FiscalField) => () => setTouched((t) => ({ ...t, [field]: true }));

  const kind = taxpayerKindOf(values.rfc);
  const regimes = taxRegimesFor(kind);
  const uses = values.taxRegime === '' ? [] : cfdiUsesFor(values.taxRegime, kind);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    setTouched(allTouched(true));
    setFailure(undefined);
    const first = FISCAL_FIELDS.find((field) => errors[field]);
    if (first) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    try {
      const result = await save({ variables: { input: values } });
      const stored = result.data?.saveFiscalData;
      if (stored) {
        setValues({
          rfc: stored.rfc,
          legalName: stored.legalName,
          taxRegime: stored.taxRegime,
          cfdiUse: stored.cfdiUse,
          postalCode: stored.postalCode,
        });
      }
      notify(SAVED_MESSAGE, { type: 'success' });
    } catch (error) {
      console.error('No se pudieron guardar los datos fiscales', error);
      const problem = serverProblemOf(error);
      if (problem && isFiscalField(problem.field)) {
        setServerErrors({ [problem.field]: problem.message });
      } else setFailure(actionFailureMessage(error, SAVE_FAILED_MESSAGE));
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="fiscal-data-form">
      <Stack gap="5">
        <FormField
          label={FISCAL_LABELS.rfc}
          name="rfc"
          value={values.rfc}
          onChange={(value) => change('rfc')(value.toUpperCase())}
          onBlur={leave('rfc')}
          error={errorFor('rfc')}
          helperText="12 caracteres una empresa (persona moral), 13 una persona física"
          autoComplete="off"
          maxLength={FISCAL_MAX_LENGTH.rfc + 2}
        />
        <FormField
          label={FISCAL_LABELS.legalName}
          name="legalName"
          value={values.legalName}
          onChange={change('legalName')}
          onBlur={leave('legalName')}
          error={errorFor('legalName')}
          helperText="Sin el régimen societario (por ejemplo, sin «S.A. de C.V.»)"
          autoComplete="organization"
          maxLength={FISCAL_MAX_LENGTH.legalName}
        />
        <CatalogSelect
          field="taxRegime"
          value={values.taxRegime}
          options={regimes.map((r) => ({ code: r.code, name: r.name }))}
          placeholder="Elige tu régimen fiscal"
          onChange={(value) => {
            change('taxRegime')(value);
            // A use the new régimen does not allow is cleared, so the select never lies.
            if (!cfdiUsesFor(value, kind).some((u) => u.code === values.cfdiUse)) {
              change('cfdiUse')('');
            }
          }}
          onBlur={leave('taxRegime')}
          error={errorFor('taxRegime')}
        />
        <CatalogSelect
          field="cfdiUse"
          value={values.cfdiUse}
          options={uses.map((u) => ({ code: u.code, name: u.name }))}
          placeholder={values.taxRegime === '' ? 'Primero elige tu régimen fiscal' : 'Elige el uso'}
          onChange={change('cfdiUse')}
          onBlur={leave('cfdiUse')}
          error={errorFor('cfdiUse')}
        />
        <FormField
          label={FISCAL_LABELS.postalCode}
          name="postalCode"
          value={values.postalCode}
          onChange={change('postalCode')}
          onBlur={leave('postalCode')}
          error={errorFor('postalCode')}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={FISCAL_MAX_LENGTH.postalCode}
        />
        <FormProblem message={failure} data-testid="fiscal-data-error" />
        <Box>
          <Button
            type="submit"
            loading={loading}
            loadingText="Guardando..."
            disabled={loading}
            data-testid="fiscal-data-submit"
          >
            Guardar datos fiscales
          </Button>
        </Box>
      </Stack>
    </form>
  );
}

interface CatalogSelectProps {
  field: 'taxRegime' | 'cfdiUse';
  value: string;
  options: readonly { code: string; name: string }[];
  placeholder: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: string | undefined;
}

/** A SAT catalogue as a native select: 'code - name' per option. */
function CatalogSelect({
  field,
  value,
  options,
  placeholder,
  onChange,
  onBlur,
  error,
}: CatalogSelectProps) {
  return (
    <Field.Root invalid={error !== undefined} required>
      <Field.Label>
        {FISCAL_LABELS[field]}
        <Field.RequiredIndicator />
      </Field.Label>
      <NativeSelect.Root size="lg">
        <NativeSelect.Field
          name={field}
          value={value}
          bg="white"
          onChange={(event) => onChange(event.currentTarget.value)}
          onBlur={onBlur}
          data-testid={`field-${field}`}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.code} value={option.code}>
              {option.code} - {option.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {error ? <Field.ErrorText data-testid={`error-${field}`}>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
