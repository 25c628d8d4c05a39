import { Navigate, useLocation } from 'react-router-dom';
import { returnToState } from '../navigation/return-to';

export const SIGN_IN_PATH = '/iniciar-sesion';

/**
 * A page that needs a session, opened by nobody (or by a shopper whose session just ended):
 * to sign-in, which returns here afterwards (the page's route and query in the history state).
 */
export function SignInRedirect() {
  const location = useLocation();
  return <Navigate to={SIGN_IN_PATH} replace state={returnToState(location)} />;
}
