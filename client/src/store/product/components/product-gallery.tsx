import { Box, HStack } from '@chakra-ui/react';
import { useState } from 'react';
import { PRODUCT_PHOTO_SIZES, THUMBNAIL_PHOTO_SIZES } from '../../../shared/ui/photo-srcset';
import { ProductImage } from '../../../shared/ui/product-image';

export interface GalleryImage {
  id: number;
  url: string;
}

/** The main photo and up to 3 thumbnails. */
export function ProductGallery({
  images,
  name,
}: {
  images: readonly GalleryImage[];
  name: string;
}) {
  const photos = images.slice(0, 3);
  const [selectedId, setSelectedId] = useState(photos[0]?.id);
  const current = photos.find((photo) => photo.id === selectedId) ?? photos[0];

  return (
    <Box data-testid="product-gallery">
      <Box rounded="2xl" overflow="hidden" layerStyle="panel">
        <ProductImage src={current?.url} alt={name} loading="eager" sizes={PRODUCT_PHOTO_SIZES} />
      </Box>
      {photos.length > 1 ? (
        <HStack mt="3" gap="3">
          {photos.map((photo, index) => {
            const selected = photo.id === current?.id;
            return (
              <Box
                as="button"
                key={photo.id}
                w={{ base: '16', md: '24' }}
                rounded="lg"
                overflow="hidden"
                borderWidth="2px"
                borderColor={selected ? 'orange.500' : 'transparent'}
                opacity={selected ? 1 : 0.75}
                _hover={{ opacity: 1 }}
                focusRing="outside"
                onClick={() => setSelectedId(photo.id)}
                aria-label={`Ver foto ${index + 1} de ${photos.length}`}
                aria-pressed={selected}
                data-testid="gallery-thumbnail"
              >
                <ProductImage src={photo.url} alt="" sizes={THUMBNAIL_PHOTO_SIZES} />
              </Box>
            );
          })}
        </HStack>
      ) : null}
    </Box>
  );
}
