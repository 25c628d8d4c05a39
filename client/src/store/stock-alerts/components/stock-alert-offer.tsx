import { Box, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { LuBell, LuMailCheck } from 'react-icons/lu';
import { STOCK_ALERT_MESSAGES, stockAlertEmailProblem } from '@tienda/rules';
import { serverProblemOf } from '../../../shared/forms/server-errors';
import { RequestStockAlertMutation } from '../api';

export const STOCK_ALERT_FAILED_MESSAGE = 'No pudimos registrar tu aviso. Intenta de nuevo.';

export interface StockAlertOfferProps {
  productId: number;
  /** The sold-out size chosen. */
  size: string;
  /** Signed in: one tap, for the account's address. A visitor writes an address first. */
  signedIn: boolean;
}

/**
 * Under a sold-out size: 'Avísame cuando llegue'. A signed-in shopper taps once; a visitor writes
 * an address (checked with the server's own rule before sending) and is told to confirm it from
 * the e-mail. The server's answer is what the shopper reads afterwards.
 */
export function StockAlertOffer({ productId, size, signedIn }: StockAlertOfferProps) {
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const [done, setDone] = useState<string | undefined>(undefined);
  const [request, { loading }] = useMutation(RequestStockAlertMutation);
  const titleId = useId();
  // The button goes with the answer: focus moves to the answer, not to the page's start.
  const doneRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    setFailure(undefined);
    if (!signedIn) {
      const problem = stockAlertEmailProblem(email);
      setEmailError(problem?.message);
      if (problem) return;
    }
    try {
      const { data } = await request({
        variables: { productId, size, email: signedIn ? null : email.trim() },
      });
      if (!data) throw new Error('El servidor no respondió el aviso');
      setDone(data.requestStockAlert.message);
    } catch (error) {
      console.error('No se pudo registrar el aviso', error);
      const problem = serverProblemOf(error);
      if (problem?.field === 'email') setEmailError(problem.message);
      else setFailure(problem?.message ?? STOCK_ALERT_FAILED_MESSAGE);
    }
  };

  if (done) {
    return (
      <HStack
        gap="3"
        p="4"
        rounded="xl"
        bg="green.50"
        borderWidth="1px"
        borderColor="green.200"
        align="start"
        role="status"
        ref={doneRef}
        tabIndex={-1}
        outline="none"
        data-testid="stock-alert-done"
      >
        <Box color="green.700" mt="0.5" flexShrink={0}>
          <LuMailCheck aria-hidden />
        </Box>
        <Text fontSize="sm" color="green.900">
          {done}
        </Text>
      </HStack>
    );
  }

  return (
    <Box p="4" rounded="xl" layerStyle="panel" data-testid="stock-alert-offer">
      <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby={titleId}>
        <Stack gap="3">
          <Stack gap="1">
            <Text id={titleId} fontWeight="semibold" color="gray.900">
              La talla {size} está agotada
            </Text>
            <Text fontSize="sm" color="gray.700">
              {signedIn
                ? 'Te mandamos un correo en cuanto vuelva a haber piezas.'
                : 'Déjanos tu correo y te escribimos en cuanto vuelva a haber piezas.'}
            </Text>
          </Stack>
          {signedIn ? null : (
            <Field.Root invalid={emailError !== undefined} required>
              <Field.Label>Tu correo</Field.Label>
              <Input
                name="email"
                type="email"
                autoComplete="email"
                inputMode="email"
                maxLength={254}
                value={email}
                onChange={(event) => {
                  setEmail(event.target.value);
                  if (emailError) setEmailError(undefined);
                }}
                bg="white"
                data-testid="stock-alert-email"
              />
              {emailError ? (
                <Field.ErrorText data-testid="stock-alert-email-error">
                  {emailError}
                </Field.ErrorText>
              ) : null}
            </Field.Root>
          )}
          {failure ? (
            <Text fontSize="sm" color="red.700" role="alert" data-testid="stock-alert-failure">
              {failure}
            </Text>
          ) : null}
          <Button
            type="submit"
            variant="outline"
            colorPalette="orange"
            loading={loading}
            alignSelf={{ base: 'stretch', sm: 'start' }}
            data-testid="stock-alert-request"
          >
            <LuBell aria-hidden /> {STOCK_ALERT_MESSAGES.offer}
          </Button>
        </Stack>
      </form>
    </Box>
  );
}
