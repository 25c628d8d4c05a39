import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PostalAddressFieldsFragment } from '../../gql/graphql';
import { PostalAddress } from './postal-address';

/**
 * Issue 28 item 4: the summary, the payment page, the address book and the admin's popup all draw
 * an address here, its street line by `streetLine` of @tienda/rules (as the e-mails).
 */
const address: PostalAddressFieldsFragment = {
  __typename: 'Address',
  id: 1,
  firstName: 'Ana',
  lastName: 'López',
  street: 'Av. Juárez',
  number: '123',
  withoutNumber: false,
  interiorNumber: '4B',
  neighborhood: 'Centro',
  postalCode: '06000',
  city: 'Cuauhtémoc',
  state: 'Ciudad de México',
  references: 'Portón negro',
  phone: '5512345678',
};

function draw(a: PostalAddressFieldsFragment, look: 'store' | 'admin' = 'store') {
  render(
    <ChakraProvider value={defaultSystem}>
      <PostalAddress address={a} look={look} data-testid="postal" />
    </ChakraProvider>,
  );
  return screen.getByTestId('postal').textContent;
}

describe('the street line of an address', () => {
  afterEach(() => cleanup());

  it("shows the interior number: 'Av. Juárez 123 Int. 4B'", () => {
    expect(draw(address)).toContain('Av. Juárez 123 Int. 4B, Col. Centro');
  });

  it("shows an address without number as 'S/N', in the admin's popup too", () => {
    const sn = { ...address, street: 'Calle Pino', number: '', withoutNumber: true };
    expect(draw({ ...sn, interiorNumber: '' }, 'admin')).toContain('Calle Pino S/N, col. Centro');
    cleanup();
    expect(draw({ ...sn, interiorNumber: 'Depto. 2' })).toContain('Calle Pino S/N Depto. 2');
  });
});
