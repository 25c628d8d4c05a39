import {
  Badge,
  Box,
  Button,
  HStack,
  IconButton,
  Image,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  chakra,
} from '@chakra-ui/react';
import { useRef, type ReactNode } from 'react';
import { LuImagePlus, LuUndo2, LuX } from 'react-icons/lu';
import { PHOTO_MIME_TYPES } from '@tienda/rules';
import { MAX_PHOTOS } from '../../product-form';
import type { ProductForm } from '../../use-product-form';

const ACCEPTED_TYPES = PHOTO_MIME_TYPES.join(',');

/**
 * 'Fotos (n de 3)': the product's photos (each can be marked to remove, or kept again) and the
 * newly chosen ones with their previews.
 */
export function PhotosSection({ form }: { form: ProductForm }) {
  const {
    values,
    photoCount,
    previews,
    photoRefusal,
    preparingPhotos,
    uploadProgress,
    choosePhotos,
    dropPhoto,
    toggleRemoval,
  } = form;
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
          const input = event.target;
          void choosePhotos(Array.from(input.files ?? [])).then((kept) => {
            if (!kept) input.value = '';
          });
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
      {photoRefusal ? (
        <Box
          role="alert"
          borderWidth="1px"
          borderColor="red.300"
          bg="red.50"
          color="red.800"
          rounded="md"
          px="3"
          py="2"
          fontSize="sm"
          data-testid="product-photos-error"
        >
          <Text fontWeight="medium">{photoRefusal.message}</Text>
          <Text overflowWrap="anywhere">Archivo: {photoRefusal.fileName}</Text>
        </Box>
      ) : null}
      {preparingPhotos ? (
        <Text
          fontSize="sm"
          color="gray.600"
          aria-live="polite"
          data-testid="product-photos-preparing"
        >
          Preparando fotos…
        </Text>
      ) : null}
      {uploadProgress !== null ? (
        <Progress.Root
          value={uploadProgress}
          max={100}
          size="sm"
          colorPalette="orange"
          data-testid="product-photos-progress"
        >
          <HStack justify="space-between">
            <Progress.Label fontSize="sm">Subiendo fotos</Progress.Label>
            <Progress.ValueText fontSize="sm" />
          </HStack>
          <Progress.Track mt="1">
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      ) : null}
      {values.existingImages.length === 0 && values.photos.length === 0 && !photoRefusal ? (
        <Text fontSize="sm" color="gray.500">
          Elige de 1 a 3 fotos (JPEG, PNG o WebP, de hasta 5 MB; las grandes se reducen antes de
          subirlas).
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
