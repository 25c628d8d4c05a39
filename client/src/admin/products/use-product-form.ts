import { useApolloClient, useMutation } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import type { AdminProductFieldsFragment } from '../../gql/graphql';
import { errorReason } from '../../shared/error-reason';
import { serverProblemOf } from '../../shared/forms/server-errors';
import { notify } from '../../shared/notifications/toaster';
import { enableMultipartUploads } from '../shared/multipart-uploads';
import { onUploadProgress, uploadPercent } from '../shared/upload-progress';
import { CreateProductMutation, UpdateProductMutation } from './api';
import {
  MAX_PHOTOS,
  PRODUCT_MESSAGES,
  checkProductForm,
  finalPhotoCount,
  initialFormValues,
  nameAndDescription,
  type ProductFormValues,
  type ProductLookups,
} from './product-form';
import { preparePhotos, type Shrink } from './photo-picker';
import { mergeQuantities, parseSizes } from './sizes';
import { usePhotoPreviews } from './use-photo-previews';

/** The codes of refusals the server explains in Spanish (the product rules of spec §5). */
const EXPLAINED = new Set(['BAD_USER_INPUT', 'CONFLICT', 'NOT_FOUND', 'FORBIDDEN']);

/** What the server refused with, in its own words, or undefined (network, 500…). */
function refusalOf(error: unknown): string | undefined {
  const problem = serverProblemOf(error);
  return problem && problem.code !== undefined && EXPLAINED.has(problem.code)
    ? problem.message
    : undefined;
}

/**
 * The server refused a promotion price of 0 (spec §4): the form switches the promotion off, as
 * its own check does. The one place that tells this refusal from the others.
 */
function isPromotionZeroRefusal(error: unknown): boolean {
  return errorReason(error) === 'PROMOTION_PRICE_REQUIRED';
}

export interface ProductFormOptions {
  /** The product to update; undefined for a new one. */
  product: AdminProductFieldsFragment | undefined;
  lookups: ProductLookups;
  onSavingChange: (saving: boolean) => void;
  onSaved: () => void;
  /** The picker's shrink (tests give their own: jsdom has no canvas). */
  shrink?: Shrink;
}

/** A chosen file the picker refused: the server's message and the file's name. */
export interface PhotoRefusal {
  message: string;
  fileName: string;
}

/**
 * The product popup's workflow (spec §5): the values being edited and their changes, the sizes,
 * the generated name and the photo previews they imply, and the submit (the rules checked here
 * first, then the create or update mutation, its notifications and the server's refusals).
 */
export function useProductForm({
  product,
  lookups,
  onSavingChange,
  onSaved,
  shrink,
}: ProductFormOptions) {
  const mode = product ? 'update' : 'create';
  const [values, setValues] = useState<ProductFormValues>(() =>
    initialFormValues(product, lookups),
  );
  const client = useApolloClient();
  const previews = usePhotoPreviews(values.photos);
  const [createProduct] = useMutation(CreateProductMutation, {
    // Newest first: the new product heads the first page; refetch the shown page(s).
    refetchQueries: ['AdminProducts'],
    awaitRefetchQueries: true,
  });
  const [updateProduct] = useMutation(UpdateProductMutation);
  const [photoRefusal, setPhotoRefusal] = useState<PhotoRefusal | null>(null);
  const [preparingPhotos, setPreparingPhotos] = useState(false);
  /** 0–100 while photos are being sent; null otherwise. */
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  const saving = useRef(false);
  const choice = useRef(0);

  useEffect(
    () =>
      onUploadProgress((progress) =>
        setUploadProgress(progress && saving.current ? uploadPercent(progress) : null),
      ),
    [],
  );

  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const switchOffPromotion = () => setValues((current) => ({ ...current, promotion: false }));

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

  /**
   * The files chosen, checked at once (the server's rule and message) and shrunk when large;
   * false (and none kept) when one is refused or they would make more than 3 photos.
   */
  const choosePhotos = async (chosen: File[]): Promise<boolean> => {
    const mine = ++choice.current;
    setPhotoRefusal(null);
    if (keptImages.length + chosen.length > MAX_PHOTOS) {
      notify(PRODUCT_MESSAGES.tooManyPhotos, { type: 'warning' });
      set('photos', []);
      return false;
    }
    setPreparingPhotos(true);
    try {
      const prepared = await preparePhotos(chosen, shrink);
      if (mine !== choice.current) return false;
      if (!prepared.ok) {
        setPhotoRefusal({ message: prepared.problem.message, fileName: prepared.fileName });
        set('photos', []);
        return false;
      }
      set('photos', prepared.files);
      return true;
    } finally {
      if (mine === choice.current) setPreparingPhotos(false);
    }
  };

  const dropPhoto = (index: number) => {
    setPhotoRefusal(null);
    set(
      'photos',
      values.photos.filter((_, i) => i !== index),
    );
  };

  const toggleRemoval = (imageId: number) =>
    setValues((current) => ({
      ...current,
      removeImageIds: current.removeImageIds.includes(imageId)
        ? current.removeImageIds.filter((id) => id !== imageId)
        : [...current.removeImageIds, imageId],
    }));

  const submit = async () => {
    const check = checkProductForm(values, lookups, mode);
    if (!check.ok) {
      if (check.switchOffPromotion) switchOffPromotion();
      notify(check.message, { type: 'warning' });
      return;
    }
    if (preparingPhotos) {
      notify(PRODUCT_MESSAGES.photosPreparing, { type: 'warning' });
      return;
    }
    onSavingChange(true);
    saving.current = values.photos.length > 0;
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
      if (isPromotionZeroRefusal(error)) switchOffPromotion();
      const refusal = refusalOf(error);
      if (!refusal) console.error('No se pudo guardar el producto', error);
      notify(refusal ?? (product ? PRODUCT_MESSAGES.updateFailed : PRODUCT_MESSAGES.createFailed), {
        type: 'error',
      });
    } finally {
      saving.current = false;
      setUploadProgress(null);
      onSavingChange(false);
    }
  };

  return {
    values,
    set,
    /** The sizes typed, in order; one quantity input each. */
    sizes: parseSizes(values.sizesText),
    /** The name and description a non-special product will carry. */
    generated: nameAndDescription({ ...values, special: false }, lookups),
    photoCount: finalPhotoCount(values),
    /** The new photos' previews, one per chosen file. */
    previews,
    /** The chosen file the picker refused, if the last choice was refused. */
    photoRefusal,
    /** Whether chosen photos are being checked and shrunk. */
    preparingPhotos,
    /** 0–100 while the photos are being sent. */
    uploadProgress,
    changeSizes,
    changeQuantity,
    choosePhotos,
    dropPhoto,
    toggleRemoval,
    submit,
  };
}

export type ProductForm = ReturnType<typeof useProductForm>;
