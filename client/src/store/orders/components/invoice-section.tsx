import { useMutation } from '@apollo/client/react';
import { Box, Button, HStack, Icon, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuDownload, LuReceipt } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import type { InvoiceFieldsFragment, InvoiceStatus } from '../../../gql/graphql';
import { actionFailureMessage, serverProblemOf } from '../../../shared/forms/server-errors';
import { notify } from '../../../shared/notifications/toaster';
import { InvoiceOrderMutation } from '../api';

const FAILED = 'No se pudo facturar tu compra. Intenta de nuevo.';
export const INVOICE_ISSUED_MESSAGE = 'Tu factura está lista: también te la enviamos por correo.';

/** What the customer reads of the CFDI's state. */
const STATUS_WORDS: Record<InvoiceStatus, string> = {
  STAMPING: 'Factura en proceso',
  VALID: 'Factura emitida',
  CANCELLING: 'Factura en cancelación',
  CANCELLED: 'Factura cancelada',
};

export interface InvoiceSectionProps {
  orderId: number;
  invoice: InvoiceFieldsFragment | null | undefined;
}

/**
 * A paid order's 'Facturar mi compra' in 'Mis pedidos': the button while it has no invoice (the
 * server builds and stamps the CFDI with the fiscal data of 'Mi cuenta'), then the invoice's
 * state and its PDF and XML. A refusal (no fiscal data, invoicing off, the PAC's reason) is said
 * under the button in the server's words.
 */
export function InvoiceSection({ orderId, invoice }: InvoiceSectionProps) {
  const [problem, setProblem] = useState<{ message: string; reason?: string } | null>(null);
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

  if (invoice && invoice.status !== 'STAMPING') {
    return (
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
          <HStack gap="4" fontSize="sm" wrap="wrap">
            <Link
              href={invoice.pdfUrl}
              download
              color="green.900"
              textDecoration="underline"
              data-testid="order-invoice-pdf"
            >
              <LuDownload aria-hidden="true" /> Descargar PDF
            </Link>
            <Link
              href={invoice.xmlUrl}
              download
              color="green.900"
              textDecoration="underline"
              data-testid="order-invoice-xml"
            >
              <LuDownload aria-hidden="true" /> Descargar XML
            </Link>
          </HStack>
        </Stack>
      </Box>
    );
  }

  const request = async () => {
    if (loading) return;
    setProblem(null);
    try {
      await invoiceOrder({ variables: { orderId } });
      notify(INVOICE_ISSUED_MESSAGE, { type: 'success' });
    } catch (error) {
      console.error('No se pudo facturar el pedido', error);
      setProblem({
        message: actionFailureMessage(error, FAILED),
        reason: serverProblemOf(error)?.reason,
      });
    }
  };

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
      {problem ? (
        <Text role="alert" fontSize="sm" color="red.700" data-testid="order-invoice-problem">
          {problem.message}
          {problem.reason === 'NO_FISCAL_DATA' ? (
            <>
              {' '}
              <Link asChild color="red.800" textDecoration="underline" fontWeight="semibold">
                <RouterLink to="/usuario">Ir a Mi cuenta</RouterLink>
              </Link>
            </>
          ) : null}
        </Text>
      ) : null}
    </Stack>
  );
}
