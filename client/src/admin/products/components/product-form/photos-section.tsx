import {
  Badge,
  Box,
  Button,
  HStack,
  IconButton,
  Image,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  chakra,
} from '@chakra-ui/react';
import { useRef, type ReactNode } from 'react';
import { LuImagePlus, LuUndo2, LuX } from 'react-icons/lu';
import { MAX_PHOTOS } from '../../product-form';
import type { ProductForm } from '../../use-product-form';

const ACCEPTED_TYPES = 'image/jpeg,image/png,image/webp';

/**
 * 'Fotos (n de 3)': the product's photos (each can be marked to remove, or kept again) and the
 * newly chosen ones with their previews.
 */
export function PhotosSection({ form }: { form: ProductForm }) {
  const { values, photoCount, previews, choosePhotos, dropPhoto, toggleRemoval } = form;
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <Stack gap="2">
      <HStack justify="space-between">
        <Text fontSize="sm" fontWeight="medium">
          Fotos{' '}
          <Text as="span" color="gray.500" fontWeight="normal">
            ({photoCount} de {MAX_PHOTOS})
          </Text>
        </Text>
        <Button size="xs" variant="outline" onClick={() => fileInput.current?.click()}>
          <LuImagePlus /> Elegir fotos
        </Button>
      </HStack>
      <chakra.input
        ref={fileInput}
        type="file"
        accept={ACCEPTED_TYPES}
        multiple
        onChange={(event) => {
          if (!choosePhotos(Array.from(event.target.files ?? []))) event.target.value = '';
        }}
        srOnly
        aria-label="Fotos del producto"
        data-testid="product-photos-input"
      />
      <SimpleGrid columns={3} gap="2" data-testid="product-photo-previews">
        {values.existingImages.map((image) => {
          const removed = values.removeImageIds.includes(image.id);
          return (
            <PhotoTile
              key={`existing-${image.id}`}
              url={image.url}
              dimmed={removed}
              badge={removed ? { label: 'Se quitará', palette: 'red' } : undefined}
              action={{
                label: removed ? 'Conservar esta foto' : 'Quitar esta foto',
                palette: removed ? 'gray' : 'red',
                icon: removed ? <LuUndo2 /> : <LuX />,
                onClick: () => toggleRemoval(image.id),
                testId: 'product-photo-remove',
              }}
              testId="product-existing-photo"
            />
          );
        })}
        {previews.map((url, index) => (
          <PhotoTile
            key={index}
            url={url}
            badge={{ label: 'Nueva', palette: 'green' }}
            action={{
              label: 'Quitar esta foto',
              palette: 'red',
              icon: <LuX />,
              onClick: () => {
                dropPhoto(index);
                if (fileInput.current) fileInput.current.value = '';
              },
            }}
            testId="product-new-photo"
          />
        ))}
      </SimpleGrid>
      {values.existingImages.length === 0 && values.photos.length === 0 ? (
        <Text fontSize="sm" color="gray.500">
          Elige de 1 a 3 fotos (JPEG, PNG o WebP, de hasta 5 MB).
        </Text>
      ) : null}
    </Stack>
  );
}

interface PhotoTileProps {
  /** '' while a new photo is being read: a placeholder. */
  url: string;
  /** A photo marked to be removed. */
  dimmed?: boolean;
  badge?: { label: string; palette: string };
  /** The button in the corner: remove, or keep again. */
  action: { label: string; palette: string; icon: ReactNode; onClick: () => void; testId?: string };
  testId: string;
}

/** One photo of the grid: the square image, its badge and its button. */
function PhotoTile({ url, dimmed = false, badge, action, testId }: PhotoTileProps) {
  return (
    <Box position="relative" data-testid={testId}>
      {url ? (
        <Image
          src={url}
          alt=""
          aspectRatio={1}
          objectFit="cover"
          w="full"
          rounded="md"
          opacity={dimmed ? 0.3 : undefined}
        />
      ) : (
        <Skeleton aspectRatio={1} rounded="md" />
      )}
      {badge ? (
        <Badge position="absolute" bottom="1" left="1" colorPalette={badge.palette}>
          {badge.label}
        </Badge>
      ) : null}
      <IconButton
        size="2xs"
        position="absolute"
        top="1"
        right="1"
        variant="solid"
        colorPalette={action.palette}
        aria-label={action.label}
        onClick={action.onClick}
        data-testid={action.testId}
      >
        {action.icon}
      </IconButton>
    </Box>
  );
}
