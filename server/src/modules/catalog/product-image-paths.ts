/** Where product photos are stored under the uploads directory and served under /uploads. */
export const PRODUCT_IMAGES_DIR = 'products';

export function productImageUrl(fileName: string): string {
  return `/uploads/${PRODUCT_IMAGES_DIR}/${encodeURIComponent(fileName)}`;
}
