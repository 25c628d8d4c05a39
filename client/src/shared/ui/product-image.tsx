import { Box, Center, Icon, Image } from '@chakra-ui/react';
import { useState } from 'react';
import { LuShirt } from 'react-icons/lu';

export interface ProductImageProps {
  src: string | undefined;
  alt: string;
  /** Eager for the first thing on a page (the detail photo), lazy elsewhere. */
  loading?: 'eager' | 'lazy';
}

/** A square product photo that falls back to a neutral placeholder. */
export function ProductImage({ src, alt, loading = 'lazy' }: ProductImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | undefined>(undefined);
  const broken = src === undefined || failedSrc === src;
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
          alt={alt}
          loading={loading}
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
