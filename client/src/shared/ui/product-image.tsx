import { Box, Center, Icon, Image } from '@chakra-ui/react';
import { useState } from 'react';
import { LuShirt } from 'react-icons/lu';
import { CARD_PHOTO_SIZES, STORED_PHOTO_WIDTH, photoSrcSet } from './photo-srcset';

export interface ProductImageProps {
  src: string | undefined;
  alt: string;
  /** Eager for the first thing on a page (the detail photo), lazy elsewhere. */
  loading?: 'eager' | 'lazy';
  /**
   * The slot's width for `srcset` (`sizes`); by default a catalogue card's (2 columns on phones,
   * 3 from md, up to 5 on wide screens). The eager detail photo keeps the full-size file.
   */
  sizes?: string;
  /** The page's first photos: fetched first, not lazily (the largest paint of a catalogue page). */
  priority?: boolean;
}

/** A square product photo that falls back to a neutral placeholder. */
export function ProductImage({
  src,
  alt,
  loading = 'lazy',
  sizes,
  priority = false,
}: ProductImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | undefined>(undefined);
  const broken = src === undefined || failedSrc === src;
  const srcSet = src && (sizes || priority || loading === 'lazy') ? photoSrcSet(src) : undefined;
  return (
    <Box position="relative" w="full" aspectRatio={1} bg="gray.100" overflow="hidden">
      {broken ? (
        <Center position="absolute" inset="0" color="gray.400" aria-label={alt} role="img">
          <Icon boxSize="14">
            <LuShirt />
          </Icon>
        </Center>
      ) : (
        <Image
          src={src}
          srcSet={srcSet}
          sizes={srcSet ? (sizes ?? CARD_PHOTO_SIZES) : undefined}
          alt={alt}
          loading={priority ? 'eager' : loading}
          fetchPriority={priority ? 'high' : undefined}
          width={STORED_PHOTO_WIDTH}
          height={STORED_PHOTO_WIDTH}
          position="absolute"
          inset="0"
          w="full"
          h="full"
          objectFit="cover"
          onError={() => setFailedSrc(src)}
        />
      )}
    </Box>
  );
}
