import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubMatchMedia } from '../../../../test/render-with-providers';
import { MeQuery } from '../../../shared/session/api';
import { ProductDetailQuery } from '../api';
import { PRODUCT_NOT_FOUND_MESSAGE, ProductPage } from './product-page';

const anonymous = { request: { query: MeQuery }, result: { data: { me: null } } };

function renderProduct(result: { error: Error } | { result: { data: { product: null } } }) {
  return renderWithProviders([{ path: '/producto/:id', element: <ProductPage /> }], '/producto/7', [
    anonymous,
    { request: { query: ProductDetailQuery, variables: { id: 7 } }, ...result },
  ]);
}

describe('ProductPage (/producto/{id}) when the product does not come', () => {
  beforeAll(() => stubMatchMedia());
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => cleanup());

  it("a failed request is not a missing product: the load failure with 'Reintentar'", async () => {
    renderProduct({ error: new TypeError('Failed to fetch') });
    expect(await screen.findByTestId('load-error', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByTestId('load-error-retry').textContent).toBe('Reintentar');
    expect(screen.queryByText(PRODUCT_NOT_FOUND_MESSAGE)).toBeNull();
  });

  it("a product the server does not know is 'Producto no encontrado'", async () => {
    renderProduct({ result: { data: { product: null } } });
    expect(
      await screen.findByText(PRODUCT_NOT_FOUND_MESSAGE, undefined, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.queryByTestId('load-error')).toBeNull();
  });
});
