import { Link, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { LEGAL_TEXT_PATHS, LEGAL_TEXT_TITLES, simplifiedPrivacyNotice } from '@tienda/rules';
import type { ReactNode } from 'react';
import { ShopSettingsQuery } from '../../app/layouts/api';

/**
 * A legal page opened in a new tab: what the shopper typed in the form they are reading it from
 * stays where it is.
 */
function LegalLink({
  path,
  children,
  testId,
}: {
  path: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Link
      href={`#${path}`}
      target="_blank"
      rel="noopener"
      color="orange.700"
      textDecoration="underline"
      data-testid={testId}
    >
      {children}
    </Link>
  );
}

/**
 * The simplified privacy notice (LFPDPPP), shown where personal data is collected: the
 * registration form and the address form of the checkout. The responsible party's name comes
 * from the settings; the link opens the integral notice.
 */
export function SimplifiedPrivacyNotice() {
  const { data } = useQuery(ShopSettingsQuery);
  const settings = data?.shopSettings;
  if (!settings) return null;
  return (
    <Text fontSize="xs" color="gray.600" lineHeight="tall" data-testid="simplified-privacy-notice">
      {simplifiedPrivacyNotice(settings)}{' '}
      <LegalLink path={LEGAL_TEXT_PATHS.privacy} testId="privacy-notice-link">
        {LEGAL_TEXT_TITLES.privacy} integral
      </LegalLink>
      .
    </Text>
  );
}

/** Under 'Crear pedido': the terms, the returns policy and the privacy notice, before the sale. */
export function CheckoutLegalNote() {
  return (
    <Text fontSize="xs" color="gray.600" textAlign="center" data-testid="checkout-legal-note">
      Al crear tu pedido aceptas los{' '}
      <LegalLink path={LEGAL_TEXT_PATHS.terms} testId="checkout-terms-link">
        {LEGAL_TEXT_TITLES.terms.toLocaleLowerCase('es-MX')}
      </LegalLink>{' '}
      y la política de{' '}
      <LegalLink path={LEGAL_TEXT_PATHS.returns} testId="checkout-returns-link">
        {LEGAL_TEXT_TITLES.returns.toLocaleLowerCase('es-MX')}
      </LegalLink>
      . Tratamos tus datos según el{' '}
      <LegalLink path={LEGAL_TEXT_PATHS.privacy} testId="checkout-privacy-link">
        {LEGAL_TEXT_TITLES.privacy.toLocaleLowerCase('es-MX')}
      </LegalLink>
      .
    </Text>
  );
}
