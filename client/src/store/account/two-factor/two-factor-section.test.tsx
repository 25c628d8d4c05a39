import type { MockLink } from '@apollo/client/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render-with-providers';
import type { SessionUserFieldsFragment } from '../../../gql/graphql';
import { MeQuery } from '../../../shared/session/api';
import { always, customer, setUpPageTests, typeInto } from '../account-test-helpers';
import { AccountPasswordQuery } from '../api';
import { ProfilePage } from '../pages/profile-page';
import {
  ConfirmTwoFactorMutation,
  DisableTwoFactorMutation,
  StartTwoFactorMutation,
  TwoFactorStatusQuery,
} from './api';
import { TWO_FACTOR_TEXT } from './two-factor-section';

const admin: SessionUserFieldsFragment = { ...customer, id: 1, role: 'admin' };
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `AAAA-BBBB-CC${String(i).padStart(2, '2')}`);

function signedIn(user: SessionUserFieldsFragment, status: { on: boolean; required: boolean }[]) {
  return [
    { request: { query: MeQuery }, result: { data: { me: user } }, ...always },
    {
      request: { query: AccountPasswordQuery },
      result: { data: { me: { __typename: 'User', id: user.id, hasPassword: true } } },
      ...always,
    },
    ...status.map(({ on, required }) => ({
      request: { query: TwoFactorStatusQuery },
      result: {
        data: {
          me: {
            __typename: 'User',
            id: user.id,
            twoFactorEnabled: on,
            twoFactorEnrolmentRequired: required,
          },
        },
      },
    })),
  ] satisfies MockLink.MockedResponse[];
}

function renderProfile(mocks: MockLink.MockedResponse[]) {
  return renderWithProviders([{ path: '/usuario', element: <ProfilePage /> }], '/usuario', mocks);
}

describe("ProfilePage's 'Verificación en dos pasos' (admins)", () => {
  setUpPageTests();

  it('is not offered to customers', async () => {
    renderProfile(signedIn(customer, []));
    await screen.findByTestId('change-password-section');
    expect(screen.queryByTestId('two-factor-section')).toBeNull();
  });

  it('turns on: the QR code and the secret as text, a first code, then the ten recovery codes', async () => {
    renderProfile([
      ...signedIn(admin, [
        { on: false, required: true },
        { on: true, required: false },
      ]),
      {
        request: { query: StartTwoFactorMutation },
        result: {
          data: {
            startTwoFactor: {
              __typename: 'TwoFactorEnrolment',
              secret: SECRET,
              otpauthUrl: `otpauth://totp/Tienda:ana?secret=${SECRET}`,
              qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
            },
          },
        },
      },
      {
        request: { query: ConfirmTwoFactorMutation, variables: { code: '123456' } },
        result: { data: { confirmTwoFactor: CODES } },
      },
    ]);
    const section = await screen.findByTestId('two-factor-off');
    // ADMIN_2FA=required: the admin area sent them here; the panel says why.
    expect(within(section).getByTestId('two-factor-required').textContent).toBe(
      TWO_FACTOR_TEXT.required,
    );
    fireEvent.click(screen.getByTestId('two-factor-start'));
    expect((await screen.findByTestId('two-factor-secret')).textContent).toBe(SECRET);
    expect(screen.getByTestId('two-factor-qr').getAttribute('alt')).toBe(
      'Código QR para tu app de autenticación',
    );
    typeInto('two-factor-code', '123456');
    fireEvent.click(screen.getByTestId('two-factor-confirm'));
    const list = await screen.findByTestId('recovery-codes');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    fireEvent.click(screen.getByTestId('two-factor-done'));
    expect(await screen.findByTestId('two-factor-on')).toBeTruthy();
  });

  it("turning off shows the server's refusal of a wrong code, and turns off with a right one", async () => {
    const wrong =
      'El código no es válido o ya se usó. Escribe el código que muestra ahora tu app de autenticación.';
    renderProfile([
      ...signedIn(admin, [
        { on: true, required: false },
        { on: false, required: false },
      ]),
      {
        request: { query: DisableTwoFactorMutation, variables: { code: '000000' } },
        result: {
          errors: [
            {
              message: wrong,
              extensions: { code: 'BAD_USER_INPUT', reason: 'TOTP_INVALID', field: 'code' },
            },
          ],
        },
      },
      {
        request: { query: DisableTwoFactorMutation, variables: { code: '654321' } },
        result: { data: { disableTwoFactor: true } },
      },
    ]);
    await screen.findByTestId('two-factor-on');
    typeInto('two-factor-disable-code', '000000');
    fireEvent.click(screen.getByTestId('two-factor-disable'));
    expect((await screen.findByTestId('two-factor-error')).textContent).toBe(wrong);
    typeInto('two-factor-disable-code', '654321');
    fireEvent.click(screen.getByTestId('two-factor-disable'));
    expect(await screen.findByTestId('two-factor-off')).toBeTruthy();
  });
});
