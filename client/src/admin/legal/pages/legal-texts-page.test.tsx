import type { MockLink } from '@apollo/client/testing';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { DEFAULT_LEGAL_TEXTS, LEGAL_TEXT_MESSAGES } from '@tienda/rules';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubMatchMedia } from '../../../../test/render-with-providers';
import { ShopSettingsQuery } from '../../../app/layouts/api';
import { toaster } from '../../../shared/notifications/toaster';
import { AdminLegalTextsQuery, UpdateLegalTextMutation } from '../api';
import { AdminLegalTextsPage, LEGAL_TEXTS_MESSAGES } from './legal-texts-page';

const text = (kind: 'PRIVACY' | 'TERMS' | 'RETURNS', title: string, markdown: string) => ({
  __typename: 'LegalText' as const,
  kind,
  title,
  markdown,
  defaultMarkdown: markdown,
  isDefault: true,
  updatedAt: null,
});

const loaded: MockLink.MockedResponse = {
  request: { query: AdminLegalTextsQuery },
  result: {
    data: {
      adminLegalTexts: [
        text('PRIVACY', 'Aviso de privacidad', DEFAULT_LEGAL_TEXTS.privacy),
        text('TERMS', 'Términos y condiciones', DEFAULT_LEGAL_TEXTS.terms),
        text('RETURNS', 'Devoluciones y cambios', DEFAULT_LEGAL_TEXTS.returns),
      ],
    },
  },
};

const shop = (legalName: string): MockLink.MockedResponse => ({
  request: { query: ShopSettingsQuery },
  result: {
    data: {
      shopSettings: {
        __typename: 'ShopSettings',
        name: 'Tienda',
        legalName,
        address: 'Av. Juárez 10, Centro, Ciudad de México',
        phone: '5512345678',
        email: '',
        whatsappUrl: 'https://wa.me/525512345678',
        facebookUrl: 'https://www.facebook.com/tienda',
        trustUrl: 'https://www.facebook.com/tienda/reviews',
      },
    },
  },
});

function renderPage(mocks: MockLink.MockedResponse[]) {
  return renderWithProviders(
    [{ path: '/admin/textos-legales', element: <AdminLegalTextsPage /> }],
    '/admin/textos-legales',
    [loaded, ...mocks],
  );
}

describe('AdminLegalTextsPage (/admin/textos-legales)', { timeout: 30_000 }, () => {
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

  it('shows the three texts, and warns of the seller details Ajustes lacks', async () => {
    renderPage([shop('')]);
    await screen.findByTestId('legal-texts');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Aviso de privacidad',
      'Términos y condiciones',
      'Devoluciones y cambios',
    ]);
    expect((screen.getByTestId('legal-markdown-terms') as HTMLTextAreaElement).value).toBe(
      DEFAULT_LEGAL_TEXTS.terms,
    );
    const warning = await screen.findByTestId('legal-missing-settings');
    expect(warning.textContent).toContain('la razón social y el correo de contacto');
  });

  it('an unknown placeholder is refused before sending, on its text', async () => {
    renderPage([shop('Calzado Demo S.A. de C.V.')]);
    const editor = await screen.findByTestId('legal-markdown-terms');
    fireEvent.change(editor, { target: { value: 'Vende {razon}' } });
    fireEvent.click(screen.getByTestId('legal-save-terms'));
    expect((await screen.findByTestId('legal-error-terms')).textContent).toBe(
      LEGAL_TEXT_MESSAGES.unknownPlaceholder('razon'),
    );
    await expectNotified(LEGAL_TEXT_MESSAGES.unknownPlaceholder('razon'));
    // With the legal name given, only the e-mail is missing.
    expect((await screen.findByTestId('legal-missing-settings')).textContent).toContain(
      'escribe el correo de contacto en Ajustes',
    );
  });

  it('saves a text and says so', async () => {
    const saved = {
      ...text('TERMS', 'Términos y condiciones', 'Vende {razonSocial}'),
      isDefault: false,
    };
    renderPage([
      shop('Calzado Demo S.A. de C.V.'),
      {
        request: {
          query: UpdateLegalTextMutation,
          variables: { kind: 'TERMS', markdown: 'Vende {razonSocial}' },
        },
        result: { data: { updateLegalText: saved } },
      },
    ]);
    const editor = await screen.findByTestId('legal-markdown-terms');
    fireEvent.change(editor, { target: { value: 'Vende {razonSocial}' } });
    fireEvent.click(screen.getByTestId('legal-save-terms'));
    await expectNotified(LEGAL_TEXTS_MESSAGES.saved('Términos y condiciones'));
  });
});
