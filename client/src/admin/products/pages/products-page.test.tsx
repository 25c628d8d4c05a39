import type { MockLink } from '@apollo/client/testing';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubMatchMedia } from '../../../../test/render-with-providers';
import { toaster } from '../../../shared/notifications/toaster';
import { AdminProductsQuery, DeleteProductMutation, ProductFormLookupsQuery } from '../api';
import { AdminProductsPage } from './products-page';
import { watchFirstNavigation } from '../../../../test/navigation';

function product(id: number, name: string, overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'Product' as const,
    id,
    name,
    description: 'Texto',
    special: false,
    priceCents: 125000,
    onPromotion: false,
    promotionPriceCents: null,
    sizes: [
      { __typename: 'SizeStock' as const, size: 'S', stock: 4 },
      { __typename: 'SizeStock' as const, size: 'M', stock: 0 },
    ],
    images: [
      { __typename: 'ProductImage' as const, id: id * 10, url: `/uploads/products/${id}.webp` },
    ],
    type: null,
    brand: null,
    color: null,
    ...overrides,
  };
}

function pageMock(
  search: string | null,
  items: ReturnType<typeof product>[],
  total = items.length,
): MockLink.MockedResponse {
  return {
    request: { query: AdminProductsQuery, variables: { search, offset: 0, limit: 10 } },
    result: {
      data: {
        adminProducts: { __typename: 'AdminProductPage', total, offset: 0, limit: 10, items },
      },
    },
  };
}

const lookupsMock: MockLink.MockedResponse = {
  request: { query: ProductFormLookupsQuery },
  result: {
    data: {
      types: [{ __typename: 'ProductType', id: 1, name: 'Playera' }],
      brands: [{ __typename: 'Brand', id: 1, name: 'Nike' }],
      colors: [{ __typename: 'Color', id: 1, name: 'Negro' }],
    },
  },
};

function renderPage(mocks: MockLink.MockedResponse[]) {
  return renderWithProviders(
    [{ path: '/admin/productos', element: <AdminProductsPage /> }],
    '/admin/productos',
    mocks,
  );
}

const rows = () => screen.queryAllByTestId('product-row');

describe('AdminProductsPage (/admin/productos)', () => {
  beforeAll(() => stubMatchMedia());
  let notified: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    notified = vi.spyOn(toaster, 'create');
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });
  const expectNotified = (message: string) =>
    waitFor(() =>
      expect(notified).toHaveBeenCalledWith(expect.objectContaining({ description: message })),
    );

  it('lists id, image link, name, price in pesos and sizes with quantities', async () => {
    renderPage([
      pageMock(null, [
        product(7, 'Playera Nike 23 Negro'),
        product(6, 'Sudadera Puma 4 Azul', { onPromotion: true, promotionPriceCents: 99900 }),
      ]),
    ]);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'ID',
      'Imagen',
      'Nombre',
      'Precio',
      'Tallas y cantidades',
      'Acciones',
    ]);
    const first = rows()[0]!;
    expect(first.getAttribute('data-product-id')).toBe('7');
    expect(within(first).getByText('Playera Nike 23 Negro')).toBeTruthy();
    expect(within(first).getByText('$1,250')).toBeTruthy();
    expect(within(first).getByText('S: 4')).toBeTruthy();
    expect(within(first).getByText('M: 0')).toBeTruthy();
    expect(within(first).getByTestId('product-image-link').getAttribute('href')).toBe(
      '/producto/7',
    );
    expect(within(rows()[1]!).getByText('$999')).toBeTruthy();
    expect(screen.getByTestId('pagination-status').textContent).toBe('1 / 1');
    // Phones get the same products as cards.
    expect(screen.getAllByTestId('product-card')).toHaveLength(2);
  });

  it('searches on the server 500 ms after typing, and says when nothing matches', async () => {
    const { router } = renderPage([
      pageMock(null, [product(7, 'Playera Nike 23 Negro')]),
      pageMock('dama xl', []),
    ]);
    await waitFor(() => expect(rows()).toHaveLength(1));
    const navigatedAt = watchFirstNavigation(router);
    const typedAt = performance.now();
    fireEvent.change(screen.getByPlaceholderText('Buscar producto'), {
      target: { value: 'dama xl' },
    });
    expect(router.state.location.search).toBe('');
    await screen.findByText('No hay productos disponibles', undefined, { timeout: 5000 });
    expect(router.state.location.search).toBe('?buscar=dama+xl');
    // Not before the 500 ms have passed (timers may round a millisecond down).
    expect(navigatedAt()! - typedAt).toBeGreaterThanOrEqual(499);
  });

  it("deletes only after '¿Estás seguro de eliminar este producto?'", async () => {
    const deleted = vi.fn(() => ({ data: { deleteProduct: 7 } }));
    renderPage([
      pageMock(null, [product(7, 'Playera Nike 23 Negro'), product(6, 'Sudadera Puma 4 Azul')]),
      { request: { query: DeleteProductMutation, variables: { id: 7 } }, result: deleted },
      pageMock(null, [product(6, 'Sudadera Puma 4 Azul')]),
    ]);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(within(rows()[0]!).getByTestId('product-delete'));
    const dialog = await screen.findByTestId('product-delete-dialog');
    expect(within(dialog).getByText('¿Estás seguro de eliminar este producto?')).toBeTruthy();
    expect(deleted).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByTestId('product-confirm-delete'));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(deleted).toHaveBeenCalledTimes(1);
    expect(rows()[0]!.getAttribute('data-product-id')).toBe('6');
    await expectNotified('Producto eliminado correctamente');
  });

  it('shows the server’s reason when a delete is refused', async () => {
    renderPage([
      pageMock(null, [product(7, 'Playera Nike 23 Negro')]),
      {
        request: { query: DeleteProductMutation, variables: { id: 7 } },
        result: {
          errors: [
            new GraphQLError('Producto no encontrado', { extensions: { code: 'NOT_FOUND' } }),
          ],
        },
      },
    ]);
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(within(rows()[0]!).getByTestId('product-delete'));
    fireEvent.click(await screen.findByTestId('product-confirm-delete'));
    await expectNotified('Producto no encontrado');
    expect(rows()).toHaveLength(1);
  });

  it('the new-product popup checks the rules before sending anything', async () => {
    renderPage([pageMock(null, [product(7, 'Playera Nike 23 Negro')]), lookupsMock]);
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByTestId('product-add'));
    const dialog = await screen.findByTestId('product-form-dialog');
    await within(dialog).findByTestId('product-type');
    // Default sizes S,M,L,XL with 1 each.
    expect((within(dialog).getByTestId('product-sizes') as HTMLInputElement).value).toBe(
      'S,M,L,XL',
    );
    expect(
      within(dialog)
        .getAllByTestId('product-quantity')
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['1', '1', '1', '1']);

    fireEvent.click(within(dialog).getByTestId('product-form-submit'));
    await expectNotified('Por favor, llena todos los campos nombre y descripción');

    fireEvent.change(within(dialog).getByTestId('product-type'), { target: { value: '1' } });
    fireEvent.change(within(dialog).getByTestId('product-color'), { target: { value: '1' } });
    fireEvent.change(within(dialog).getByTestId('product-number'), { target: { value: '9' } });
    expect(within(dialog).getByTestId('product-generated-name').textContent).toBe(
      'Playera 9 Negro',
    );
    fireEvent.change(within(dialog).getByTestId('product-price'), { target: { value: '450' } });
    fireEvent.click(within(dialog).getByTestId('product-form-submit'));
    // No photo yet.
    await expectNotified('Por favor, llena todos los campos');

    // Sizes follow the text; M keeps its quantity.
    const quantityOf = (size: string) =>
      within(dialog)
        .getAllByTestId('product-quantity')
        .find((input) => input.getAttribute('data-size') === size) as HTMLInputElement;
    fireEvent.change(quantityOf('M'), { target: { value: '6' } });
    fireEvent.change(within(dialog).getByTestId('product-sizes'), {
      target: { value: 'M, XXL' },
    });
    expect(quantityOf('M').value).toBe('6');
    expect(quantityOf('XXL').value).toBe('1');

    // More than 3 photos: the message, and the selection cleared.
    const file = (name: string) => new File(['x'], name, { type: 'image/png' });
    const input = within(dialog).getByTestId('product-photos-input') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [file('1.png'), file('2.png'), file('3.png'), file('4.png')] },
    });
    await expectNotified('Solo puedes subir hasta 3 fotos');
    expect(within(dialog).queryAllByTestId('product-new-photo')).toHaveLength(0);

    // A text file: refused the moment it is chosen, with the server's message (issue 28).
    fireEvent.change(input, {
      target: { files: [new File(['hola'], 'notas.txt', { type: 'text/plain' })] },
    });
    const refusal = await within(dialog).findByTestId('product-photos-error');
    expect(refusal.getAttribute('role')).toBe('alert');
    expect(refusal.textContent).toContain(
      'La foto debe ser una imagen JPEG, PNG o WebP de hasta 5 MB',
    );
    expect(refusal.textContent).toContain('notas.txt');
    expect(within(dialog).queryAllByTestId('product-new-photo')).toHaveLength(0);

    // A photo then is taken, and the refusal goes.
    fireEvent.change(input, { target: { files: [file('rojo.png')] } });
    await waitFor(() =>
      expect(within(dialog).queryAllByTestId('product-new-photo')).toHaveLength(1),
    );
    expect(within(dialog).queryByTestId('product-photos-error')).toBeNull();
  });
});
