import { Alert } from '@chakra-ui/react';

export interface FormProblemProps {
  /** Nothing is shown without one. */
  message: string | undefined;
  'data-testid': string;
  role?: 'alert';
}

/** What kept a form from being sent (the server's sentence, a lost connection), above its button. */
export function FormProblem({ message, 'data-testid': testId, role }: FormProblemProps) {
  if (!message) return null;
  return (
    <Alert.Root status="error" rounded="lg" data-testid={testId} role={role}>
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}
