import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ShopSettingsQuery } from './api';
import { ContactLinks } from './floating-links';

const settings = (contact: { name: string; address: string; phone: string; email: string }) => ({
  request: { query: ShopSettingsQuery },
  result: {
    data: {
      shopSettings: {
        __typename: 'ShopSettings' as const,
        ...contact,
        whatsappUrl: 'https://wa.me/525511112222',
        facebookUrl: 'https://www.facebook.com/lupita',
        trustUrl: 'https://www.facebook.com/lupita/reviews',
      },
    },
  },
});

function renderLinks(mock: MockLink.MockedResponse) {
  return render(
    <MockedProvider mocks={[mock]}>
      <ChakraProvider value={defaultSystem}>
        <ContactLinks placement="footer" testIds />
      </ChakraProvider>
    </MockedProvider>,
  );
}

describe('the footer: the shop’s contact details from Ajustes', { timeout: 30_000 }, () => {
  afterEach(() => cleanup());

  it('shows the name, the address, the phone (a tel: link) and the e-mail (a mailto: link)', async () => {
    renderLinks(
      settings({
        name: 'Zapatería Lupita',
        address: 'Av. Juárez 10, Centro, Ciudad de México',
        phone: '5587654321',
        email: 'hola@lupita.mx',
      }),
    );
    const contact = await screen.findByTestId('shop-contact', {}, { timeout: 10_000 });
    expect(contact.tagName).toBe('ADDRESS');
    expect(screen.getByTestId('shop-contact-name').textContent).toBe('Zapatería Lupita');
    expect(contact.textContent).toContain('Av. Juárez 10, Centro, Ciudad de México');
    expect(screen.getByRole('link', { name: 'Tel. 55 8765 4321' }).getAttribute('href')).toBe(
      'tel:+525587654321',
    );
    expect(screen.getByRole('link', { name: 'hola@lupita.mx' }).getAttribute('href')).toBe(
      'mailto:hola@lupita.mx',
    );
    expect(screen.getByTestId('floating-whatsapp').getAttribute('href')).toBe(
      'https://wa.me/525511112222',
    );
  });

  it('an empty shop shows only its name (nothing for the details not given)', async () => {
    renderLinks(settings({ name: 'Tienda', address: '', phone: '', email: '' }));
    const contact = await screen.findByTestId('shop-contact', {}, { timeout: 10_000 });
    expect(contact.textContent).toBe('Tienda');
    expect(screen.queryByRole('link', { name: /^Tel\./ })).toBeNull();
  });
});
