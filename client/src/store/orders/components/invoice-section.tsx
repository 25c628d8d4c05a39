import { useMutation } from '@apollo/client/react';
import { Box, Button, HStack, Icon, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuDownload, LuReceipt } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { formatMoney } from '@tienda/rules';
import type {
  CfdiFieldsFragment,
  InvoiceFieldsFragment,
  InvoiceStatus,
} from '../../../gql/graphql';
import { actionFailureMessage, serverProblemOf } from '../../../shared/forms/server-errors';
import { notify } from '../../../shared/notifications/toaster';
import { CorrectInvoiceMutation, InvoiceOrderMutation } from '../api';

const FAILED = 'No se pudo facturar tu compra. Intenta de nuevo.';
const CORRECTION_FAILED = 'No se pudo corregir tu factura. Intenta de nuevo.';
export const INVOICE_ISSUED_MESSAGE = 'Tu factura está lista: también te la enviamos por correo.';
export const INVOICE_CORRECTED_MESSAGE =
  'Tu factura corregida está lista: te la enviamos por correo y cancelamos la anterior.';

/** What the customer reads of the CFDI's state. */
const STATUS_WORDS: Record<InvoiceStatus, string> = {
  STAMPING: 'Factura en proceso',
  VALID: 'Factura emitida',
  CANCELLING: 'Factura en cancelación',
  CANCELLED: 'Factura cancelada',
  SKIPPED: 'Factura no emitida',
};

/** What the customer reads of a credit note's state. */
const CREDIT_NOTE_WORDS: Record<InvoiceStatus, string> = {
  STAMPING: 'en proceso',
  VALID: 'emitida',
  CANCELLING: 'en cancelación',
  CANCELLED: 'cancelada',
  SKIPPED: 'no emitida',
};

export interface InvoiceSectionProps {
  orderId: number;
  invoice: InvoiceFieldsFragment | null | undefined;
  /** Every CFDI of the order; its returns' credit notes are listed under the invoice. */
  cfdis?: readonly CfdiFieldsFragment[] | null;
}

/** A file's download link, in the invoice box's colours. */
function Download({ href, label, testId }: { href: string; label: string; testId: string }) {
  return (
    <Link href={href} download color="green.900" textDecoration="underline" data-testid={testId}>
      <LuDownload aria-hidden="true" /> {label}
    </Link>
  );
}

/**
 * A paid order's 'Facturar mi compra' in 'Mis pedidos': the button while it has no invoice (the
 * server builds and stamps the CFDI with the fiscal data of 'Mi cuenta'), then the invoice's
 * state and its PDF and XML, the credit notes of its refunded returns with theirs, and
 * 'Corregir factura' (re-stamp with corrected fiscal data). A refusal (no fiscal data, invoicing
 * off, the PAC's reason) is said under the button in the server's words.
 */
export function InvoiceSection({ orderId, invoice, cfdis }: InvoiceSectionProps) {
  const [invoiceOrder, { loading }] = useMutation(InvoiceOrderMutation, {
    update(cache, { data }) {
      const issued = data?.invoiceOrder;
      if (!issued) return;
      cache.modify({
        id: cache.identify({ __typename: 'Order', id: orderId }),
        fields: { invoice: (_current, { toReference }) => toReference(issued, true) ?? null },
      });
    },
  });
  const { problem, run } = useInvoiceAction(
    () => invoiceOrder({ variables: { orderId } }),
    INVOICE_ISSUED_MESSAGE,
    FAILED,
    'No se pudo facturar el pedido',
  );
  const request = async () => {
    if (!loading) await run();
  };

  if (invoice && invoice.status !== 'STAMPING') {
    const creditNotes = (cfdis ?? []).filter(
      (c) => c.kind === 'EGRESO' && c.status !== 'SKIPPED' && c.status !== 'STAMPING',
    );
    return (
      <Stack gap="2">
        <Box bg="green.50" color="green.900" rounded="lg" px="3" py="2" data-testid="order-invoice">
          <Stack gap="1">
            <HStack gap="2">
              <Icon boxSize="4" flexShrink={0}>
                <LuReceipt />
              </Icon>
              <Text fontWeight="semibold" fontSize="sm" data-testid="order-invoice-status">
                {STATUS_WORDS[invoice.status]}
              </Text>
            </HStack>
            {invoice.uuid ? (
              <Text fontSize="xs" color="green.800" overflowWrap="anywhere">
                Folio fiscal: {invoice.uuid}
              </Text>
            ) : null}
            {invoice.relatedUuid ? (
              <Text fontSize="xs" color="green.800" overflowWrap="anywhere">
                Sustituye a la factura con folio {invoice.relatedUuid}, que cancelamos.
              </Text>
            ) : null}
            {invoice.pdfUrl && invoice.xmlUrl ? (
              <HStack gap="4" fontSize="sm" wrap="wrap">
                <Download href={invoice.pdfUrl} label="Descargar PDF" testId="order-invoice-pdf" />
                <Download href={invoice.xmlUrl} label="Descargar XML" testId="order-invoice-xml" />
              </HStack>
            ) : null}
          </Stack>
        </Box>
        {creditNotes.map((note) => (
          <Box
            key={note.id}
            bg="green.50"
            color="green.900"
            rounded="lg"
            px="3"
            py="2"
            data-testid="order-credit-note"
          >
            <Stack gap="1">
              <Text fontWeight="semibold" fontSize="sm" data-testid="order-credit-note-title">
                Nota de crédito{note.returnId ? ` de tu devolución #${note.returnId}` : ''}:{' '}
                {CREDIT_NOTE_WORDS[note.status]}
                {note.totalCents != null ? `, ${formatMoney(note.totalCents)}` : ''}
              </Text>
              {note.uuid ? (
                <Text fontSize="xs" color="green.800" overflowWrap="anywhere">
                  Folio fiscal: {note.uuid}
                </Text>
              ) : null}
              {note.pdfUrl && note.xmlUrl ? (
                <HStack gap="4" fontSize="sm" wrap="wrap">
                  <Download
                    href={note.pdfUrl}
                    label="Descargar PDF"
                    testId="order-credit-note-pdf"
                  />
                  <Download
                    href={note.xmlUrl}
                    label="Descargar XML"
                    testId="order-credit-note-xml"
                  />
                </HStack>
              ) : null}
            </Stack>
          </Box>
        ))}
        {invoice.status === 'VALID' ? <CorrectInvoice orderId={orderId} /> : null}
      </Stack>
    );
  }

  return (
    <Stack gap="2" data-testid="order-invoice-request">
      <Box>
        <Button
          variant="outline"
          colorPalette="orange"
          onClick={() => void request()}
          loading={loading}
          loadingText="Facturando..."
          w={{ base: 'full', sm: 'auto' }}
          data-testid="order-invoice-button"
        >
          <LuReceipt /> Facturar mi compra
        </Button>
      </Box>
      <InvoiceProblem
        problem={problem}
        accountReasons={['NO_FISCAL_DATA']}
        testId="order-invoice-problem"
      />
    </Stack>
  );
}

/**
 * 'Corregir factura': when the invoice was stamped with data the customer has since corrected in
 * 'Mi cuenta', the shop stamps a new one and cancels the old one (motive 01, naming the new one).
 */
function CorrectInvoice({ orderId }: { orderId: number }) {
  const [correctInvoice, { loading }] = useMutation(CorrectInvoiceMutation, {
    refetchQueries: ['MyOrders'],
    awaitRefetchQueries: true,
  });
  const { problem, run } = useInvoiceAction(
    () => correctInvoice({ variables: { orderId } }),
    INVOICE_CORRECTED_MESSAGE,
    CORRECTION_FAILED,
    'No se pudo corregir la factura',
  );
  const correct = async () => {
    if (!loading) await run();
  };
  return (
    <Stack gap="1.5" data-testid="order-invoice-correct">
      <Text fontSize="sm" color="gray.700">
        ¿Tu factura salió con datos equivocados? Corrige tus datos fiscales en «Mi cuenta» y vuelve
        a timbrarla: cancelamos la anterior.
      </Text>
      <Box>
        <Button
          variant="outline"
          size="sm"
          colorPalette="gray"
          onClick={() => void correct()}
          loading={loading}
          loadingText="Corrigiendo..."
          w={{ base: 'full', sm: 'auto' }}
          data-testid="order-invoice-correct-button"
        >
          <LuReceipt /> Corregir factura
        </Button>
      </Box>
      <InvoiceProblem
        problem={problem}
        accountReasons={['NOTHING_TO_CORRECT', 'NO_FISCAL_DATA']}
        testId="order-invoice-correct-problem"
      />
    </Stack>
  );
}

interface InvoiceActionProblem {
  message: string;
  reason?: string;
}

/**
 * An invoicing mutation ('Facturar mi compra', 'Corregir factura'): its success notice, or the
 * server's refusal kept for `InvoiceProblem` (cleared when it runs again).
 */
function useInvoiceAction(
  mutate: () => Promise<unknown>,
  success: string,
  failed: string,
  logMessage: string,
) {
  const [problem, setProblem] = useState<InvoiceActionProblem | null>(null);
  const run = async () => {
    setProblem(null);
    try {
      await mutate();
      notify(success, { type: 'success' });
    } catch (error) {
      console.error(logMessage, error);
      setProblem({
        message: actionFailureMessage(error, failed),
        reason: serverProblemOf(error)?.reason,
      });
    }
  };
  return { problem, run };
}

/** An invoicing refusal, with a link to 'Mi cuenta' when the fiscal data there are the way out. */
function InvoiceProblem({
  problem,
  accountReasons,
  testId,
}: {
  problem: InvoiceActionProblem | null;
  accountReasons: readonly string[];
  testId: string;
}) {
  if (!problem) return null;
  return (
    <Text role="alert" fontSize="sm" color="red.700" data-testid={testId}>
      {problem.message}
      {problem.reason && accountReasons.includes(problem.reason) ? (
        <>
          {' '}
          <Link asChild color="red.800" textDecoration="underline" fontWeight="semibold">
            <RouterLink to="/usuario">Ir a Mi cuenta</RouterLink>
          </Link>
        </>
      ) : null}
    </Text>
  );
}
