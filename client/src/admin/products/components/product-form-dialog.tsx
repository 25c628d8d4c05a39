import {
  Badge,
  Box,
  Button,
  Checkbox,
  CloseButton,
  Dialog,
  Field,
  HStack,
  IconButton,
  Image,
  Input,
  InputGroup,
  Portal,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  chakra,
} from '@chakra-ui/react';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { LuImagePlus, LuUndo2, LuX } from 'react-icons/lu';
import type { AdminProductFieldsFragment } from '../../../gql/graphql';
import { serverProblemOf } from '../../../shared/forms/server-errors';
import { notify } from '../../../shared/notifications/toaster';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';
import { enableMultipartUploads } from '../../shared/multipart-uploads';
import { CreateProductMutation, ProductFormLookupsQuery, UpdateProductMutation } from '../api';
import {
  MAX_PHOTOS,
  PRODUCT_MESSAGES,
  checkProductForm,
  finalPhotoCount,
  initialFormValues,
  nameAndDescription,
  type ProductFormValues,
  type ProductLookups,
} from '../product-form';
import { mergeQuantities, parseSizes } from '../sizes';

/** The codes of refusals the server explains in Spanish (the product rules of spec §5). */
const EXPLAINED = new Set(['BAD_USER_INPUT', 'CONFLICT', 'NOT_FOUND', 'FORBIDDEN']);

/** What the server refused with, in its own words, or undefined (network, 500…). */
function refusalOf(error: unknown): string | undefined {
  const problem = serverProblemOf(error);
  return problem && problem.code !== undefined && EXPLAINED.has(problem.code)
    ? problem.message
    : undefined;
}

const ACCEPTED_TYPES = 'image/jpeg,image/png,image/webp';

const NativeSelect = chakra('select', {
  base: {
    width: 'full',
    height: '10',
    px: '3',
    borderWidth: '1px',
    borderColor: 'border',
    rounded: 'l2',
    bg: 'white',
    fontSize: 'sm',
    outline: 0,
    _focusVisible: {
      borderColor: 'orange.500',
      boxShadow: '0 0 0 1px var(--chakra-colors-orange-500)',
    },
  },
});

const TextArea = chakra('textarea', {
  base: {
    width: 'full',
    minHeight: '28',
    px: '3',
    py: '2',
    borderWidth: '1px',
    borderColor: 'border',
    rounded: 'l2',
    bg: 'white',
    fontSize: 'sm',
    outline: 0,
    _focusVisible: {
      borderColor: 'orange.500',
      boxShadow: '0 0 0 1px var(--chakra-colors-orange-500)',
    },
  },
});

interface LookupSelectProps {
  label: string;
  items: readonly { id: number; name: string }[];
  value: number | null;
  onChange: (id: number | null) => void;
  required?: boolean;
  testId: string;
}

function LookupSelect({ label, items, value, onChange, required, testId }: LookupSelectProps) {
  const id = useId();
  return (
    <Field.Root ids={{ control: id }} required={required}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <NativeSelect
        id={id}
        value={value === null ? '' : String(value)}
        onChange={(event) =>
          onChange(event.target.value === '' ? null : Number(event.target.value))
        }
        data-testid={testId}
      >
        <option value="">{required ? 'Elige uno' : 'Ninguno'}</option>
        {items.map((item) => (
          <option key={item.id} value={item.id}>
            {item.name}
          </option>
        ))}
      </NativeSelect>
    </Field.Root>
  );
}

/**
 * The chosen files' previews as data: URLs (the shop's Content-Security-Policy allows data: images,
 * not blob: ones). '' while a file is being read.
 */
function usePreviews(files: readonly File[]): string[] {
  const [previews, setPreviews] = useState<{ files: readonly File[]; urls: string[] }>({
    files: [],
    urls: [],
  });
  useEffect(() => {
    let cancelled = false;
    const read = (file: File) =>
      new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
        reader.onerror = () => resolve('');
        reader.readAsDataURL(file);
      });
    void Promise.all(files.map(read)).then((urls) => {
      if (!cancelled) setPreviews({ files, urls });
    });
    return () => {
      cancelled = true;
    };
  }, [files]);
  return previews.files === files ? previews.urls : files.map(() => '');
}

interface ProductFormProps {
  product: AdminProductFieldsFragment | undefined;
  lookups: ProductLookups;
  formId: string;
  onSavingChange: (saving: boolean) => void;
  onSaved: () => void;
}

/** The fields of the popup and the submit with the rules of spec §5. */
function ProductForm({ product, lookups, formId, onSavingChange, onSaved }: ProductFormProps) {
  const mode = product ? 'update' : 'create';
  const [values, setValues] = useState<ProductFormValues>(() =>
    initialFormValues(product, lookups),
  );
  const fileInput = useRef<HTMLInputElement>(null);
  const client = useApolloClient();
  const previews = usePreviews(values.photos);
  const [createProduct] = useMutation(CreateProductMutation, {
    // Newest first: the new product heads the first page; refetch the shown page(s).
    refetchQueries: ['AdminProducts'],
    awaitRefetchQueries: true,
  });
  const [updateProduct] = useMutation(UpdateProductMutation);

  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const sizes = parseSizes(values.sizesText);
  const generated = nameAndDescription({ ...values, special: false }, lookups);
  const keptImages = values.existingImages.filter(
    (image) => !values.removeImageIds.includes(image.id),
  );

  const changeSizes = (text: string) =>
    setValues((current) => ({
      ...current,
      sizesText: text,
      quantities: mergeQuantities(
        parseSizes(current.sizesText),
        current.quantities,
        parseSizes(text),
      ),
    }));

  const changeQuantity = (index: number, text: string) =>
    setValues((current) => {
      const quantities = [...current.quantities];
      quantities[index] = text.trim() === '' ? Number.NaN : Number(text);
      return { ...current, quantities };
    });

  const choosePhotos = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    if (keptImages.length + chosen.length > MAX_PHOTOS) {
      notify(PRODUCT_MESSAGES.tooManyPhotos, { type: 'warning' });
      event.target.value = '';
      set('photos', []);
      return;
    }
    set('photos', chosen);
  };

  const dropPhoto = (index: number) => {
    set(
      'photos',
      values.photos.filter((_, i) => i !== index),
    );
    if (fileInput.current) fileInput.current.value = '';
  };

  const toggleRemoval = (imageId: number) =>
    setValues((current) => ({
      ...current,
      removeImageIds: current.removeImageIds.includes(imageId)
        ? current.removeImageIds.filter((id) => id !== imageId)
        : [...current.removeImageIds, imageId],
    }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = checkProductForm(values, lookups, mode);
    if (!check.ok) {
      if (check.switchOffPromotion) setValues((current) => ({ ...current, promotion: false }));
      notify(check.message, { type: 'warning' });
      return;
    }
    onSavingChange(true);
    try {
      enableMultipartUploads(client);
      if (product) {
        await updateProduct({
          variables: {
            id: product.id,
            input: check.input,
            photos: values.photos.length > 0 ? values.photos : null,
            removeImageIds: values.removeImageIds.length > 0 ? values.removeImageIds : null,
          },
        });
        notify(PRODUCT_MESSAGES.updated, { type: 'success' });
      } else {
        await createProduct({ variables: { input: check.input, photos: values.photos } });
        notify(PRODUCT_MESSAGES.created, { type: 'success' });
      }
      onSaved();
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal === PRODUCT_MESSAGES.promotionZero) {
        setValues((current) => ({ ...current, promotion: false }));
      }
      if (!refusal) console.error('No se pudo guardar el producto', error);
      notify(refusal ?? (product ? PRODUCT_MESSAGES.updateFailed : PRODUCT_MESSAGES.createFailed), {
        type: 'error',
      });
    } finally {
      onSavingChange(false);
    }
  };

  return (
    <chakra.form id={formId} onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="5">
        <Checkbox.Root
          checked={values.special}
          onCheckedChange={(details) => set('special', details.checked === true)}
          data-testid="product-special"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>
            Producto especial{' '}
            <Text as="span" color="gray.500" fontWeight="normal">
              (nombre y descripción libres)
            </Text>
          </Checkbox.Label>
        </Checkbox.Root>

        {values.special ? (
          <Stack gap="4">
            <Field.Root required>
              <Field.Label>
                Nombre especial
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                value={values.specialName}
                maxLength={200}
                onChange={(event) => set('specialName', event.target.value)}
                data-testid="product-special-name"
              />
            </Field.Root>
            <Field.Root required>
              <Field.Label>
                Descripción especial
                <Field.RequiredIndicator />
              </Field.Label>
              <TextArea
                value={values.specialDescription}
                maxLength={2000}
                onChange={(event) => set('specialDescription', event.target.value)}
                data-testid="product-special-description"
              />
            </Field.Root>
            <LookupSelect
              label="Tipo"
              items={lookups.types}
              value={values.typeId}
              onChange={(id) => set('typeId', id)}
              testId="product-type"
            />
          </Stack>
        ) : (
          <Stack gap="3">
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
              <LookupSelect
                label="Tipo"
                required
                items={lookups.types}
                value={values.typeId}
                onChange={(id) => set('typeId', id)}
                testId="product-type"
              />
              <LookupSelect
                label="Marca"
                items={lookups.brands}
                value={values.brandId}
                onChange={(id) => set('brandId', id)}
                testId="product-brand"
              />
              <Field.Root>
                <Field.Label>Número</Field.Label>
                <Input
                  value={values.number}
                  inputMode="numeric"
                  maxLength={12}
                  onChange={(event) => set('number', event.target.value)}
                  data-testid="product-number"
                />
              </Field.Root>
              <LookupSelect
                label="Color"
                items={lookups.colors}
                value={values.colorId}
                onChange={(id) => set('colorId', id)}
                testId="product-color"
              />
            </SimpleGrid>
            <Box bg="gray.50" rounded="md" px="3" py="2" borderWidth="1px" borderColor="gray.200">
              <Text fontSize="xs" color="gray.500" textTransform="uppercase" letterSpacing="wide">
                Nombre generado
              </Text>
              <Text fontWeight="semibold" data-testid="product-generated-name">
                {generated.name || '—'}
              </Text>
              <Text fontSize="xs" color="gray.600" mt="1" lineClamp={3}>
                {generated.description}
              </Text>
            </Box>
          </Stack>
        )}

        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3" alignItems="end">
          <Field.Root required>
            <Field.Label>
              Precio
              <Field.RequiredIndicator />
            </Field.Label>
            <InputGroup startElement="$">
              <Input
                value={values.price}
                inputMode="decimal"
                maxLength={12}
                onChange={(event) => set('price', event.target.value)}
                data-testid="product-price"
              />
            </InputGroup>
          </Field.Root>
          <Stack gap="2">
            <Checkbox.Root
              checked={values.promotion}
              onCheckedChange={(details) => set('promotion', details.checked === true)}
              data-testid="product-promotion"
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>En promoción</Checkbox.Label>
            </Checkbox.Root>
            {values.promotion ? (
              <Field.Root>
                <Field.Label srOnly>Precio de promoción</Field.Label>
                <InputGroup startElement="$">
                  <Input
                    value={values.promotionPrice}
                    inputMode="decimal"
                    maxLength={12}
                    placeholder="Precio de promoción"
                    onChange={(event) => set('promotionPrice', event.target.value)}
                    data-testid="product-promotion-price"
                  />
                </InputGroup>
              </Field.Root>
            ) : null}
          </Stack>
        </SimpleGrid>

        <Field.Root required>
          <Field.Label>
            Tallas
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            value={values.sizesText}
            maxLength={200}
            onChange={(event) => changeSizes(event.target.value)}
            data-testid="product-sizes"
          />
          <Field.HelperText>Separadas por comas, por ejemplo S,M,L,XL o 25,26,27.</Field.HelperText>
        </Field.Root>

        {sizes.length > 0 ? (
          <chakra.fieldset>
            <chakra.legend fontSize="sm" fontWeight="medium">
              Cantidad por talla
            </chakra.legend>
            <SimpleGrid columns={{ base: 3, sm: 4 }} gap="2" mt="2">
              {sizes.map((size, index) => (
                <Field.Root key={`${size}-${index}`}>
                  <Field.Label fontSize="xs" color="gray.600">
                    {size}
                  </Field.Label>
                  <Input
                    type="number"
                    min={0}
                    step={1}
                    size="sm"
                    value={
                      Number.isNaN(values.quantities[index]) ? '' : (values.quantities[index] ?? '')
                    }
                    onChange={(event) => changeQuantity(index, event.target.value)}
                    data-testid="product-quantity"
                    data-size={size}
                  />
                </Field.Root>
              ))}
            </SimpleGrid>
          </chakra.fieldset>
        ) : null}

        <Stack gap="2">
          <HStack justify="space-between">
            <Text fontSize="sm" fontWeight="medium">
              Fotos{' '}
              <Text as="span" color="gray.500" fontWeight="normal">
                ({finalPhotoCount(values)} de {MAX_PHOTOS})
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
            onChange={choosePhotos}
            srOnly
            aria-label="Fotos del producto"
            data-testid="product-photos-input"
          />
          <SimpleGrid columns={3} gap="2" data-testid="product-photo-previews">
            {values.existingImages.map((image) => {
              const removed = values.removeImageIds.includes(image.id);
              return (
                <Box
                  key={`existing-${image.id}`}
                  position="relative"
                  data-testid="product-existing-photo"
                >
                  <Image
                    src={image.url}
                    alt=""
                    aspectRatio={1}
                    objectFit="cover"
                    w="full"
                    rounded="md"
                    opacity={removed ? 0.3 : 1}
                  />
                  {removed ? (
                    <Badge position="absolute" bottom="1" left="1" colorPalette="red">
                      Se quitará
                    </Badge>
                  ) : null}
                  <IconButton
                    size="2xs"
                    position="absolute"
                    top="1"
                    right="1"
                    variant="solid"
                    colorPalette={removed ? 'gray' : 'red'}
                    aria-label={removed ? 'Conservar esta foto' : 'Quitar esta foto'}
                    onClick={() => toggleRemoval(image.id)}
                    data-testid="product-photo-remove"
                  >
                    {removed ? <LuUndo2 /> : <LuX />}
                  </IconButton>
                </Box>
              );
            })}
            {previews.map((url, index) => (
              <Box key={index} position="relative" data-testid="product-new-photo">
                {url ? (
                  <Image src={url} alt="" aspectRatio={1} objectFit="cover" w="full" rounded="md" />
                ) : (
                  <Skeleton aspectRatio={1} rounded="md" />
                )}
                <Badge position="absolute" bottom="1" left="1" colorPalette="green">
                  Nueva
                </Badge>
                <IconButton
                  size="2xs"
                  position="absolute"
                  top="1"
                  right="1"
                  variant="solid"
                  colorPalette="red"
                  aria-label="Quitar esta foto"
                  onClick={() => dropPhoto(index)}
                >
                  <LuX />
                </IconButton>
              </Box>
            ))}
          </SimpleGrid>
          {values.existingImages.length === 0 && values.photos.length === 0 ? (
            <Text fontSize="sm" color="gray.500">
              Elige de 1 a 3 fotos (JPEG, PNG o WebP, de hasta 5 MB).
            </Text>
          ) : null}
        </Stack>
      </Stack>
    </chakra.form>
  );
}

export interface ProductFormDialogProps {
  open: boolean;
  /** The product to update; undefined for 'Agregar producto'. */
  product: AdminProductFieldsFragment | undefined;
  onClose: () => void;
}

/** The new-product and update-product popups (spec §2, §5, §8). */
export function ProductFormDialog({ open, product, onClose }: ProductFormDialogProps) {
  const formId = useId();
  const [saving, setSaving] = useState(false);
  const { data, error, refetch } = useQuery(ProductFormLookupsQuery, { skip: !open });

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !saving) onClose();
      }}
      size={{ base: 'full', md: 'lg' }}
      placement="center"
      scrollBehavior="inside"
      closeOnInteractOutside={false}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="product-form-dialog">
            <Dialog.Header>
              <Dialog.Title>{product ? 'Actualizar producto' : 'Agregar producto'}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {error && !data ? (
                <LoadErrorAlert
                  title="No se pudieron cargar los tipos, marcas y colores."
                  onRetry={() => void refetch().catch(() => undefined)}
                />
              ) : !data ? (
                <Stack gap="3" aria-busy="true">
                  <Skeleton h="10" />
                  <Skeleton h="24" />
                  <Skeleton h="10" />
                </Stack>
              ) : open ? (
                <ProductForm
                  key={product?.id ?? 'new'}
                  product={product}
                  lookups={data}
                  formId={formId}
                  onSavingChange={setSaving}
                  onSaved={onClose}
                />
              ) : null}
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" disabled={saving}>
                  Cancelar
                </Button>
              </Dialog.ActionTrigger>
              <Button
                type="submit"
                form={formId}
                colorPalette="orange"
                loading={saving}
                disabled={!data}
                data-testid="product-form-submit"
              >
                {product ? 'Actualizar' : 'Crear producto'}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" disabled={saving} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
