import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function AdminPageHeading({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <Stack gap="1" mb="6">
      <Heading as="h1" size={{ base: 'xl', md: '2xl' }} letterSpacing="tight" color="gray.900">
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
