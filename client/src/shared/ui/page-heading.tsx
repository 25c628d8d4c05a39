import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface PageHeadingProps {
  title: string;
  subtitle?: ReactNode;
  /** A smaller title, for the denser admin pages. */
  compact?: boolean;
}

export function PageHeading({ title, subtitle, compact }: PageHeadingProps) {
  return (
    <Stack gap="1" mb="6">
      <Heading
        as="h1"
        size={compact ? { base: 'xl', md: '2xl' } : { base: '2xl', md: '3xl' }}
        letterSpacing="tight"
        color="gray.900"
      >
        {title}
      </Heading>
      {subtitle ? (
        <Text color="gray.600" fontSize="sm">
          {subtitle}
        </Text>
      ) : null}
    </Stack>
  );
}
