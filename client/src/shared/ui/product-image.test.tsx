import { render } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { ChakraProvider } from '@chakra-ui/react';
import { shopSystem } from '../../app/theme';
import { ProductGallery } from '../../store/product/components/product-gallery';
import { firstScreenManifest } from '../../app/first-screen-queries';
import { PRODUCT_PHOTO_SIZES, THUMBNAIL_PHOTO_SIZES, photoSrcSet } from './photo-srcset';
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
      <ChakraProvider value={shopSystem()}>
        <ProductImage src="/uploads/products/abc.webp" alt="Playera" />
      </ChakraProvider>,
    );
    const card = container.querySelector('img');
    expect(card?.getAttribute('srcset')).toContain('/uploads/products/abc.webp?w=320 320w');
    expect(card?.getAttribute('sizes')).toBe(
      '(min-width: 1536px) 20vw, (min-width: 768px) 30vw, 50vw',
    );
    rerender(
      <ChakraProvider value={shopSystem()}>
        <ProductImage src="/uploads/products/abc.webp" alt="Playera" loading="eager" />
      </ChakraProvider>,
    );
    const detail = container.querySelector('img');
    expect(detail?.getAttribute('srcset')).toBeNull();
    expect(detail?.getAttribute('src')).toBe('/uploads/products/abc.webp');
  });

  test("rule product page photos: the main photo and the thumbnails carry srcset and their slot's sizes", () => {
    const { getByTestId, getAllByTestId } = render(
      <ChakraProvider value={shopSystem()}>
        <ProductGallery
          name="Playera"
          images={[
            { id: 1, url: '/uploads/products/a.webp' },
            { id: 2, url: '/uploads/products/b.webp' },
          ]}
        />
      </ChakraProvider>,
    );
    const main = getByTestId('product-gallery').querySelector('img[alt="Playera"]');
    expect(main?.getAttribute('srcset')).toBe(photoSrcSet('/uploads/products/a.webp'));
    expect(main?.getAttribute('sizes')).toBe(PRODUCT_PHOTO_SIZES);
    expect(main?.getAttribute('loading')).toBe('eager');
    const thumbs = getAllByTestId('gallery-thumbnail').map((t) => t.querySelector('img'));
    expect(thumbs.map((img) => img?.getAttribute('srcset'))).toEqual([
      photoSrcSet('/uploads/products/a.webp'),
      photoSrcSet('/uploads/products/b.webp'),
    ]);
    expect(thumbs.map((img) => img?.getAttribute('sizes'))).toEqual([
      THUMBNAIL_PHOTO_SIZES,
      THUMBNAIL_PHOTO_SIZES,
    ]);
  });

  test("rule product page photos: a share page preloads the main photo with the <img>'s own srcset and sizes", () => {
    const { product } = firstScreenManifest().photos;
    expect(product.count).toBe(1);
    expect(product.sizes).toBe(PRODUCT_PHOTO_SIZES);
    const { placeholder, template } = product.srcSet!;
    const url = '/uploads/products/a.webp';
    expect(template.replaceAll(placeholder, url)).toBe(photoSrcSet(url));
  });
});
