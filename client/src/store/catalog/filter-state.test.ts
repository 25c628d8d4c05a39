import { describe, expect, it } from 'vitest';
import {
  countActiveFilters,
  emptyFilters,
  filtersToSearchParams,
  parseFilters,
  parseSort,
  facetCountsFromServer,
  priceRangeLabel,
  toProductFilter,
  toggleFilterValue,
  visibleSortOptions,
} from './filter-state';
import { parsePage } from '../../shared/paging';

const query = (search: string) => new URLSearchParams(search);

describe('catalogue filters <-> query string', () => {
  it('reads repeated params into one list per facet', () => {
    const filters = parseFilters(
      query('marca=Nike&marca=Puma&precio=0-300&talla=M&sexo=Dama&color=Negro&tipo=Playera'),
    );
    expect(filters).toEqual({
      brands: ['Nike', 'Puma'],
      types: ['Playera'],
      priceRanges: ['0-300'],
      sizes: ['M'],
      sexes: ['Dama'],
      colors: ['Negro'],
    });
  });

  it('writes each value as its own repeated param', () => {
    const filters = {
      ...emptyFilters(),
      brands: ['Nike', 'Puma'],
      priceRanges: ['0-300', '500-1000'],
    };
    expect(filtersToSearchParams(filters).toString()).toBe(
      'marca=Nike&marca=Puma&precio=0-300&precio=500-1000',
    );
  });

  it('survives a round trip unchanged, including accents and spaces', () => {
    const filters = {
      brands: ['Nike', 'Puma Dama', 'Adidas Niño'],
      types: ['Pantalón', 'Playera Cuello Polo'],
      priceRanges: ['300-500'],
      sizes: ['S', 'XL', '27.5'],
      sexes: ['Caballero', 'Niño'],
      colors: ['Azul Rey', 'Cafe Claro'],
    };
    const serialized = filtersToSearchParams(filters, 3).toString();
    const reparsed = query(serialized);
    expect(parseFilters(reparsed)).toEqual(filters);
    expect(parsePage(reparsed)).toBe(3);
  });

  it('keeps OR semantics within a facet: every chosen value reaches the API filter', () => {
    const filters = parseFilters(query('marca=Nike&marca=Puma&color=Negro'));
    expect(toProductFilter(filters)).toEqual({ brands: ['Nike', 'Puma'], colors: ['Negro'] });
  });

  it('ignores unknown params, empty values, duplicates and invalid fixed-list values', () => {
    const params = query(
      'marca=Nike&utm_source=fb&orden=precio&marca=&marca=Nike&precio=1-2&precio=0-300&sexo=Otro&q=x',
    );
    const filters = parseFilters(params);
    expect(filters).toEqual({ ...emptyFilters(), brands: ['Nike'], priceRanges: ['0-300'] });
    expect(filtersToSearchParams(filters).toString()).toBe('marca=Nike&precio=0-300');
  });

  it('drops the price facet in the price-free catalogue', () => {
    const filters = parseFilters(query('precio=0-300&marca=Nike'), { withPrices: false });
    expect(filters.priceRanges).toEqual([]);
    expect(filters.brands).toEqual(['Nike']);
  });

  it('keeps the page only when it is past the first one', () => {
    expect(filtersToSearchParams(emptyFilters(), 1).toString()).toBe('');
    expect(filtersToSearchParams(emptyFilters(), 2).toString()).toBe('pagina=2');
  });

  it('toggles a value on and off without touching other facets', () => {
    const start = { ...emptyFilters(), colors: ['Negro'] };
    const withNike = toggleFilterValue(start, 'brands', 'Nike');
    expect(withNike.brands).toEqual(['Nike']);
    expect(withNike.colors).toEqual(['Negro']);
    const withBoth = toggleFilterValue(withNike, 'brands', 'Puma');
    expect(withBoth.brands).toEqual(['Nike', 'Puma']);
    expect(countActiveFilters(withBoth)).toBe(3);
    expect(toggleFilterValue(withBoth, 'brands', 'Nike').brands).toEqual(['Puma']);
    expect(start.brands).toEqual([]);
  });

  it('sends no facet that has no values', () => {
    expect(toProductFilter(emptyFilters())).toEqual({});
  });

  it('labels price buckets as money', () => {
    expect(priceRangeLabel('0-300')).toBe('$0 - $300');
    expect(priceRangeLabel('500-1000')).toBe('$500 - $1,000');
    expect(priceRangeLabel('1000+')).toBe('Más de $1,000');
  });

  it('sends price ranges and sexes as the server enums; reads them back as URL values', () => {
    const filters = parseFilters(
      new URLSearchParams('precio=0-300&precio=1000%2B&sexo=Niño&sexo=Dama&marca=Nike'),
    );
    expect(filters.priceRanges).toEqual(['0-300', '1000+']);
    expect(toProductFilter(filters)).toEqual({
      brands: ['Nike'],
      priceRanges: ['UP_TO_300', 'OVER_1000'],
      sexes: ['NINO', 'DAMA'],
    });
    const counts = facetCountsFromServer({
      brands: [{ value: 'Nike', count: 2 }],
      types: [],
      sizes: [],
      colors: [],
      priceRanges: [
        { value: 'FROM_300_TO_500', count: 3 },
        { value: 'OVER_1000', count: 1 },
      ],
      sexes: [{ value: 'NINO', count: 4 }],
    });
    expect(counts.priceRanges).toEqual([
      { value: '300-500', count: 3 },
      { value: '1000+', count: 1 },
    ]);
    expect(counts.sexes).toEqual([{ value: 'Niño', count: 4 }]);
    expect(counts.brands).toEqual([{ value: 'Nike', count: 2 }]);
  });
});

describe('catalogue sort <-> query string', () => {
  it('reads each order from `orden`; none, unknown or empty means the newest first', () => {
    expect(parseSort(query(''))).toBe('NEWEST');
    expect(parseSort(query('orden=recientes'))).toBe('NEWEST');
    expect(parseSort(query('orden=menor-precio'))).toBe('PRICE_ASC');
    expect(parseSort(query('orden=mayor-precio'))).toBe('PRICE_DESC');
    expect(parseSort(query('orden=PRICE_ASC'))).toBe('NEWEST');
    expect(parseSort(query('orden=barato'))).toBe('NEWEST');
    expect(parseSort(query('orden='))).toBe('NEWEST');
  });

  it('writes the order after the filters and before the page, and leaves the default out', () => {
    const filters = { ...emptyFilters(), brands: ['Nike'] };
    expect(filtersToSearchParams(filters, 2, 'PRICE_ASC').toString()).toBe(
      'marca=Nike&orden=menor-precio&pagina=2',
    );
    expect(filtersToSearchParams(filters, 1, 'PRICE_DESC').toString()).toBe(
      'marca=Nike&orden=mayor-precio',
    );
    expect(filtersToSearchParams(filters, 1, 'NEWEST').toString()).toBe('marca=Nike');
    expect(filtersToSearchParams(emptyFilters()).toString()).toBe('');
  });

  it('survives a round trip with the filters and the page', () => {
    for (const sort of ['NEWEST', 'PRICE_ASC', 'PRICE_DESC'] as const) {
      const filters = { ...emptyFilters(), colors: ['Azul Rey'], priceRanges: ['300-500'] };
      const reparsed = query(filtersToSearchParams(filters, 3, sort).toString());
      expect(parseSort(reparsed)).toBe(sort);
      expect(parseFilters(reparsed)).toEqual(filters);
      expect(parsePage(reparsed)).toBe(3);
    }
  });

  it('offers no price order on the price-free catalogue, and ignores one in its URL', () => {
    expect(visibleSortOptions({ withPrices: true }).map((option) => option.label)).toEqual([
      'Más recientes',
      'Precio: menor a mayor',
      'Precio: mayor a menor',
    ]);
    expect(visibleSortOptions({ withPrices: false }).map((option) => option.value)).toEqual([
      'NEWEST',
    ]);
    expect(parseSort(query('orden=menor-precio'), { withPrices: false })).toBe('NEWEST');
  });
});
