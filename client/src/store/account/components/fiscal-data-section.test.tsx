import type { MockLink } from '@apollo/client/testing';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FISCAL_MESSAGES } from '@tienda/rules';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { toaster } from '../../../shared/notifications/toaster';
import { type Outcome, always, answer, setUpPageTests, typeInto } from '../account-test-helpers';
import { MyFiscalDataQuery, SaveFiscalDataMutation } from '../api';
import { FiscalDataSection } from './fiscal-data-section';

const moral = {
  rfc: 'EKU9003173C9',
  legalName: 'ESCUELA KEMPER URGATE',
  taxRegime: '601',
  cfdiUse: 'G03',
  postalCode: '42501',
};

function mine(saved: typeof moral | null): MockLink.MockedResponse {
  return {
    request: { query: MyFiscalDataQuery },
    result: {
      data: {
        myFiscalData: saved && { __typename: 'FiscalData', userId: 12, ...saved },
      },
    },
    ...always,
  };
}

function saveMock(input: typeof moral, outcome: Outcome): MockLink.MockedResponse {
  return {
    request: { query: SaveFiscalDataMutation, variables: { input } },
    result: answer(outcome, {
      saveFiscalData: { __typename: 'FiscalData', userId: 12, ...input },
    }),
  };
}

const render = (mocks: MockLink.MockedResponse[]) =>
  renderWithProviders([{ path: '/usuario', element: <FiscalDataSection /> }], '/usuario', mocks);

const value = (name: string) => (screen.getByTestId(`field-${name}`) as HTMLInputElement).value;
const optionCodes = (name: string) =>
  [...(screen.getByTestId(`field-${name}`) as HTMLSelectElement).options]
    .map((o) => o.value)
    .filter((v) => v !== '');

function fill(values: typeof moral) {
  typeInto('rfc', values.rfc);
  typeInto('legalName', values.legalName);
  typeInto('taxRegime', values.taxRegime);
  typeInto('cfdiUse', values.cfdiUse);
  typeInto('postalCode', values.postalCode);
}

describe("'Datos fiscales' on /usuario", () => {
  setUpPageTests();

  it('shows what the customer saved', async () => {
    render([mine(moral)]);
    await screen.findByTestId('fiscal-data-form');
    expect(value('rfc')).toBe('EKU9003173C9');
    expect(value('legalName')).toBe('ESCUELA KEMPER URGATE');
    expect(value('taxRegime')).toBe('601');
    expect(value('cfdiUse')).toBe('G03');
    expect(value('postalCode')).toBe('42501');
  });

  it('checks the same rules as the server before sending (nothing is sent)', async () => {
    render([mine(null)]);
    await screen.findByTestId('fiscal-data-form');
    typeInto('rfc', 'EKU9003173C8');
    typeInto('legalName', 'Escuela Kemper Urgate S.A. de C.V.');
    typeInto('postalCode', '4250');
    fireEvent.click(screen.getByTestId('fiscal-data-submit'));
    expect((await screen.findByTestId('error-rfc')).textContent).toBe(
      FISCAL_MESSAGES.rfcCheckDigit,
    );
    expect(screen.getByTestId('error-legalName').textContent).toBe(
      FISCAL_MESSAGES.legalNameWithRegime,
    );
    expect(screen.getByTestId('error-taxRegime').textContent).toBe(
      'El campo régimen fiscal es obligatorio',
    );
    expect(screen.getByTestId('error-postalCode').textContent).toBe(
      FISCAL_MESSAGES.invalidPostalCode,
    );
  });

  it('offers the régimenes of the RFC’s kind and the uses of the régimen (the SAT catalogues)', async () => {
    render([mine(null)]);
    await screen.findByTestId('fiscal-data-form');
    expect(optionCodes('cfdiUse')).toEqual([]);
    typeInto('rfc', 'eku9003173c9');
    expect(value('rfc')).toBe('EKU9003173C9');
    expect(optionCodes('taxRegime')).toContain('601');
    expect(optionCodes('taxRegime')).not.toContain('605');
    typeInto('taxRegime', '601');
    expect(optionCodes('cfdiUse')).toContain('G03');
    expect(optionCodes('cfdiUse')).not.toContain('D01');
    typeInto('rfc', 'CACX7605101P8');
    expect(optionCodes('taxRegime')).toContain('605');
    expect(optionCodes('taxRegime')).not.toContain('601');
  });

  it("saves, and shows the server's refusal under its field keeping what was typed", async () => {
    const create = vi.spyOn(toaster, 'create');
    const typed = { ...moral, legalName: 'Escuela Kemper Urgate' };
    render([
      mine(null),
      saveMock(typed, {
        message: 'El código postal fiscal no es el del SAT',
        code: 'BAD_USER_INPUT',
        field: 'postalCode',
      }),
      saveMock(typed, 'ok'),
    ]);
    await screen.findByTestId('fiscal-data-form');
    fill(typed);
    await act(async () => {
      fireEvent.click(screen.getByTestId('fiscal-data-submit'));
    });
    expect((await screen.findByTestId('error-postalCode')).textContent).toBe(
      'El código postal fiscal no es el del SAT',
    );
    expect(value('legalName')).toBe('Escuela Kemper Urgate');
    await act(async () => {
      fireEvent.click(screen.getByTestId('fiscal-data-submit'));
    });
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(
        expect.objectContaining({ description: 'Datos fiscales guardados', type: 'success' }),
      ),
    );
  });
});
