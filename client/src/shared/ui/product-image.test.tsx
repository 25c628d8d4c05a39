import { render } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../../app/theme';
import { photoSrcSet } from './photo-srcset';
import { ProductImage } from './product-image';

describe('product photos fit their slot (srcset)', () => {
  test('a stored photo offers the 320 and 480 pixel variants and the 800 pixel original', () => {
    expect(photoSrcSet('/uploads/products/abc.webp')).toBe(
      '/uploads/products/abc.webp?w=320 320w, /uploads/products/abc.webp?w=480 480w, /uploads/products/abc.webp 800w',
    );
  });

  test('a photo from elsewhere gets no srcset', () => {
    expect(photoSrcSet('https://example.com/a.webp')).toBeUndefined();
  });

  test('a card photo carries srcset and sizes; the eager detail photo stays full size', () => {
    const { container, rerender } = render(
      <ChakraProvider value={system}>
        <ProductImage src="/uploads/products/abc.webp" alt="Playera" />
      </ChakraProvider>,
    );
    const card = container.querySelector('img');
    expect(card?.getAttribute('srcset')).toContain('/uploads/products/abc.webp?w=320 320w');
    expect(card?.getAttribute('sizes')).toBe(
      '(min-width: 1536px) 20vw, (min-width: 768px) 30vw, 50vw',
    );
    rerender(
      <ChakraProvider value={system}>
        <ProductImage src="/uploads/products/abc.webp" alt="Playera" loading="eager" />
      </ChakraProvider>,
    );
    const detail = container.querySelector('img');
    expect(detail?.getAttribute('srcset')).toBeNull();
    expect(detail?.getAttribute('src')).toBe('/uploads/products/abc.webp');
  });
});
