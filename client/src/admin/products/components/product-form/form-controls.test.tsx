import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LookupSelect } from './form-controls';

describe("the product form's selects are named by their labels (axe's select-name)", () => {
  afterEach(() => cleanup());

  it("names 'Tipo', 'Marca' and 'Color' by their visible labels", () => {
    const items = [{ id: 1, name: 'Playera' }];
    render(
      <ChakraProvider value={defaultSystem}>
        <LookupSelect
          label="Tipo"
          items={items}
          value={null}
          onChange={() => {}}
          required
          testId="t"
        />
        <LookupSelect label="Marca" items={items} value={null} onChange={() => {}} testId="b" />
        <LookupSelect label="Color" items={items} value={1} onChange={() => {}} testId="c" />
      </ChakraProvider>,
    );
    for (const name of ['Tipo', 'Marca', 'Color']) {
      const select = screen.getByRole('combobox', { name: new RegExp(`^${name}`) });
      expect(select.tagName).toBe('SELECT');
      expect(document.querySelector(`label[for="${select.id}"]`)?.textContent).toMatch(name);
    }
  });
});
