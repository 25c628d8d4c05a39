import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  MAIN_CONTENT_ID,
  SKIP_TARGET_ATTRIBUTE,
  SKIP_TO_PRODUCTS_LABEL,
  SkipLink,
  SkipToProducts,
} from './skip-link';

function renderPage(withFilters: boolean) {
  render(
    <ChakraProvider value={defaultSystem}>
      <SkipLink />
      <nav>
        <a href="#/inicio">Inicio</a>
      </nav>
      <main id={MAIN_CONTENT_ID} tabIndex={-1}>
        {withFilters ? (
          <>
            <aside aria-label="Filtros">
              <input type="checkbox" aria-label="Nike" />
            </aside>
            <section tabIndex={-1} {...{ [SKIP_TARGET_ATTRIBUTE]: '' }} data-testid="results" />
          </>
        ) : null}
      </main>
    </ChakraProvider>,
  );
}

describe("'Saltar al contenido'", () => {
  afterEach(() => cleanup());

  it('says so, and focuses <main>', () => {
    renderPage(false);
    const link = screen.getByText('Saltar al contenido');
    fireEvent.click(link);
    expect(document.activeElement?.id).toBe(MAIN_CONTENT_ID);
  });

  it('skips the filter column to the results when the page marks them', () => {
    renderPage(true);
    fireEvent.click(screen.getByText('Saltar al contenido'));
    expect(document.activeElement).toBe(screen.getByTestId('results'));
  });

  it('does not change the route (the hash holds it)', () => {
    window.location.hash = '#/inicio';
    renderPage(false);
    fireEvent.click(screen.getByText('Saltar al contenido'));
    expect(window.location.hash).toBe('#/inicio');
  });
});

describe("'Saltar a los productos'", () => {
  afterEach(() => cleanup());

  it('precedes the filters and moves the focus to the products', () => {
    function Catalogue() {
      const results = useRef<HTMLDivElement>(null);
      return (
        <ChakraProvider value={defaultSystem}>
          <aside aria-label="Filtros">
            <SkipToProducts target={results} />
            <input type="checkbox" aria-label="Nike" />
          </aside>
          <div ref={results} tabIndex={-1} data-testid="products" />
        </ChakraProvider>
      );
    }
    render(<Catalogue />);
    const link = screen.getByText(SKIP_TO_PRODUCTS_LABEL);
    const filters = screen.getByRole('complementary', { name: 'Filtros' });
    expect(filters.firstElementChild).toBe(link);
    fireEvent.click(link);
    expect(document.activeElement).toBe(screen.getByTestId('products'));
  });
});
