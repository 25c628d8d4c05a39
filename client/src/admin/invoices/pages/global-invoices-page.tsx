import {
  Alert,
  Badge,
  Box,
  Button,
  Field,
  HStack,
  Input,
  Link,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import {
  formatMoney,
  GLOBAL_INVOICE_PERIODICITY_LABELS,
  globalInvoicePeriodicityOf,
  globalInvoiceRangeProblems,
  INVOICING_OFF_MESSAGES,
} from '@tienda/rules';
import { type FormEvent, useState } from 'react';
import { LuFileText, LuSend } from 'react-icons/lu';
import { actionFailureMessage } from '../../../shared/forms/server-errors';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { notify } from '../../../shared/notifications/toaster';
import { EmptyMessage } from '../../../shared/ui/empty-message';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';
import { PageHeading } from '../../../shared/ui/page-heading';
import { GlobalInvoicesQuery, IssueGlobalInvoiceMutation } from '../api';

export const GLOBAL_INVOICES_MESSAGES = {
  issued: (orders: number) =>
    `Factura global emitida con ${orders} ${orders === 1 ? 'pedido' : 'pedidos'}`,
  failed: 'No se pudo emitir la factura global. Intenta de nuevo.',
  empty: 'Aún no hay facturas globales.',
  offHint: 'No se puede emitir mientras la facturación esté apagada.',
} as const;

const STATUS_TEXT: Record<string, string> = {
  STAMPING: 'Timbrando',
  VALID: 'Vigente',
  CANCELLING: 'En cancelación',
  CANCELLED: 'Cancelada',
};

/**
 * 'Facturas globales' (issue 25 item 5): each period's CFDI to the public in general, with its
 * PDF and XML, and 'Emitir ahora' for a closed range (to close a period early or catch up after
 * the PAC was down). The server checks the range with the same rule. With invoicing off (no
 * FACTURAPI_KEY) the page says so in the words the server's 409 uses, and 'Emitir ahora' is off.
 */
export function AdminGlobalInvoicesPage() {
  useDocumentTitle('Facturas globales · Administración');
  const query = useQuery(GlobalInvoicesQuery, { fetchPolicy: 'cache-and-network' });
  const [issue, { loading }] = useMutation(IssueGlobalInvoiceMutation, {
    refetchQueries: [GlobalInvoicesQuery],
  });
  const [range, setRange] = useState({ from: '', to: '' });
  const [errors, setErrors] = useState<{ desde?: string; hasta?: string }>({});

  // Off (no FACTURAPI_KEY on the server): said at the top and 'Emitir ahora' disabled, with why.
  const off = query.data?.invoicingAvailable === false;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading || off) return;
    const problems = globalInvoiceRangeProblems(range, new Date());
    setErrors(Object.fromEntries(problems.map((p) => [p.field, p.message])));
    if (problems.length > 0) return;
    try {
      const { data } = await issue({ variables: range });
      notify(GLOBAL_INVOICES_MESSAGES.issued(data?.issueGlobalInvoice.orderIds.length ?? 0), {
        type: 'success',
      });
    } catch (failure) {
      notify(actionFailureMessage(failure, GLOBAL_INVOICES_MESSAGES.failed), { type: 'error' });
    }
  };

  const invoices = query.data?.globalInvoices;
  return (
    <>
      <PageHeading
        compact
        title="Facturas globales"
        subtitle="Los pedidos pagados que nadie facturó, en un CFDI al público en general por periodo. Se emiten solas al cerrar cada periodo."
      />
      {off ? (
        <Alert.Root status="warning" rounded="lg" mb="4" maxW="3xl" data-testid="invoicing-off">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{INVOICING_OFF_MESSAGES.admin}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <Box
        as="section"
        aria-labelledby="emitir-global"
        layerStyle="panel"
        rounded="xl"
        p={{ base: '4', md: '5' }}
        mb="4"
        maxW="3xl"
      >
        <Text as="h2" id="emitir-global" fontWeight="semibold" mb="3">
          Emitir ahora
        </Text>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <HStack gap="3" align="flex-end" wrap="wrap">
            <Field.Root invalid={errors.desde !== undefined} required w="auto">
              <Field.Label>Desde</Field.Label>
              <Input
                type="date"
                bg="white"
                value={range.from}
                onChange={(e) => setRange({ ...range, from: e.target.value })}
                data-testid="global-from"
              />
              <Field.ErrorText>{errors.desde}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={errors.hasta !== undefined} required w="auto">
              <Field.Label>Hasta</Field.Label>
              <Input
                type="date"
                bg="white"
                value={range.to}
                onChange={(e) => setRange({ ...range, to: e.target.value })}
                data-testid="global-to"
              />
              <Field.ErrorText>{errors.hasta}</Field.ErrorText>
            </Field.Root>
            <Button
              type="submit"
              colorPalette="orange"
              loading={loading}
              disabled={off}
              aria-describedby={off ? 'emitir-global-apagada' : undefined}
              data-testid="global-issue"
            >
              <LuSend />
              Emitir ahora
            </Button>
          </HStack>
          {off ? (
            <Text
              id="emitir-global-apagada"
              fontSize="sm"
              color="gray.700"
              mt="2"
              data-testid="global-issue-off"
            >
              {GLOBAL_INVOICES_MESSAGES.offHint}
            </Text>
          ) : null}
        </form>
      </Box>
      {query.error && !invoices ? (
        <LoadErrorAlert
          title="No se pudieron cargar las facturas globales."
          onRetry={() => void query.refetch().catch(() => undefined)}
        />
      ) : invoices && invoices.length === 0 ? (
        <EmptyMessage title={GLOBAL_INVOICES_MESSAGES.empty} icon={<LuFileText />} />
      ) : (
        <Stack gap="3" maxW="3xl" data-testid="global-invoices" aria-busy={!invoices}>
          {(invoices ?? []).map((g) => (
            <Box key={g.id} layerStyle="panel" rounded="xl" p="4" data-testid="global-invoice">
              <HStack justify="space-between" wrap="wrap" gap="2">
                <Text fontWeight="semibold">
                  {g.from === g.to ? g.from : `${g.from} al ${g.to}`} ·{' '}
                  {GLOBAL_INVOICE_PERIODICITY_LABELS[globalInvoicePeriodicityOf(g.periodicity)]}
                </Text>
                <Badge colorPalette={g.status === 'VALID' ? 'green' : 'gray'} variant="subtle">
                  {STATUS_TEXT[g.status] ?? g.status}
                </Badge>
              </HStack>
              <Text fontSize="sm" color="gray.700" mt="1">
                {g.orderIds.length} {g.orderIds.length === 1 ? 'pedido' : 'pedidos'} ·{' '}
                {g.totalCents === null ? 'Sin timbrar' : formatMoney(g.totalCents)}
                {g.uuid ? ` · Folio ${g.uuid}` : ''}
              </Text>
              {g.status !== 'STAMPING' ? (
                <HStack gap="4" mt="2" fontSize="sm">
                  <Link href={g.pdfUrl} download textDecoration="underline">
                    <LuFileText aria-hidden /> PDF
                  </Link>
                  <Link href={g.xmlUrl} download textDecoration="underline">
                    <LuFileText aria-hidden /> XML
                  </Link>
                </HStack>
              ) : null}
            </Box>
          ))}
        </Stack>
      )}
    </>
  );
}
