import { SHOE_SIZES } from '../src/db/seeders/demo-data.js';
import { compareSizes } from '../src/modules/catalog/sizes.js';

describe('compareSizes with shoe sizes (issue 28)', () => {
  test('Mexican shoe sizes sort by number, half sizes in their place', () => {
    const shuffled = ['30', '22.5', '26', '22', '25.5', '23', '29.5'];
    expect(shuffled.sort(compareSizes)).toEqual(['22', '22.5', '23', '25.5', '26', '29.5', '30']);
    expect([...SHOE_SIZES].reverse().sort(compareSizes)).toEqual([...SHOE_SIZES]);
  });

  test('clothing sizes keep their order: letters by fit first, then numbers', () => {
    expect(['XL', '28', 'S', '22.5', 'M', '30'].sort(compareSizes)).toEqual([
      'S',
      'M',
      'XL',
      '22.5',
      '28',
      '30',
    ]);
  });
});
