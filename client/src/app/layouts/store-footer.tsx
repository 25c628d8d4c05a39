import { Box, Flex, Link, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { LEGAL_TEXT_KINDS, LEGAL_TEXT_PATHS, LEGAL_TEXT_TITLES } from '@tienda/rules';
import { Link as RouterLink } from 'react-router-dom';
import { ShopSettingsQuery } from './api';

/** '5512345678' → '55 1234 5678'. */
function spacedPhone(phone: string): string {
  return /^\d{10}$/.test(phone)
    ? `${phone.slice(0, 2)} ${phone.slice(2, 6)} ${phone.slice(6)}`
    : phone;
}

/**
 * The foot of every store screen, phone and desktop (issue 25, item 7): the legal pages
 * ('Aviso de privacidad', 'Términos y condiciones', 'Devoluciones y cambios') and the seller's
 * legal name (razón social) from the settings (Ajustes), shown before any sale as LFPC art. 76 Bis
 * asks. Its address, phone and e-mail are the contact block's (the sidebar's foot, the end of the
 * page on phones); `withContact` adds them here where that block is not shown (a phone on the
 * price-free catalogue).
 */
export function StoreFooter({ withContact }: { withContact: boolean }) {
  const { data } = useQuery(ShopSettingsQuery);
  const settings = data?.shopSettings;
  return (
    <Box
      as="footer"
      mt="10"
      pt="5"
      borderTopWidth="1px"
      borderColor="gray.200"
      fontSize="sm"
      color="gray.700"
      data-testid="store-footer"
    >
      <Flex as="nav" aria-label="Información legal" gap="2" columnGap="5" wrap="wrap">
        {LEGAL_TEXT_KINDS.map((kind) => (
          <Link key={kind} asChild color="gray.800" textDecoration="underline" py="1">
            <RouterLink to={LEGAL_TEXT_PATHS[kind]} data-testid={`footer-legal-${kind}`}>
              {LEGAL_TEXT_TITLES[kind]}
            </RouterLink>
          </Link>
        ))}
      </Flex>
      {settings && (settings.legalName || withContact) ? (
        <Text mt="3" fontSize="xs" color="gray.600" data-testid="footer-seller">
          {settings.legalName ? 'Razón social: ' : null}
          <Text as="span" fontWeight="semibold" color="gray.800" data-testid="footer-legal-name">
            {settings.legalName || settings.name}
          </Text>
          {withContact && settings.address ? ` · ${settings.address}` : null}
          {withContact && settings.phone ? ` · Tel. ${spacedPhone(settings.phone)}` : null}
          {withContact && settings.email ? ` · ${settings.email}` : null}
        </Text>
      ) : null}
    </Box>
  );
}
