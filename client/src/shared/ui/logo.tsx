import { HStack, Text } from '@chakra-ui/react';

/** The shop's text + SVG logo. */
export function Logo({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const iconSize = size === 'lg' ? 40 : 32;
  return (
    <HStack gap="2.5" aria-label="Tienda" role="img">
      <svg
        width={iconSize}
        height={iconSize}
        viewBox="0 0 64 64"
        aria-hidden="true"
        focusable="false"
      >
        <rect width="64" height="64" rx="14" fill="#1c1917" />
        <path
          d="M18 24h28l-3 26H21z"
          fill="none"
          stroke="#fb923c"
          strokeWidth="4"
          strokeLinejoin="round"
        />
        <path
          d="M25 24v-4a7 7 0 0 1 14 0v4"
          fill="none"
          stroke="#fb923c"
          strokeWidth="4"
          strokeLinecap="round"
        />
      </svg>
      <Text
        as="span"
        fontSize={size === 'lg' ? '2xl' : 'xl'}
        fontWeight="black"
        letterSpacing="tight"
        color="gray.900"
      >
        Tienda
      </Text>
    </HStack>
  );
}
