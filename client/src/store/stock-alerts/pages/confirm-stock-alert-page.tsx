import { Alert, Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { STOCK_ALERT_MESSAGES } from '@tienda/rules';
import { serverProblemOf } from '../../../shared/forms/server-errors';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { AuthCard } from '../../account/components/auth-card';
import { ConfirmStockAlertMutation } from '../api';

export const CONFIRM_FAILED_MESSAGE = 'No pudimos confirmar tu aviso. Intenta de nuevo.';

type Outcome =
  | { kind: 'confirmed'; message: string; productId: number; inStock: boolean }
  | { kind: 'refused'; message: string };

/**
 * /avisos/confirmar?token=…: the page the confirmation e-mail opens. It confirms at once (one
 * request, however often React mounts it) and says what the server answered: the alert stands,
 * the size is already back (with the way to the product), or the link is no good.
 */
export function ConfirmStockAlertPage() {
  useDocumentTitle('Confirmar aviso');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const [confirm] = useMutation(ConfirmStockAlertMutation);
  const [outcome, setOutcome] = useState<Outcome | undefined>(
    token === '' ? { kind: 'refused', message: STOCK_ALERT_MESSAGES.invalidToken } : undefined,
  );
  const asked = useRef<string | null>(null);

  useEffect(() => {
    if (token === '' || asked.current === token) return;
    asked.current = token;
    confirm({ variables: { token } })
      .then(({ data }) => {
        if (!data) throw new Error('El servidor no respondió la confirmación');
        const c = data.confirmStockAlert;
        setOutcome({
          kind: 'confirmed',
          message: c.message,
          productId: c.productId,
          inStock: c.inStock,
        });
      })
      .catch((error: unknown) => {
        console.error('No se pudo confirmar el aviso', error);
        setOutcome({
          kind: 'refused',
          message: serverProblemOf(error)?.message ?? CONFIRM_FAILED_MESSAGE,
        });
      });
  }, [token, confirm]);

  return (
    <AuthCard title="Aviso de existencias" data-testid="confirm-stock-alert-page">
      {!outcome ? (
        <Stack direction="row" gap="3" align="center" aria-busy="true">
          <Spinner size="sm" color="orange.600" />
          <Text color="gray.700">Confirmando tu aviso…</Text>
        </Stack>
      ) : (
        <Stack gap="5">
          <Alert.Root
            status={outcome.kind === 'confirmed' ? 'success' : 'error'}
            rounded="lg"
            data-testid={
              outcome.kind === 'confirmed' ? 'stock-alert-confirmed' : 'stock-alert-refused'
            }
          >
            <Alert.Indicator />
            <Alert.Title>{outcome.message}</Alert.Title>
          </Alert.Root>
          {outcome.kind === 'confirmed' ? (
            <Button asChild colorPalette="orange">
              <RouterLink to={`/producto/${outcome.productId}`}>
                {outcome.inStock ? 'Ver el producto' : 'Volver al producto'}
              </RouterLink>
            </Button>
          ) : (
            <Button asChild variant="outline">
              <RouterLink to="/inicio">Ir a la tienda</RouterLink>
            </Button>
          )}
        </Stack>
      )}
    </AuthCard>
  );
}
