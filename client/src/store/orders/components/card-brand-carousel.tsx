import { Box, Image } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import amexCard from '../card-brands/amex.svg';
import mastercardCard from '../card-brands/mastercard.svg';
import visaCard from '../card-brands/visa.svg';
import { nextCardRotationDelayMs } from '../card-rotation';

export const CARD_BRANDS = [
  { name: 'Visa', src: visaCard },
  { name: 'Mastercard', src: mastercardCard },
  { name: 'American Express', src: amexCard },
] as const;

/** The accepted cards, one at a time, each shown for a random 3 to 13 s (spec §2, §9). */
export function CardBrandCarousel() {
  const [index, setIndex] = useState(0);

  useEffect(() => {
    const timer = setTimeout(
      () => setIndex((current) => (current + 1) % CARD_BRANDS.length),
      nextCardRotationDelayMs(),
    );
    return () => clearTimeout(timer);
  }, [index]);

  return (
    <Box
      position="relative"
      w="full"
      maxW="18rem"
      mx="auto"
      aspectRatio={320 / 200}
      data-testid="card-carousel"
      data-brand={CARD_BRANDS[index]?.name}
    >
      {CARD_BRANDS.map((brand, position) => {
        const shown = position === index;
        return (
          <Image
            key={brand.name}
            src={brand.src}
            alt={shown ? `Tarjeta ${brand.name}` : ''}
            aria-hidden={shown ? undefined : true}
            position="absolute"
            inset="0"
            w="full"
            h="full"
            rounded="2xl"
            shadow="lg"
            opacity={shown ? 1 : 0}
            transform={shown ? 'none' : 'translateY(6px) scale(0.98)'}
            transition="opacity 0.6s ease, transform 0.6s ease"
            _motionReduce={{ transition: 'none' }}
            draggable={false}
          />
        );
      })}
    </Box>
  );
}
