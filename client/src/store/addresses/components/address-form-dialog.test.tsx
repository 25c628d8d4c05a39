import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { MockedProvider } from '@apollo/client/testing/react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AddressValues } from '@tienda/rules';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '../../../../test/render-with-providers';
import { ShopSettingsQuery } from '../../../app/layouts/api';
import type { Address } from '../use-addresses';
import { AddressFormDialog } from './address-form-dialog';

/** Issue 28 item 4: the form's 'Número interior' and 'Sin número' (the rules of @tienda/rules). */

const TYPED: Partial<Record<keyof AddressValues, string>> = {
  firstName: 'Ana',
  lastName: 'López',
  street: 'Calle Pino',
  neighborhood: 'Del Valle',
  postalCode: '03100',
  city: 'Benito Juárez',
  state: 'Ciudad de México',
  references: 'Casa azul',
  phone: '5511112222',
};

/** The public settings the simplified privacy notice names the responsible party from. */
const SHOP_SETTINGS = {
  request: { query: ShopSettingsQuery },
  result: {
    data: {
      shopSettings: {
        __typename: 'ShopSettings' as const,
        name: 'Tienda',
        legalName: 'Calzado Demo S.A. de C.V.',
        address: '',
        phone: '',
        email: '',
        whatsappUrl: 'https://wa.me/525512345678',
        facebookUrl: 'https://www.facebook.com/tienda',
        trustUrl: 'https://www.facebook.com/tienda/reviews',
      },
    },
  },
};

function renderForm() {
  const addAddress = vi.fn((input: AddressValues): Promise<Address> =>
    Promise.resolve({
      __typename: 'Address',
      id: 9,
      createdAt: '2026-11-27T10:00:00.000Z',
      ...input,
    }),
  );
  render(
    <MockedProvider mocks={[SHOP_SETTINGS]}>
      <ChakraProvider value={defaultSystem}>
        <AddressFormDialog open onOpenChange={() => undefined} addAddress={addAddress} />
      </ChakraProvider>
    </MockedProvider>,
  );
  return addAddress;
}

const field = (name: string) => screen.getByTestId(`field-${name}`) as HTMLInputElement;

function type(name: string, value: string) {
  fireEvent.change(field(name), { target: { value } });
  fireEvent.blur(field(name));
}

function fillTheRest() {
  for (const [name, value] of Object.entries(TYPED)) type(name, value);
}

const submit = () =>
  act(async () => {
    fireEvent.click(screen.getByTestId('address-form-submit'));
    await Promise.resolve();
  });

describe('address form: número interior and Sin número', () => {
  beforeAll(() => stubMatchMedia());
  afterEach(() => cleanup());

  it("shows 'Número interior' as optional and sends it trimmed beside the numeric número", async () => {
    const addAddress = renderForm();
    expect(screen.getByText('Número interior')).toBeTruthy();
    expect(field('interiorNumber').required).toBe(false);
    fillTheRest();
    type('number', '123');
    type('interiorNumber', ' Depto. 4 ');
    await submit();
    await waitFor(() => expect(addAddress).toHaveBeenCalledTimes(1));
    expect(addAddress.mock.calls[0]![0]).toMatchObject({
      number: '123',
      interiorNumber: 'Depto. 4',
      withoutNumber: false,
    });
  });

  it("rule número required without 'Sin número': 'El campo número es obligatorio'", async () => {
    const addAddress = renderForm();
    fillTheRest();
    await submit();
    expect(screen.getByTestId('error-number').textContent).toBe('El campo número es obligatorio');
    expect(addAddress).not.toHaveBeenCalled();
  });

  it("'Sin número' empties and disables the número and sends an address without one", async () => {
    const addAddress = renderForm();
    fillTheRest();
    type('number', '12');
    const withoutNumber = screen.getByTestId('field-withoutNumber');
    expect(withoutNumber.textContent).toBe('Sin número');
    fireEvent.click(withoutNumber.querySelector('input')!);
    await waitFor(() => expect(field('number').disabled).toBe(true));
    expect(field('number').value).toBe('');
    await submit();
    await waitFor(() => expect(addAddress).toHaveBeenCalledTimes(1));
    expect(addAddress.mock.calls[0]![0]).toMatchObject({
      number: '',
      withoutNumber: true,
      interiorNumber: '',
    });
  });

  it("rule interior number signs: 'El número interior solo puede tener letras, números, espacios y los signos - . / #'", async () => {
    const addAddress = renderForm();
    fillTheRest();
    type('number', '12');
    type('interiorNumber', '4<b>');
    expect(screen.getByTestId('error-interiorNumber').textContent).toBe(
      'El número interior solo puede tener letras, números, espacios y los signos - . / #',
    );
    await submit();
    expect(addAddress).not.toHaveBeenCalled();
    expect(field('interiorNumber').maxLength).toBe(20);
  });

  it('shows the simplified privacy notice with the responsible party and the link to the integral one', async () => {
    renderForm();
    const notice = await screen.findByTestId('simplified-privacy-notice');
    expect(notice.textContent).toMatch(/^Calzado Demo S\.A\. de C\.V\. es responsable/);
    expect(notice.textContent).toContain('ARCO');
    const link = screen.getByTestId('privacy-notice-link');
    expect(link.getAttribute('href')).toBe('#/aviso-de-privacidad');
    expect(link.getAttribute('target')).toBe('_blank');
  });
});
