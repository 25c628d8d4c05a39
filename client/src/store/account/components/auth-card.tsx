import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface AuthCardProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
  /** Under the card: the link to the other screen. */
  footer?: ReactNode;
  'data-testid'?: string;
}

/** The centred card that holds the sign-in and registration forms. */
export function AuthCard({ title, subtitle, children, footer, ...rest }: AuthCardProps) {
  return (
    <Box w="full" maxW="md" mx="auto" pt={{ base: '2', md: '6' }} data-testid={rest['data-testid']}>
      <Box
        layerStyle="panel"
        rounded="2xl"
        shadow="sm"
        px={{ base: '5', md: '8' }}
        py={{ base: '6', md: '8' }}
      >
        <Stack gap="1" mb="6">
          <Heading as="h1" size="2xl" letterSpacing="tight" color="gray.900">
            {title}
          </Heading>
          {subtitle ? (
            <Text color="gray.600" fontSize="sm">
              {subtitle}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Box>
      {footer ? (
        <Text textAlign="center" mt="5" color="gray.600" fontSize="sm">
          {footer}
        </Text>
      ) : null}
    </Box>
  );
}
