import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { MockedProvider } from '@apollo/client/testing/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CARDS_OFF_MESSAGE, CardPaymentOption } from './card-payment-option';

function renderOption(enabled: boolean) {
  render(
    <MockedProvider mocks={[]}>
      <ChakraProvider value={defaultSystem}>
        <CardPaymentOption
          orderId={41}
          totalCents={2_160_00}
          cardChargeCents={2_237_00}
          enabled={enabled}
        />
      </ChakraProvider>
    </MockedProvider>,
  );
}

describe('CardPaymentOption', () => {
  afterEach(() => cleanup());

  it("hides the card total when card payments are off: only 'Los pagos con tarjeta no están disponibles'", () => {
    renderOption(false);
    expect(screen.getByTestId('cards-off').textContent).toContain(CARDS_OFF_MESSAGE);
    expect(screen.queryByTestId('card-charge')).toBeNull();
    expect(screen.queryByTestId('card-fee-note')).toBeNull();
    expect(screen.getByTestId('card-payment').textContent).not.toContain('$2,237');
  });

  it('shows the card total and its button when card payments are on', () => {
    renderOption(true);
    expect(screen.getByTestId('card-charge').textContent).toBe('$2,237');
    expect(screen.getByTestId('pay-by-card').textContent).toContain('Pagar $2,237 con tarjeta');
    expect(screen.queryByTestId('cards-off')).toBeNull();
  });
});
