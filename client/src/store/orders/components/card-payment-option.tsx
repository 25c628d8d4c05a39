import { Alert, Button, Heading, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { LuCreditCard, LuLock } from 'react-icons/lu';
import { actionFailureMessage } from '../../../shared/forms/server-errors';
import { CARD_FEE_LABEL, formatMoney } from '@tienda/rules';
import { notify } from '../../../shared/notifications/toaster';
import { CreateCardPaymentMutation } from '../api';
import { CardBrandCarousel } from './card-brand-carousel';

export const CARDS_OFF_MESSAGE = 'Los pagos con tarjeta no están disponibles por ahora';
const CARD_FAILED_MESSAGE = 'No se pudo iniciar el pago con tarjeta. Intenta de nuevo.';

export interface CardPaymentOptionProps {
  orderId: number;
  totalCents: number;
  cardChargeCents: number;
  enabled: boolean;
  /** Where the browser goes (Mercado Pago's page); replaceable in tests. */
  go?: (url: string) => void;
}

/** Paying by card through Mercado Pago: the charge with its fee, then off to the provider. */
export function CardPaymentOption({
  orderId,
  totalCents,
  cardChargeCents,
  enabled,
  go = (url) => window.location.assign(url),
}: CardPaymentOptionProps) {
  const [createPayment] = useMutation(CreateCardPaymentMutation);
  const [busy, setBusy] = useState(false);

  const pay = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const { data } = await createPayment({ variables: { orderId } });
      if (!data) throw new Error('El servidor no devolvió el pago');
      go(data.createCardPayment.initPoint);
      // Stay busy: the browser is leaving for Mercado Pago.
    } catch (error) {
      console.error('No se pudo iniciar el pago con tarjeta', error);
      notify(actionFailureMessage(error, CARD_FAILED_MESSAGE), { type: 'error' });
      setBusy(false);
    }
  };

  return (
    <Stack
      as="section"
      aria-labelledby="card-heading"
      gap="4"
      p={{ base: '4', md: '6' }}
      layerStyle="panel"
      rounded="xl"
      data-testid="card-payment"
      data-enabled={enabled}
    >
      <HStack gap="3">
        <Icon boxSize="6" color="orange.600">
          <LuCreditCard />
        </Icon>
        <Heading as="h2" id="card-heading" size="lg">
          Pago con tarjeta
        </Heading>
      </HStack>
      <CardBrandCarousel />
      <Text color="gray.700" fontSize="sm">
        Crédito o débito a través de Mercado Pago.
      </Text>
      {/* The card's total only when cards are taken: beside 'no disponibles' it misleads. */}
      {enabled ? (
        <Stack gap="1" bg="gray.50" rounded="lg" p="4">
          <HStack as="dl" justify="space-between" align="baseline">
            <Text as="dt" color="gray.700">
              Total con tarjeta
            </Text>
            <Text
              as="dd"
              fontWeight="bold"
              fontSize="xl"
              color="gray.900"
              data-testid="card-charge"
            >
              {formatMoney(cardChargeCents)}
            </Text>
          </HStack>
          <Text fontSize="xs" color="gray.600" data-testid="card-fee-note">
            Incluye la comisión del procesador de pagos: {CARD_FEE_LABEL} sobre el total de{' '}
            {formatMoney(totalCents)}.
          </Text>
        </Stack>
      ) : null}
      {enabled ? (
        <Stack gap="2">
          <Button
            size="lg"
            onClick={() => void pay()}
            loading={busy}
            loadingText="Abriendo Mercado Pago..."
            data-testid="pay-by-card"
          >
            <LuLock /> Pagar {formatMoney(cardChargeCents)} con tarjeta
          </Button>
          <Text fontSize="xs" color="gray.600" textAlign="center">
            Te llevaremos a la página segura de Mercado Pago.
          </Text>
        </Stack>
      ) : (
        <Alert.Root status="info" rounded="lg" data-testid="cards-off">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{CARDS_OFF_MESSAGE}</Alert.Title>
            <Alert.Description>
              Puedes pagar por transferencia bancaria o con un depósito en OXXO con los datos de
              esta página.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
    </Stack>
  );
}
