import { Box, Button, Grid, Heading, HStack, Icon, List, Stack, Text } from '@chakra-ui/react';
import { FaWhatsapp } from 'react-icons/fa';
import { LuLandmark, LuTruck } from 'react-icons/lu';
import type { PaymentSettingsQuery } from '../../../gql/graphql';
import { formatMoney } from '@tienda/rules';
import { formatPhone, groupDigits, paymentConcept, proofOfPaymentUrl } from '../payment-info';
import { CopyValueButton } from './copy-value';

/** What a copy button copies: the number without the spaces that group it. */
function digitsOnly(value: string): string {
  return value.replace(/\s/g, '');
}

export type BankTransfer = PaymentSettingsQuery['shopSettings']['bankTransfer'];

/** The delivery promise (spec §2, §9). */
export const DELIVERY_PROMISE =
  'Recibirás tu pedido de 3 a 5 días hábiles después de confirmar tu transferencia.';

interface DetailProps {
  label: string;
  value: string;
  /** What the copy button copies (digits without spaces); no button when absent. */
  copy?: string;
  hint?: string;
  testId: string;
  mono?: boolean;
}

function Detail({ label, value, copy, hint, testId, mono = false }: DetailProps) {
  // A group of a <dl> holds only its <dt> and <dd>s (axe's definition-list rule): the value and
  // its hint in one <dd>, the copy button in a second one, beside them.
  return (
    <Grid
      templateColumns="minmax(0, 1fr) auto"
      alignItems="center"
      columnGap="3"
      py="2.5"
      borderBottomWidth="1px"
      borderColor="gray.100"
      _last={{ borderBottomWidth: '0' }}
    >
      <Text
        as="dt"
        gridColumn="1"
        fontSize="xs"
        color="gray.600"
        textTransform="uppercase"
        letterSpacing="wide"
      >
        {label}
      </Text>
      <Box as="dd" gridColumn="1" minW="0">
        <Text
          as="span"
          display="block"
          fontWeight="semibold"
          color="gray.900"
          fontFamily={mono ? 'mono' : undefined}
          fontSize={mono ? 'md' : undefined}
          overflowWrap="anywhere"
          data-testid={testId}
        >
          {value}
        </Text>
        {hint ? (
          <Text as="span" display="block" fontSize="xs" color="gray.600">
            {hint}
          </Text>
        ) : null}
      </Box>
      {copy ? (
        <Box as="dd" gridColumn="2" gridRow="1 / span 2">
          <CopyValueButton value={copy} label={label} />
        </Box>
      ) : null}
    </Grid>
  );
}

export interface BankTransferDetailsProps {
  bankTransfer: BankTransfer;
  orderId: number;
  totalCents: number;
}

/** Bank transfer and OXXO deposit instructions (spec §2): where, how much, concept, proof. */
export function BankTransferDetails({
  bankTransfer,
  orderId,
  totalCents,
}: BankTransferDetailsProps) {
  const concept = paymentConcept(orderId);
  return (
    <Stack
      as="section"
      aria-labelledby="transfer-heading"
      gap="4"
      p={{ base: '4', md: '6' }}
      layerStyle="panel"
      rounded="xl"
      data-testid="bank-transfer"
    >
      <HStack gap="3">
        <Icon boxSize="6" color="orange.600">
          <LuLandmark />
        </Icon>
        <Heading as="h2" id="transfer-heading" size="lg">
          Transferencia o depósito en OXXO
        </Heading>
      </HStack>
      <Text color="gray.700">
        Transfiere o deposita <b>{formatMoney(totalCents)}</b> con estos datos y escribe{' '}
        <b>{concept}</b> como concepto de pago.
      </Text>

      <Box as="dl" bg="gray.50" rounded="lg" px="4" py="1">
        <Detail label="Monto a pagar" value={formatMoney(totalCents)} testId="payment-amount" />
        <Detail
          label="Concepto de pago"
          value={concept}
          copy={concept}
          hint="Así sabemos qué pedido pagaste."
          testId="payment-concept"
        />
        <Detail label="Banco" value={bankTransfer.bank} testId="bank-name" />
        <Detail label="Titular" value={bankTransfer.holder} testId="bank-holder" />
        <Detail
          label="Número de cuenta"
          value={bankTransfer.account}
          copy={digitsOnly(bankTransfer.account)}
          testId="bank-account"
          mono
        />
        <Detail
          label="CLABE interbancaria"
          value={groupDigits(bankTransfer.clabe)}
          copy={digitsOnly(bankTransfer.clabe)}
          hint="Para transferencias desde cualquier banco (SPEI)."
          testId="bank-clabe"
          mono
        />
        <Detail
          label="Número de tarjeta"
          value={groupDigits(bankTransfer.card)}
          copy={digitsOnly(bankTransfer.card)}
          hint="Para depósitos en OXXO o transferencias a tarjeta."
          testId="bank-card"
          mono
        />
      </Box>

      <Stack gap="2">
        <Heading as="h3" size="sm">
          Cómo pagar
        </Heading>
        <List.Root as="ol" gap="1.5" ps="5" color="gray.700" fontSize="sm">
          <List.Item>
            Por transferencia: desde tu banca en línea, usa la CLABE y escribe {concept} como
            concepto.
          </List.Item>
          <List.Item>
            En OXXO: pide en caja un depósito a la tarjeta {groupDigits(bankTransfer.card)} por{' '}
            {formatMoney(totalCents)} (OXXO cobra su propia comisión) y guarda tu ticket.
          </List.Item>
          <List.Item>
            Envíanos la foto de tu comprobante por WhatsApp al{' '}
            <b data-testid="proof-phone">{formatPhone(bankTransfer.proofPhone)}</b> indicando el
            pedido #{orderId}.
          </List.Item>
        </List.Root>
      </Stack>

      <Button
        asChild
        colorPalette="green"
        variant="solid"
        alignSelf={{ base: 'stretch', md: 'start' }}
      >
        <a
          href={proofOfPaymentUrl(bankTransfer.proofPhone, orderId)}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="send-proof"
        >
          <FaWhatsapp /> Enviar comprobante por WhatsApp
        </a>
      </Button>

      <HStack
        gap="3"
        align="start"
        bg="orange.50"
        color="orange.900"
        rounded="lg"
        p="3"
        fontSize="sm"
      >
        <Icon boxSize="5" flexShrink={0} mt="0.5">
          <LuTruck />
        </Icon>
        <Text data-testid="delivery-promise">{DELIVERY_PROMISE}</Text>
      </HStack>
    </Stack>
  );
}
