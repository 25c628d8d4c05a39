import { Flex, Icon, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import type { ReactNode } from 'react';
import { FaFacebookF, FaWhatsapp } from 'react-icons/fa';
import { LuShieldCheck } from 'react-icons/lu';
import { ShopSettingsQuery } from './api';

interface ContactLinkProps {
  href: string;
  label: string;
  icon: ReactNode;
  bg: string;
  hoverBg: string;
  color?: string;
  testId?: string;
}

function ContactLink({
  href,
  label,
  icon,
  bg,
  hoverBg,
  color = 'white',
  testId,
}: ContactLinkProps) {
  return (
    <Link
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      data-testid={testId}
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      gap="1.5"
      flex="1"
      minW="0"
      px="2.5"
      h="10"
      rounded="full"
      bg={bg}
      color={color}
      fontSize="sm"
      fontWeight="semibold"
      whiteSpace="nowrap"
      borderWidth={bg === 'white' ? '1px' : '0'}
      borderColor="gray.200"
      _hover={{ bg: hoverBg, textDecoration: 'none' }}
    >
      {icon}
      <Text as="span">{label}</Text>
    </Link>
  );
}

interface ShopContactProps {
  name: string;
  address: string;
  phone: string;
  email: string;
  testId?: string;
}

/** '5512345678' → '55 1234 5678' (Mexico's 10 digits as people write them). */
function spacedPhone(phone: string): string {
  return /^\d{10}$/.test(phone)
    ? `${phone.slice(0, 2)} ${phone.slice(2, 6)} ${phone.slice(6)}`
    : phone;
}

/** The shop's name, address, phone and e-mail from its settings (Ajustes): what is given. */
function ShopContact({ name, address, phone, email, testId }: ShopContactProps) {
  return (
    <Stack
      as="address"
      gap="0.5"
      fontStyle="normal"
      fontSize="xs"
      color="gray.600"
      data-testid={testId}
    >
      <Text fontWeight="semibold" color="gray.800" data-testid={testId && `${testId}-name`}>
        {name}
      </Text>
      {address ? <Text>{address}</Text> : null}
      {phone ? (
        <Link href={`tel:+52${phone}`} color="gray.700" width="fit-content">
          Tel. {spacedPhone(phone)}
        </Link>
      ) : null}
      {email ? (
        <Link href={`mailto:${email}`} color="gray.700" width="fit-content" overflowWrap="anywhere">
          {email}
        </Link>
      ) : null}
    </Stack>
  );
}

export interface ContactLinksProps {
  /**
   * 'sidebar': the foot of the sidebar (desktop column, phone menu), held at its bottom edge;
   * 'footer': a row at the end of the page on phones. Either way the links sit beside or after
   * the content, never over a price, a name or a button.
   */
  placement: 'sidebar' | 'footer';
  /** The instance on screen carries the test ids (the phone menu's copy does not). */
  testIds?: boolean;
}

/**
 * The shop's name and contact details, then WhatsApp, Facebook and 'Somos confiables?', all from
 * the shop settings (Ajustes; never literals). The links used to float over the bottom-right
 * corner, where they covered cards, prices and buttons.
 */
export function ContactLinks({ placement, testIds = false }: ContactLinksProps) {
  const { data } = useQuery(ShopSettingsQuery);
  const settings = data?.shopSettings;
  if (!settings) return null;
  const id = (name: string) => (testIds ? name : undefined);
  const contact = (
    <ShopContact
      name={settings.name}
      address={settings.address}
      phone={settings.phone}
      email={settings.email}
      testId={id('shop-contact')}
    />
  );

  const whatsapp = (
    <ContactLink
      href={settings.whatsappUrl}
      label="WhatsApp"
      bg="#137a3f"
      hoverBg="#0f6633"
      testId={id('floating-whatsapp')}
      icon={
        <Icon boxSize="5">
          <FaWhatsapp />
        </Icon>
      }
    />
  );
  const facebook = (
    <ContactLink
      href={settings.facebookUrl}
      label="Facebook"
      // Facebook's blue a shade darker: white text on it reaches AA's 4.5:1 (5.6:1).
      bg="#0f63d6"
      hoverBg="#0b4fb0"
      testId={id('floating-facebook')}
      icon={
        <Icon boxSize="4">
          <FaFacebookF />
        </Icon>
      }
    />
  );
  const trust = (
    <ContactLink
      href={settings.trustUrl}
      label="Somos confiables?"
      bg="white"
      hoverBg="gray.50"
      color="gray.800"
      testId={id('floating-trust')}
      icon={
        <Icon color="green.600" boxSize="4">
          <LuShieldCheck />
        </Icon>
      }
    />
  );

  if (placement === 'sidebar') {
    return (
      <Stack
        as="aside"
        aria-label="Contacto"
        gap="2"
        position="sticky"
        bottom="0"
        mx="-4"
        mb="-6"
        px="4"
        py="4"
        bg="white"
        borderTopWidth="1px"
        borderColor="gray.200"
        data-testid={id('floating-links')}
      >
        {contact}
        <Flex gap="2">
          {whatsapp}
          {facebook}
        </Flex>
        <Flex>{trust}</Flex>
      </Stack>
    );
  }
  return (
    <Stack
      as="aside"
      aria-label="Contacto"
      gap="3"
      mt="10"
      pt="5"
      borderTopWidth="1px"
      borderColor="gray.200"
      data-testid={id('floating-links')}
    >
      <Text fontSize="sm" color="gray.600">
        ¿Dudas sobre un producto o tu pedido? Escríbenos.
      </Text>
      <Flex gap="2" wrap="wrap">
        {whatsapp}
        {facebook}
      </Flex>
      <Flex>{trust}</Flex>
      {contact}
    </Stack>
  );
}
