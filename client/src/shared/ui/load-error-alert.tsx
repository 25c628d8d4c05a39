import { Alert, Button } from '@chakra-ui/react';
import { useRetryWhenOnline } from '../network/use-retry-when-online';

export const LOAD_ERROR_HINT = 'Revisa tu conexión. Lo intentaremos de nuevo cuando vuelva.';

export interface LoadErrorAlertProps {
  /** What could not be loaded, e.g. 'No se pudo cargar el catálogo.' */
  title: string;
  onRetry: () => void;
  /** A retry is on its way: the button waits. */
  retrying?: boolean;
  /** 'h1' when the message stands for the whole page (its screen did not load). */
  titleAs?: 'h1' | 'h2';
}

/**
 * Every failed load of a store screen (its code or its data): what failed, a hint and
 * 'Reintentar'; it also retries by itself when the browser comes back online.
 */
export function LoadErrorAlert({ title, onRetry, retrying = false, titleAs }: LoadErrorAlertProps) {
  useRetryWhenOnline(onRetry);
  return (
    <Alert.Root status="error" rounded="lg" flexWrap="wrap" data-testid="load-error">
      <Alert.Indicator />
      <Alert.Content flex="1" minW="14rem">
        <Alert.Title as={titleAs}>{title}</Alert.Title>
        <Alert.Description>{LOAD_ERROR_HINT}</Alert.Description>
      </Alert.Content>
      <Button
        size="sm"
        variant="outline"
        ms={{ base: '7', sm: '0' }}
        onClick={onRetry}
        loading={retrying}
        data-testid="load-error-retry"
      >
        Reintentar
      </Button>
    </Alert.Root>
  );
}
