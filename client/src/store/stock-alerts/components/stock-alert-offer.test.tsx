import type { MockLink } from '@apollo/client/testing';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { RequestStockAlertMutation } from '../api';
import { StockAlertOffer } from './stock-alert-offer';

const answer = (
  variables: Record<string, unknown>,
  status: string,
  email: string,
  message: string,
): MockLink.MockedResponse => ({
  request: { query: RequestStockAlertMutation, variables },
  result: {
    data: { requestStockAlert: { __typename: 'StockAlertRequest', status, email, message } },
  },
});

const renderOffer = (signedIn: boolean, mocks: MockLink.MockedResponse[]) =>
  renderWithProviders(
    [{ path: '/', element: <StockAlertOffer productId={7} size="27" signedIn={signedIn} /> }],
    '/',
    mocks,
  );

describe("StockAlertOffer ('Avísame cuando llegue')", () => {
  afterEach(() => cleanup());

  it('a visitor with a bad address reads the rule’s message and nothing is sent', async () => {
    renderOffer(false, []);
    fireEvent.change(await screen.findByTestId('stock-alert-email'), {
      target: { value: 'ana@' },
    });
    fireEvent.click(screen.getByTestId('stock-alert-request'));
    expect((await screen.findByTestId('stock-alert-email-error')).textContent).toBe(
      'El email no es válido.',
    );
    fireEvent.change(screen.getByTestId('stock-alert-email'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('stock-alert-request'));
    expect((await screen.findByTestId('stock-alert-email-error')).textContent).toBe(
      'El email es obligatorio.',
    );
  });

  it("a visitor's address: the server's answer says to confirm from the e-mail", async () => {
    const message =
      'Te enviamos un correo a ana@example.com. Abre el enlace para confirmar el aviso.';
    renderOffer(false, [
      answer(
        { productId: 7, size: '27', email: 'ana@example.com' },
        'CONFIRMATION_SENT',
        'ana@example.com',
        message,
      ),
    ]);
    fireEvent.change(await screen.findByTestId('stock-alert-email'), {
      target: { value: ' ana@example.com ' },
    });
    fireEvent.click(screen.getByTestId('stock-alert-request'));
    expect((await screen.findByTestId('stock-alert-done')).textContent).toBe(message);
  });

  it('a signed-in shopper subscribes with one tap, no address asked', async () => {
    const message = 'Listo: te escribiremos a ana@example.com cuando llegue la talla 27.';
    renderOffer(true, [
      answer({ productId: 7, size: '27', email: null }, 'SUBSCRIBED', 'ana@example.com', message),
    ]);
    expect(screen.queryByTestId('stock-alert-email')).toBeNull();
    fireEvent.click(await screen.findByTestId('stock-alert-request'));
    expect((await screen.findByTestId('stock-alert-done')).textContent).toBe(message);
  });
});
