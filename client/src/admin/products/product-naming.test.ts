import { describe, expect, it } from 'vitest';
import { generateDescription, generateName, listSizes, recoverNameParts } from './product-naming';

describe('generateName', () => {
  it('joins type, brand, number and colour in that order (spec §3)', () => {
    expect(generateName({ type: 'Playera', brand: 'Nike', number: '23', color: 'Negro' })).toBe(
      'Playera Nike 23 Negro',
    );
  });

  it('leaves out the parts that are empty and squeezes spaces', () => {
    expect(generateName({ type: 'Sudadera', brand: '', number: '', color: 'Azul Rey' })).toBe(
      'Sudadera Azul Rey',
    );
    expect(
      generateName({
        type: ' Playera  Cuello Polo ',
        brand: 'Adidas Dama',
        number: ' 7 ',
        color: '',
      }),
    ).toBe('Playera Cuello Polo Adidas Dama 7');
    expect(generateName({ type: '', brand: '', number: '', color: '' })).toBe('');
  });
});

describe('listSizes', () => {
  it('lists sizes the Spanish way', () => {
    expect(listSizes(['S', 'M', 'L', 'XL'])).toBe('S, M, L y XL');
    expect(listSizes(['26', '27'])).toBe('26 y 27');
    expect(listSizes(['Unitalla'])).toBe('Unitalla');
    expect(listSizes([])).toBe('');
  });
});

describe('generateDescription', () => {
  it('fills brand, colour and sizes into the fixed text', () => {
    expect(generateDescription('Nike', 'Negro', ['S', 'M', 'L', 'XL'])).toBe(
      'Luce increíble con esta prenda de la marca Nike en color Negro. ' +
        'Confeccionada con materiales de calidad, combina comodidad y estilo para tu día a día y cualquier ocasión. ' +
        'Disponible en tallas S, M, L y XL. ' +
        '¡Pídela hoy y recíbela en la puerta de tu casa!',
    );
  });

  it('leaves out the phrases of a missing brand, colour or sizes', () => {
    expect(generateDescription('', 'Azul Rey', [])).toBe(
      'Luce increíble con esta prenda en color Azul Rey. ' +
        'Confeccionada con materiales de calidad, combina comodidad y estilo para tu día a día y cualquier ocasión. ' +
        '¡Pídela hoy y recíbela en la puerta de tu casa!',
    );
    expect(generateDescription('Puma', '', ['28'])).toBe(
      'Luce increíble con esta prenda de la marca Puma. ' +
        'Confeccionada con materiales de calidad, combina comodidad y estilo para tu día a día y cualquier ocasión. ' +
        'Disponible en tallas 28. ' +
        '¡Pídela hoy y recíbela en la puerta de tu casa!',
    );
  });
});

describe('recoverNameParts', () => {
  const types = [
    { id: 1, name: 'Playera' },
    { id: 2, name: 'Playera Cuello Polo' },
    { id: 3, name: 'Pantalón' },
    { id: 4, name: 'Traje de Baño' },
  ];
  const brands = [
    { id: 10, name: 'Nike' },
    { id: 11, name: 'Nike Dama' },
    { id: 12, name: 'Polo' },
    { id: 13, name: 'Levis' },
  ];
  const colors = [
    { id: 20, name: 'Azul' },
    { id: 21, name: 'Azul Rey' },
    { id: 22, name: 'Rosa' },
    { id: 23, name: 'Negro' },
  ];
  const lists = { types, brands, colors };

  it('takes the longest matching name of each list and the first number', () => {
    expect(recoverNameParts('Playera Cuello Polo Nike Dama 12 Azul Rey', lists)).toEqual({
      type: { id: 2, name: 'Playera Cuello Polo' },
      brand: { id: 11, name: 'Nike Dama' },
      color: { id: 21, name: 'Azul Rey' },
      number: '12',
    });
  });

  it('recovers a generated name back into its parts', () => {
    expect(recoverNameParts('Playera Nike 23 Negro', lists)).toEqual({
      type: { id: 1, name: 'Playera' },
      brand: { id: 10, name: 'Nike' },
      color: { id: 23, name: 'Negro' },
      number: '23',
    });
  });

  it('matches whole words only, ignoring case and accents', () => {
    expect(recoverNameParts('PANTALON levis 501 rosales', lists)).toEqual({
      type: { id: 3, name: 'Pantalón' },
      brand: { id: 13, name: 'Levis' },
      color: undefined,
      number: '501',
    });
  });

  it('does not reuse the words of the type for the brand', () => {
    expect(recoverNameParts('Playera Cuello Polo 3 Rosa', lists)).toEqual({
      type: { id: 2, name: 'Playera Cuello Polo' },
      brand: undefined,
      color: { id: 22, name: 'Rosa' },
      number: '3',
    });
  });

  it('takes the first of several numbers and gives "" when there is none', () => {
    expect(recoverNameParts('Traje de Baño 2 Nike 40 Azul', lists).number).toBe('2');
    expect(recoverNameParts('Traje de Baño Nike Azul', lists)).toEqual({
      type: { id: 4, name: 'Traje de Baño' },
      brand: { id: 10, name: 'Nike' },
      color: { id: 20, name: 'Azul' },
      number: '',
    });
  });

  it('finds nothing in a special name made of other words', () => {
    expect(recoverNameParts('Gorra edición limitada', lists)).toEqual({
      type: undefined,
      brand: undefined,
      color: undefined,
      number: '',
    });
  });
});
