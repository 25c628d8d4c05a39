import { Alert, Button, CloseButton } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { returnToState } from '../navigation/return-to';
import { SESSION_ENDED_MESSAGE, sessionEndedNotice, useSessionEndedNotice } from './session-ended';
import { SIGN_IN_PATH } from './sign-in-redirect';

/** The sign-in screen's paths (spec §2): there the notice needs no sign-in button. */
const SIGN_IN_PATHS = new Set([SIGN_IN_PATH, '/login']);

/**
 * 'Tu sesión terminó, inicia sesión de nuevo' above the page, with 'Iniciar sesión' (which returns
 * to this page afterwards), until the shopper signs in again or closes it.
 */
export function SessionEndedNotice() {
  const shown = useSessionEndedNotice();
  const location = useLocation();
  if (!shown) return null;
  const onSignIn = SIGN_IN_PATHS.has(location.pathname);
  return (
    <Alert.Root
      status="warning"
      rounded="lg"
      mb={{ base: '5', lg: '6' }}
      alignItems="center"
      flexWrap="wrap"
      data-testid="session-ended"
    >
      <Alert.Indicator />
      <Alert.Content flex="1" minW="12rem">
        <Alert.Title>{SESSION_ENDED_MESSAGE}</Alert.Title>
      </Alert.Content>
      {onSignIn ? null : (
        <Button asChild size="sm" data-testid="session-ended-sign-in">
          <RouterLink to={SIGN_IN_PATH} state={returnToState(location)}>
            Iniciar sesión
          </RouterLink>
        </Button>
      )}
      <CloseButton size="sm" aria-label="Cerrar aviso" onClick={sessionEndedNotice.hide} />
    </Alert.Root>
  );
}
