import { Stack, type StackProps, Text, type TextProps } from '@chakra-ui/react';
import { streetLine } from '@tienda/rules';
import type { PostalAddressFieldsFragment } from '../../gql/graphql';

/** The storefront's small print, or the back office's popup: its size, colours and words. */
const LOOKS = {
  store: {
    lines: { gap: '0.5', fontSize: 'sm', color: 'gray.700', minW: '0', overflowWrap: 'anywhere' },
    name: { color: 'gray.900' },
    muted: 'gray.600',
    neighborhood: 'Col.',
    phone: 'Tel.',
  },
  admin: {
    lines: { gap: '1', color: 'gray.800' },
    name: {},
    muted: 'gray.700',
    neighborhood: 'col.',
    phone: 'Teléfono:',
  },
} satisfies Record<
  string,
  { lines: StackProps; name: TextProps; muted: string; neighborhood: string; phone: string }
>;

export interface PostalAddressProps extends StackProps {
  address: PostalAddressFieldsFragment;
  look?: keyof typeof LOOKS;
  /** The name's line: its size ('md' in the address book) and its test id. */
  nameFontSize?: TextProps['fontSize'];
  nameTestId?: string;
}

/**
 * Name, street line ('Av. Juárez 123 Int. 4B', 'Calle Pino S/N': `streetLine`, as the e-mails), colonia, CP, city, state, references, phone. (', Col. ' and 'Tel. ' are
 * one text each, as the screens wrote them: Chromium shapes the line the same, to the pixel.)
 */
export function PostalAddress({
  address,
  look = 'store',
  nameFontSize,
  nameTestId,
  ...rest
}: PostalAddressProps) {
  const { lines, name, muted, neighborhood, phone } = LOOKS[look];
  return (
    <Stack {...lines} {...rest}>
      <Text fontWeight="semibold" fontSize={nameFontSize} {...name} data-testid={nameTestId}>
        {address.firstName} {address.lastName}
      </Text>
      <Text>
        {streetLine(address)}
        {`, ${neighborhood} `}
        {address.neighborhood}
      </Text>
      <Text>
        C.P. {address.postalCode}, {address.city}, {address.state}
      </Text>
      <Text color={muted}>Referencias: {address.references}</Text>
      <Text color={muted}>
        {`${phone} `}
        {address.phone}
      </Text>
    </Stack>
  );
}
