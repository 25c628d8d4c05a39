import type { MockLink } from '@apollo/client/testing';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { SAT_KEYS_MESSAGES } from '@tienda/rules';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubMatchMedia } from '../../../../test/render-with-providers';
import { toaster } from '../../../shared/notifications/toaster';
import {
  AdminLookupsQuery,
  AdminSearchMissesQuery,
  AdminSearchSynonymsQuery,
  CreateBrandMutation,
  CreateSearchSynonymMutation,
  CreateColorMutation,
  DeleteColorMutation,
  UpdateColorMutation,
  UpdateProductTypeMutation,
  SetProductTypeSatKeysMutation,
  TypeSatKeysQuery,
} from '../api';
import { AdminLookupsPage } from './lookups-page';

const type = (id: number, name: string) => ({ __typename: 'ProductType' as const, id, name });
const brand = (id: number, name: string) => ({ __typename: 'Brand' as const, id, name });
const color = (id: number, name: string) => ({ __typename: 'Color' as const, id, name });

// Ids overlap across the three tables on purpose: the cache must keep them apart.
const LISTS = {
  types: [type(1, 'Playera'), type(2, 'Pantalón')],
  brands: [brand(1, 'Nike'), brand(2, 'Levis')],
  colors: [color(1, 'Negro'), color(2, 'Azul')],
};

const listsMock: MockLink.MockedResponse = {
  request: { query: AdminLookupsQuery },
  result: { data: LISTS },
};

const synonym = (id: number, name: string) => ({ __typename: 'SearchSynonym' as const, id, name });
const missesMock: MockLink.MockedResponse = {
  request: { query: AdminSearchMissesQuery },
  result: {
    data: {
      searchMisses: [
        { __typename: 'SearchMiss' as const, search: 'zapatilla', times: 4, day: '2026-11-27' },
        { __typename: 'SearchMiss' as const, search: 'hoodie', times: 1, day: '2026-11-26' },
      ],
    },
  },
};
const synonymsMock: MockLink.MockedResponse = {
  request: { query: AdminSearchSynonymsQuery },
  result: { data: { searchSynonyms: [synonym(1, 'tenis = sneakers = zapatillas')] } },
};
const satKeysMock: MockLink.MockedResponse = {
  request: { query: TypeSatKeysQuery },
  result: {
    data: {
      types: [
        { ...type(1, 'Playera'), satProductKey: '53101600', satUnitKey: 'H87' },
        { ...type(2, 'Pantalón'), satProductKey: '53101600', satUnitKey: 'H87' },
      ],
    },
  },
};

function renderPage(mocks: MockLink.MockedResponse[]) {
  return renderWithProviders(
    [{ path: '/admin/tiposMarcasColores', element: <AdminLookupsPage /> }],
    '/admin/tiposMarcasColores',
    [listsMock, synonymsMock, missesMock, satKeysMock, ...mocks],
  );
}

type Field = 'types' | 'brands' | 'colors' | 'searchSynonyms';
const list = (field: Field) => screen.getByTestId(`lookup-list-${field}`);
const namesIn = (field: Field) =>
  within(list(field))
    .queryAllByTestId('lookup-row')
    .map((row) => row.getAttribute('data-name'));

const typeName = (field: Field, name: string) =>
  fireEvent.change(screen.getByTestId(`lookup-name-${field}`), { target: { value: name } });

describe('AdminLookupsPage (/admin/tiposMarcasColores)', () => {
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

  it('shows the heading and the three lists, each sorted by name, ids overlapping', async () => {
    renderPage([]);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Administración de Tipos, Marcas y Colores' }),
    ).toBeTruthy();
    await screen.findByTestId('lookup-list-types');
    await screen.findByTestId('lookup-list-searchSynonyms');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Tipos',
      'Marcas',
      'Colores',
      'Sinónimos',
      'Búsquedas sin resultados',
      'Claves SAT para facturar',
    ]);
    // 'Búsquedas sin resultados': the search, how many times, the day.
    await waitFor(() => expect(screen.getAllByTestId('search-miss-row')).toHaveLength(2));
    const rows = screen
      .getAllByTestId('search-miss-row')
      .map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent));
    expect(rows).toEqual([
      ['zapatilla', '4', '27 nov 2026'],
      ['hoodie', '1', '26 nov 2026'],
    ]);
    expect(namesIn('searchSynonyms')).toEqual(['tenis = sneakers = zapatillas']);
    expect(namesIn('types')).toEqual(['Pantalón', 'Playera']);
    expect(namesIn('brands')).toEqual(['Levis', 'Nike']);
    expect(namesIn('colors')).toEqual(['Azul', 'Negro']);
  });

  it('creates a colour: it joins the list and "Elemento creado correctamente" shows', async () => {
    renderPage([
      {
        request: { query: CreateColorMutation, variables: { name: 'Verde' } },
        result: { data: { createColor: color(3, 'Verde') } },
      },
    ]);
    await screen.findByTestId('lookup-list-colors');
    typeName('colors', '  Verde ');
    fireEvent.click(within(list('colors')).getByRole('button', { name: 'Crear' }));
    await expectNotified('Elemento creado correctamente');
    await waitFor(() => expect(namesIn('colors')).toEqual(['Azul', 'Negro', 'Verde']));
    expect((screen.getByTestId('lookup-name-colors') as HTMLInputElement).value).toBe('');
    // The other lists did not change (Color:3 is not ProductType:3).
    expect(namesIn('types')).toEqual(['Pantalón', 'Playera']);
  });

  it("adds a synonym group ('Sinónimos'): it joins the list with the server's words", async () => {
    renderPage([
      {
        request: {
          query: CreateSearchSynonymMutation,
          variables: { name: 'playera = camiseta, t-shirt' },
        },
        result: {
          data: { createSearchSynonym: synonym(2, 'playera = camiseta = t-shirt') },
        },
      },
    ]);
    await screen.findByTestId('lookup-list-searchSynonyms');
    expect(screen.getByRole('textbox', { name: 'Nuevo grupo de sinónimos' })).toBeTruthy();
    typeName('searchSynonyms', 'playera = camiseta, t-shirt');
    fireEvent.click(within(list('searchSynonyms')).getByRole('button', { name: 'Crear' }));
    await expectNotified('Elemento creado correctamente');
    await waitFor(() =>
      expect(namesIn('searchSynonyms')).toEqual([
        'playera = camiseta = t-shirt',
        'tenis = sneakers = zapatillas',
      ]),
    );
  });

  it("creating a brand shows it with its 'Dama' and 'Niño' variants", async () => {
    renderPage([
      {
        request: { query: CreateBrandMutation, variables: { name: 'Puma' } },
        result: {
          data: {
            createBrand: {
              __typename: 'BrandCreation',
              brand: brand(3, 'Puma'),
              variants: [brand(4, 'Puma Dama'), brand(5, 'Puma Niño')],
            },
          },
        },
      },
    ]);
    await screen.findByTestId('lookup-list-brands');
    typeName('brands', 'Puma');
    fireEvent.click(within(list('brands')).getByRole('button', { name: 'Crear' }));
    await waitFor(() =>
      expect(namesIn('brands')).toEqual(['Levis', 'Nike', 'Puma', 'Puma Dama', 'Puma Niño']),
    );
    await expectNotified('Elemento creado correctamente');
  });

  it("edits a type: 'Actualizar' and 'Cancelar' while editing, the row renamed from the answer", async () => {
    renderPage([
      {
        request: { query: UpdateProductTypeMutation, variables: { id: 1, name: 'Playera polo' } },
        result: { data: { updateProductType: type(1, 'Playera polo') } },
      },
    ]);
    await screen.findByTestId('lookup-list-types');
    fireEvent.click(screen.getByRole('button', { name: 'Editar Playera' }));
    const input = screen.getByTestId('lookup-name-types') as HTMLInputElement;
    expect(input.value).toBe('Playera');
    expect(within(list('types')).getByRole('button', { name: 'Actualizar' })).toBeTruthy();

    // Cancelar leaves the name as it was.
    fireEvent.click(within(list('types')).getByRole('button', { name: 'Cancelar' }));
    expect(input.value).toBe('');
    expect(within(list('types')).queryByRole('button', { name: 'Cancelar' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Editar Playera' }));
    typeName('types', 'Playera polo');
    fireEvent.click(within(list('types')).getByRole('button', { name: 'Actualizar' }));
    await expectNotified('Elemento actualizado correctamente');
    await waitFor(() => expect(namesIn('types')).toEqual(['Pantalón', 'Playera polo']));
    expect(within(list('types')).getByRole('button', { name: 'Crear' })).toBeTruthy();
    // Brand 1 and colour 1 share the id and keep their names.
    expect(namesIn('brands')).toEqual(['Levis', 'Nike']);
    expect(namesIn('colors')).toEqual(['Azul', 'Negro']);
  });

  it("deletes only after '¿Estás seguro de eliminar este elemento?'", async () => {
    renderPage([
      {
        request: { query: DeleteColorMutation, variables: { id: 2 } },
        result: { data: { deleteColor: color(2, 'Azul') } },
      },
    ]);
    await screen.findByTestId('lookup-list-colors');
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar Azul' }));
    const dialog = await screen.findByTestId('lookup-delete-dialog');
    expect(within(dialog).getByText('¿Estás seguro de eliminar este elemento?')).toBeTruthy();
    expect(namesIn('colors')).toEqual(['Azul', 'Negro']);
    fireEvent.click(within(dialog).getByTestId('lookup-confirm-delete'));
    await expectNotified('Elemento eliminado correctamente');
    await waitFor(() => expect(namesIn('colors')).toEqual(['Negro']));
    expect(namesIn('types')).toEqual(['Pantalón', 'Playera']);
    expect(namesIn('brands')).toEqual(['Levis', 'Nike']);
  });

  it("a delete the server refuses says 'Error al eliminar el elemento' and keeps the row", async () => {
    renderPage([
      {
        request: { query: DeleteColorMutation, variables: { id: 1 } },
        result: {
          errors: [
            new GraphQLError(
              'No se puede eliminar este elemento porque hay productos que lo usan',
              {
                extensions: { code: 'CONFLICT' },
              },
            ),
          ],
        },
      },
    ]);
    await screen.findByTestId('lookup-list-colors');
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar Negro' }));
    fireEvent.click(await screen.findByTestId('lookup-confirm-delete'));
    await expectNotified(
      'Error al eliminar el elemento. No se puede eliminar este elemento porque hay productos que lo usan',
    );
    expect(namesIn('colors')).toEqual(['Azul', 'Negro']);
  });

  it("a duplicate name shows 'Este nombre ya existe' and keeps what was typed", async () => {
    renderPage([
      {
        request: { query: UpdateColorMutation, variables: { id: 2, name: 'negro' } },
        result: {
          errors: [
            new GraphQLError('Este nombre ya existe', {
              extensions: { code: 'CONFLICT', field: 'name' },
            }),
          ],
        },
      },
    ]);
    await screen.findByTestId('lookup-list-colors');
    fireEvent.click(screen.getByRole('button', { name: 'Editar Azul' }));
    typeName('colors', 'negro');
    fireEvent.click(within(list('colors')).getByRole('button', { name: 'Actualizar' }));
    await expectNotified('Este nombre ya existe');
    expect((screen.getByTestId('lookup-name-colors') as HTMLInputElement).value).toBe('negro');
    expect(namesIn('colors')).toEqual(['Azul', 'Negro']);
  });

  it("a failure without a reason says 'Ocurrió un error al procesar la solicitud'", async () => {
    renderPage([
      {
        request: { query: CreateColorMutation, variables: { name: 'Gris' } },
        error: new Error('Network down'),
      },
    ]);
    await screen.findByTestId('lookup-list-colors');
    typeName('colors', 'Gris');
    fireEvent.click(within(list('colors')).getByRole('button', { name: 'Crear' }));
    await expectNotified('Ocurrió un error al procesar la solicitud');
  });

  it('an empty name is not sent: El nombre es obligatorio', async () => {
    renderPage([]);
    await screen.findByTestId('lookup-list-types');
    typeName('types', '   ');
    fireEvent.click(within(list('types')).getByRole('button', { name: 'Crear' }));
    await expectNotified('El nombre es obligatorio');
  });

  it("a failed load says 'Error al cargar datos: {message}'", async () => {
    renderWithProviders(
      [{ path: '/admin/tiposMarcasColores', element: <AdminLookupsPage /> }],
      '/admin/tiposMarcasColores',
      [{ request: { query: AdminLookupsQuery }, error: new Error('Sin conexión') }],
    );
    await expectNotified('Error al cargar datos: Sin conexión');
    expect(
      await screen.findByText('No se pudieron cargar los tipos, marcas y colores.'),
    ).toBeTruthy();
  });

  it("'Claves SAT para facturar': a type's keys, checked before sending, then saved", async () => {
    renderPage([
      {
        request: {
          query: SetProductTypeSatKeysMutation,
          variables: { id: 1, productKey: '53102500', unitKey: 'H87' },
        },
        result: {
          data: {
            setProductTypeSatKeys: {
              __typename: 'ProductType',
              id: 1,
              satProductKey: '53102500',
              satUnitKey: 'H87',
            },
          },
        },
      },
    ]);
    const select = await screen.findByTestId('sat-keys-type');
    await waitFor(() => expect((select as HTMLSelectElement).options.length).toBe(3));
    fireEvent.change(select, { target: { value: '1' } });
    expect((screen.getByTestId('sat-keys-product') as HTMLInputElement).value).toBe('53101600');
    fireEvent.change(screen.getByTestId('sat-keys-product'), { target: { value: '5310' } });
    fireEvent.click(screen.getByTestId('sat-keys-submit'));
    expect(await screen.findByText(SAT_KEYS_MESSAGES.invalidProductKey)).toBeTruthy();
    fireEvent.change(screen.getByTestId('sat-keys-product'), { target: { value: '53102500' } });
    fireEvent.click(screen.getByTestId('sat-keys-submit'));
    await expectNotified('Claves SAT guardadas');
  });
});
