import type { MockLink } from '@apollo/client/testing';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, stubMatchMedia } from '../../../../test/render-with-providers';
import { SearchSuggestionsQuery } from '../api';
import { SearchBox, searchFormOf } from './search-box';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

const suggestions = (search: string, completions: string[]): MockLink.MockedResponse => ({
  request: { query: SearchSuggestionsQuery, variables: { search } },
  result: {
    data: {
      searchSuggestions: { __typename: 'SearchSuggestions', completions, didYouMean: null },
    },
  },
});

function renderBox(mocks: MockLink.MockedResponse[]) {
  return renderWithProviders(
    [
      {
        path: '*',
        element: (
          <>
            <SearchBox showPrices delayMs={500} suggest data-testid="box" />
            <Where />
          </>
        ),
      },
    ],
    '/inicio',
    mocks,
  );
}

describe('SearchBox with suggestions (issue 27)', () => {
  beforeAll(() => stubMatchMedia());
  afterEach(cleanup);

  it('lists the completions of what is typed as links that run the search', async () => {
    renderBox([suggestions('pla', ['playera', 'playeras'])]);
    fireEvent.change(screen.getByTestId('box'), { target: { value: 'Plá' } });
    const list = await screen.findByRole('list', { name: 'Sugerencias de búsqueda' });
    const links = await waitFor(() => {
      const found = list.querySelectorAll('a');
      expect(found).toHaveLength(2);
      return found;
    });
    expect([...links].map((a) => a.textContent)).toEqual(['playera', 'playeras']);
    fireEvent.click(screen.getByRole('link', { name: 'playera' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/buscar/playera'));
  });

  it('asks nothing for one letter, and the 500 ms navigation stays', async () => {
    renderBox([]);
    fireEvent.change(screen.getByTestId('box'), { target: { value: 'p' } });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/buscar/p'), {
      timeout: 2000,
    });
    expect(screen.queryByRole('list', { name: 'Sugerencias de búsqueda' })).toBeNull();
  });

  it("compares as the server does: 'Pantalón  Azul ' is 'pantalon azul'", () => {
    expect(searchFormOf('  Pantalón  Azul ')).toBe('pantalon azul');
  });
});
