import { HStack, Icon, Link, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import type { IconType } from 'react-icons';
import { FaFacebookF, FaWhatsapp } from 'react-icons/fa';
import { LuShieldCheck } from 'react-icons/lu';
import { ShopSettingsQuery } from './api';

interface RoundLinkProps {
  href: string;
  label: string;
  bg: string;
  hoverBg: string;
  testId: string;
  icon: IconType;
  iconSize: string;
}

function RoundLink({
  href,
  label,
  bg,
  hoverBg,
  testId,
  icon: IconComponent,
  iconSize,
}: RoundLinkProps) {
  return (
    <Link
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
      title={label}
      data-testid={testId}
      display="flex"
      alignItems="center"
      justifyContent="center"
      boxSize={{ base: '11', md: '12' }}
      rounded="full"
      bg={bg}
      color="white"
      shadow="lg"
      transition="transform 0.15s, background 0.15s"
      _hover={{ bg: hoverBg, transform: 'scale(1.06)', textDecoration: 'none' }}
    >
      <Icon boxSize={iconSize}>
        <IconComponent />
      </Icon>
    </Link>
  );
}

/** WhatsApp, Facebook and 'Somos confiables?', from the shop settings (never literals). */
export function FloatingLinks() {
  const { data } = useQuery(ShopSettingsQuery);
  const settings = data?.shopSettings;
  if (!settings) return null;

  return (
    <HStack
      position="fixed"
      right={{ base: '3', md: '6' }}
      bottom={{ base: '3', md: '6' }}
      zIndex="docked"
      gap={{ base: '2', md: '3' }}
      data-testid="floating-links"
    >
      <Link
        href={settings.trustUrl}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="floating-trust"
        display="flex"
        alignItems="center"
        gap="1.5"
        px={{ base: '3', md: '4' }}
        h={{ base: '9', md: '10' }}
        rounded="full"
        bg="white"
        color="gray.800"
        fontSize="sm"
        fontWeight="semibold"
        shadow="lg"
        borderWidth="1px"
        borderColor="gray.200"
        _hover={{ bg: 'gray.50', textDecoration: 'none' }}
      >
        <Icon color="green.600" boxSize="4">
          <LuShieldCheck />
        </Icon>
        <Text as="span">Somos confiables?</Text>
      </Link>
      <RoundLink
        href={settings.facebookUrl}
        label="Facebook"
        bg="#1877F2"
        hoverBg="#0f63d6"
        testId="floating-facebook"
        icon={FaFacebookF}
        iconSize="5"
      />
      <RoundLink
        href={settings.whatsappUrl}
        label="WhatsApp"
        bg="#25D366"
        hoverBg="#1ebe5b"
        testId="floating-whatsapp"
        icon={FaWhatsapp}
        iconSize="6"
      />
    </HStack>
  );
}
