import type { MockLink } from '@apollo/client/testing';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { COUPON_COMBINATION_RULE, COUPON_FORM_MESSAGES } from '@tienda/rules';
import { GraphQLError } from 'graphql';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubMatchMedia } from '../../../../test/render-with-providers';
import type { AdminCouponFieldsFragment } from '../../../gql/graphql';
import { AdminCouponsQuery, CreateCouponMutation, DeactivateCouponMutation } from '../api';
import { COUPON_SCREEN_MESSAGES } from '../coupon-form';
import { AdminCouponsPage } from './coupons-page';

function coupon(
  id: number,
  code: string,
  overrides: Partial<AdminCouponFieldsFragment> = {},
): AdminCouponFieldsFragment {
  return {
    __typename: 'Coupon',
    id,
    code,
    kind: 'PERCENTAGE',
    value: 15,
    validFrom: null,
    validUntil: null,
    maxUses: null,
    maxUsesPerCustomer: null,
    minimumCents: null,
    nonPromotionalOnly: true,
    active: true,
    uses: 0,
    createdAt: '2026-11-20T12:00:00.000Z',
    ...overrides,
  };
}

function pageMock(items: AdminCouponFieldsFragment[]): MockLink.MockedResponse {
  return {
    request: { query: AdminCouponsQuery, variables: { search: null, offset: 0, limit: 10 } },
    result: {
      data: {
        coupons: { __typename: 'CouponPage', total: items.length, offset: 0, limit: 10, items },
      },
    },
  };
}

function renderPage(mocks: MockLink.MockedResponse[]) {
  return renderWithProviders(
    [{ path: '/admin/cupones', element: <AdminCouponsPage /> }],
    '/admin/cupones',
    mocks,
  );
}

const hotsale = coupon(2, 'HOTSALE', {
  kind: 'FIXED',
  value: 15_050,
  validFrom: '2026-05-01',
  validUntil: '2026-05-31',
  maxUses: 10,
  maxUsesPerCustomer: 1,
  minimumCents: 50_000,
  uses: 3,
});
const envio = coupon(1, 'ENVIOGRATIS', { kind: 'FREE_SHIPPING', value: 0, active: false });

describe('AdminCouponsPage (/admin/cupones)', () => {
  beforeAll(() => stubMatchMedia());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lists each coupon: value, dates in Spanish, uses / limit, per customer, state; and the combination rule', async () => {
    renderPage([pageMock([hotsale, envio])]);
    const cards = await screen.findAllByTestId('coupon-card');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByTestId('coupon-value-cell').textContent).toBe('$150.50');
    expect(first.getByText('Compra mínima $500')).toBeTruthy();
    expect(first.getByTestId('coupon-dates').textContent).toBe(
      'Del 1 de mayo de 2026 al 31 de mayo de 2026',
    );
    expect(first.getByTestId('coupon-uses').textContent).toBe('3 / 10');
    expect(first.getByTestId('coupon-per-customer').textContent).toBe('1 por cliente');
    expect(first.getByTestId('coupon-state').textContent).toBe('Activo');
    const second = within(cards[1]!);
    expect(second.getByTestId('coupon-value-cell').textContent).toBe('Envío gratis');
    expect(second.getByTestId('coupon-uses').textContent).toBe('0 / sin límite');
    expect(second.getByTestId('coupon-state').textContent).toBe('Inactivo');
    // An inactive coupon has nothing to deactivate.
    expect(second.queryByTestId('coupon-deactivate')).toBeNull();
    expect(screen.getByTestId('coupons-total').textContent).toBe('2 cupones');
    const rule = screen.getByTestId('coupon-combination-rule');
    expect(within(rule).getByText(COUPON_SCREEN_MESSAGES.combinationTitle)).toBeTruthy();
    for (const sentence of COUPON_COMBINATION_RULE) {
      expect(within(rule).getByText(sentence)).toBeTruthy();
    }
  });

  it("'Nuevo cupón' checks the rules before sending, then shows the server's refusal under its field", async () => {
    renderPage([
      pageMock([]),
      {
        request: {
          query: CreateCouponMutation,
          variables: {
            input: {
              code: 'HOTSALE',
              kind: 'FIXED',
              value: 19_999,
              validFrom: null,
              validUntil: null,
              maxUses: 100,
              maxUsesPerCustomer: null,
              minimumCents: null,
              nonPromotionalOnly: true,
              active: true,
            },
          },
        },
        result: {
          errors: [
            new GraphQLError(COUPON_FORM_MESSAGES.codeTaken, {
              extensions: { code: 'CONFLICT', field: 'code', reason: 'COUPON_CODE_TAKEN' },
            }),
          ],
        },
      },
    ]);
    expect(await screen.findByText(COUPON_SCREEN_MESSAGES.empty)).toBeTruthy();
    fireEvent.click(screen.getByTestId('coupon-add'));
    const dialog = await screen.findByTestId('coupon-form-dialog');
    const code = within(dialog).getByTestId('coupon-code');
    // 'Solo productos sin promoción' and 'Activo' are on for a new coupon.
    for (const box of ['coupon-non-promotional', 'coupon-active']) {
      const input = within(dialog).getByTestId(box).querySelector('input') as HTMLInputElement;
      expect(input.checked).toBe(true);
    }

    // Nothing typed: the rules' messages, no request (a request would match no mock).
    fireEvent.click(within(dialog).getByTestId('coupon-form-submit'));
    expect((await within(dialog).findByTestId('coupon-error-code')).textContent).toBe(
      COUPON_FORM_MESSAGES.codeRequired,
    );
    expect(within(dialog).getByTestId('coupon-error-value').textContent).toBe(
      COUPON_FORM_MESSAGES.percent,
    );

    fireEvent.change(code, { target: { value: 'hotsale' } });
    fireEvent.click(within(dialog).getByLabelText(/Monto fijo de descuento/));
    // The value is now an amount in pesos.
    expect(await within(dialog).findByText('Monto del descuento')).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('coupon-value'), { target: { value: '199.99' } });
    fireEvent.change(within(dialog).getByTestId('coupon-maxUses'), { target: { value: '100' } });
    fireEvent.click(within(dialog).getByTestId('coupon-form-submit'));
    expect((await within(dialog).findByTestId('coupon-error-code')).textContent).toBe(
      COUPON_FORM_MESSAGES.codeTaken,
    );
    // The popup stays open with what was typed.
    expect((code as HTMLInputElement).value).toBe('hotsale');
    // Many steps in one popup: more than the default 5 s on a loaded machine.
  }, 15_000);

  it("a used coupon's kind and value are locked, with the rule's hint", async () => {
    renderPage([pageMock([hotsale])]);
    const card = await screen.findByTestId('coupon-card');
    fireEvent.click(within(card).getByTestId('coupon-edit'));
    const dialog = await screen.findByTestId('coupon-form-dialog');
    expect(within(dialog).getByText('Editar cupón HOTSALE')).toBeTruthy();
    expect((within(dialog).getByTestId('coupon-value') as HTMLInputElement).value).toBe('150.50');
    expect((within(dialog).getByTestId('coupon-value') as HTMLInputElement).disabled).toBe(true);
    for (const radio of within(dialog).getAllByRole('radio')) {
      expect((radio as HTMLInputElement).disabled).toBe(true);
    }
    expect(within(dialog).getByTestId('coupon-used-hint').textContent).toBe(
      COUPON_FORM_MESSAGES.usedKindOrValue,
    );
    // Its dates and limits stay editable.
    expect((within(dialog).getByTestId('coupon-maxUses') as HTMLInputElement).disabled).toBe(false);
  });

  it("'Desactivar' asks first, then deactivates", async () => {
    const deactivated = { ...hotsale, active: false };
    renderPage([
      pageMock([hotsale]),
      {
        request: { query: DeactivateCouponMutation, variables: { id: 2 } },
        result: { data: { deactivateCoupon: deactivated } },
      },
    ]);
    const card = await screen.findByTestId('coupon-card');
    fireEvent.click(within(card).getByTestId('coupon-deactivate'));
    const confirm = await screen.findByTestId('coupon-deactivate-dialog');
    expect(within(confirm).getByText(COUPON_SCREEN_MESSAGES.confirmDeactivate)).toBeTruthy();
    fireEvent.click(within(confirm).getByTestId('coupon-confirm-deactivate'));
    await waitFor(() =>
      expect(
        within(screen.getByTestId('coupon-card')).getByTestId('coupon-state').textContent,
      ).toBe('Inactivo'),
    );
  });
});
