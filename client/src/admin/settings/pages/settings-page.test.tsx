import type { MockLink } from '@apollo/client/testing';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { SHOP_SETTINGS_MESSAGES } from '@tienda/rules';
import { GraphQLError } from 'graphql';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubMatchMedia } from '../../../../test/render-with-providers';
import { toaster } from '../../../shared/notifications/toaster';
import { AdminShopSettingsQuery, UpdateShopSettingsMutation } from '../api';
import { SETTINGS_MESSAGES, fromFormValues, toFormValues } from '../settings-form';
import { AdminSettingsPage } from './settings-page';

const SETTINGS = {
  name: 'Tienda',
  legalName: 'Tienda Demo S.A. de C.V.',
  address: '',
  phone: '',
  email: '',
  bank: 'BBVA México',
  holder: 'Tienda Demo S.A. de C.V.',
  account: '0123456789',
  clabe: '012180001234567899',
  card: '4152 3138 0000 0000',
  proofPhone: '5512345678',
  whatsappUrl: 'https://wa.me/525512345678',
  facebookUrl: 'https://www.facebook.com/tienda.demo',
  trustUrl: 'https://www.facebook.com/tienda.demo/reviews',
  carrier: 'Estafeta',
  trackingUrl: 'https://www.estafeta.com/rastreo?guia={guia}',
  globalInvoicePeriodicity: 'month',
  ordersEmails: ['ventas@tienda.mx'],
};

const loaded: MockLink.MockedResponse = {
  request: { query: AdminShopSettingsQuery },
  result: { data: { adminShopSettings: { __typename: 'AdminShopSettings', ...SETTINGS } } },
};

const saving = (
  input: typeof SETTINGS,
  answer: MockLink.MockedResponse['result'],
): MockLink.MockedResponse => ({
  request: { query: UpdateShopSettingsMutation, variables: { input } },
  result: answer,
});

function renderPage(mocks: MockLink.MockedResponse[]) {
  return renderWithProviders(
    [{ path: '/admin/ajustes', element: <AdminSettingsPage /> }],
    '/admin/ajustes',
    [loaded, ...mocks],
  );
}

const field = (name: string) => screen.getByTestId(`field-${name}`) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const save = () => fireEvent.click(screen.getByTestId('settings-submit'));

// A form of 17 Chakra fields: slow to draw on a busy machine.
describe('AdminSettingsPage (/admin/ajustes)', { timeout: 30_000 }, () => {
  beforeAll(() => stubMatchMedia());
  let notified: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    notified = vi.spyOn(toaster, 'create');
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });
  const expectNotified = (message: string) =>
    waitFor(() =>
      expect(notified).toHaveBeenCalledWith(expect.objectContaining({ description: message })),
    );

  it('shows the six sections with the stored settings', async () => {
    renderPage([]);
    expect(screen.getByRole('heading', { level: 1, name: 'Ajustes' })).toBeTruthy();
    await screen.findByTestId('settings-form', {}, { timeout: 10_000 });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Tienda',
      'Datos bancarios',
      'Contacto y enlaces',
      'Envíos',
      'Facturación',
      'Notificaciones',
    ]);
    expect(field('clabe').value).toBe('012180001234567899');
    expect(field('ordersEmails').value).toBe('ventas@tienda.mx');
    expect(screen.getByLabelText(/^CLABE/)).toBe(field('clabe'));
  });

  it('checks the rules before sending: a wrong CLABE is shown on its field, nothing is sent', async () => {
    renderPage([]);
    await screen.findByTestId('settings-form', {}, { timeout: 10_000 });
    type('clabe', '012180001234567890');
    type('trackingUrl', 'https://www.estafeta.com/rastreo');
    type('whatsappUrl', 'http://wa.me/52');
    save();
    expect((await screen.findByTestId('error-clabe')).textContent).toBe(
      'La CLABE debe tener 18 dígitos y un dígito verificador válido',
    );
    expect(screen.getByTestId('error-trackingUrl').textContent).toBe(
      SHOP_SETTINGS_MESSAGES.trackingPlaceholder,
    );
    expect(screen.getByTestId('error-whatsappUrl').textContent).toBe(
      'El campo enlace de whatsapp debe ser una dirección https://',
    );
    await expectNotified(SETTINGS_MESSAGES.fix);
    // Fixing a field clears its message.
    type('clabe', '002010077777777771');
    expect(screen.queryByTestId('error-clabe')).toBeNull();
  });

  it('sends every field, the addresses split, and says so when saved', async () => {
    const input = {
      ...SETTINGS,
      clabe: '002010077777777771',
      ordersEmails: ['ventas@tienda.mx', 'duena@tienda.mx'],
    };
    renderPage([
      saving(input, {
        data: { updateShopSettings: { __typename: 'AdminShopSettings', ...input } },
      }),
    ]);
    await screen.findByTestId('settings-form', {}, { timeout: 10_000 });
    type('clabe', '002010077777777771');
    type('ordersEmails', 'ventas@tienda.mx,  duena@tienda.mx');
    save();
    await expectNotified(SETTINGS_MESSAGES.saved);
    await waitFor(() =>
      expect(field('ordersEmails').value).toBe('ventas@tienda.mx, duena@tienda.mx'),
    );
  });

  it("the global invoice's periodicity is a select of daily, weekly, monthly (monthly as stored), and is sent", async () => {
    const input = { ...SETTINGS, globalInvoicePeriodicity: 'week' };
    renderPage([
      saving(input, {
        data: { updateShopSettings: { __typename: 'AdminShopSettings', ...input } },
      }),
    ]);
    await screen.findByTestId('settings-form', {}, { timeout: 10_000 });
    const select = screen.getByLabelText(/^Periodicidad de la factura global/) as HTMLSelectElement;
    expect(select.value).toBe('month');
    expect([...select.options].map((o) => o.textContent)).toEqual(['Diaria', 'Semanal', 'Mensual']);
    fireEvent.change(select, { target: { value: 'week' } });
    save();
    await expectNotified(SETTINGS_MESSAGES.saved);
    await waitFor(() => expect(select.value).toBe('week'));
  });

  it("shows the server's refusal on its field", async () => {
    const input = { ...SETTINGS, carrier: 'DHL' };
    renderPage([
      saving(input, {
        errors: [
          new GraphQLError('La CLABE debe tener 18 dígitos y un dígito verificador válido', {
            extensions: { code: 'BAD_USER_INPUT', field: 'clabe', reason: 'INVALID_CLABE' },
          }),
        ],
      }),
    ]);
    await screen.findByTestId('settings-form', {}, { timeout: 10_000 });
    type('carrier', 'DHL');
    save();
    expect((await screen.findByTestId('error-clabe')).textContent).toBe(
      'La CLABE debe tener 18 dígitos y un dígito verificador válido',
    );
    await expectNotified('La CLABE debe tener 18 dígitos y un dígito verificador válido');
  });

  it('the form values round-trip the settings (addresses as one text)', () => {
    expect(fromFormValues(toFormValues(SETTINGS))).toEqual(SETTINGS);
    expect(
      fromFormValues({ ...toFormValues(SETTINGS), ordersEmails: ' a@x.mx;\nb@x.mx ,' })
        .ordersEmails,
    ).toEqual(['a@x.mx', 'b@x.mx']);
  });
});
