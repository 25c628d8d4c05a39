import { Alert, Button } from '@chakra-ui/react';

export interface LoadErrorAlertProps {
  /** What could not be loaded, e.g. 'No se pudo cargar el catálogo.' */
  title: string;
  onRetry: () => void;
}

/** A failed request: what failed, a hint and 'Reintentar'. */
export function LoadErrorAlert({ title, onRetry }: LoadErrorAlertProps) {
  return (
    <Alert.Root status="error" rounded="lg">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>Revisa tu conexión e intenta de nuevo.</Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Reintentar
      </Button>
    </Alert.Root>
  );
}
