import { describe, expect, it } from 'vitest';
import { effectiveChoice } from './choose-address-page';

describe('ChooseAddressPage: which address the order goes to', () => {
  it('the only saved address is preselected (a fresh load of /elegir-direccion)', () => {
    expect(effectiveChoice(null, [{ id: 7 }])).toBe('7');
  });

  it("with several, nothing until the shopper chooses; the shopper's choice stands", () => {
    expect(effectiveChoice(null, [{ id: 7 }, { id: 9 }])).toBeNull();
    expect(effectiveChoice('9', [{ id: 7 }, { id: 9 }])).toBe('9');
  });

  it('a deleted choice is no choice (the one left is then preselected)', () => {
    expect(effectiveChoice('9', [{ id: 7 }, { id: 8 }])).toBeNull();
    expect(effectiveChoice('9', [{ id: 7 }])).toBe('7');
    expect(effectiveChoice(null, [])).toBeNull();
    expect(effectiveChoice(null, undefined)).toBeNull();
  });
});
