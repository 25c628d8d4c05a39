import { decimalPesos } from '@tienda/rules';
import { productSharePath, shareImagePath } from '../modules/catalog/share-path.js';
import { SHARE_IMAGE_SIZE } from '../modules/storage/photo-variants.js';
import { escapeMarkup, jsonInScript } from '../modules/shared/markup.js';

/** What a share page shows of a product: read from the client's own `ProductDetail` answer. */
export interface SharedProduct {
  id: number;
  name: string;
  description: string;
  /** What the shop charges (the domain's unit price: the promotion price when on promotion). */
  unitPriceCents: number;
  brand: { name: string } | null;
  sizes: { stock: number }[];
  images: { url: string }[];
}

/** A meta description longer than this is cut (search engines and previews show about as much). */
const MAX_DESCRIPTION = 200;

function summary(product: SharedProduct, shopName: string): string {
  const text = product.description.replace(/\s+/g, ' ').trim();
  if (!text) {
    return product.brand
      ? `${product.name} de ${product.brand.name} en ${shopName}.`
      : `${product.name} en ${shopName}.`;
  }
  if (text.length <= MAX_DESCRIPTION) return text;
  // Cut at the last whole word that fits.
  const cut = text.slice(0, MAX_DESCRIPTION);
  const space = cut.lastIndexOf(' ');
  return `${(space > 0 ? cut.slice(0, space) : cut.slice(0, -1)).replace(/[\s,.;:]+$/, '')}…`;
}

export interface SharePageHead {
  /** The page's `<title>`. */
  title: string;
  /** The meta description. */
  description: string;
  /** Canonical link, Open Graph, Twitter card and JSON-LD `Product`, as HTML. */
  tags: string;
}

/**
 * The `<head>` of a product's share page, for link-preview crawlers and search engines (they run
 * no JavaScript): every URL absolute under `shopUrl`; the price is the domain's unit price, in MXN;
 * og:image is the first photo's 1200×630 variant; availability from the stock of its sizes.
 */
export function sharePageHead(
  product: SharedProduct,
  { shopUrl, shopName }: { shopUrl: string; shopName: string },
): SharePageHead {
  const absolute = (url: string) => (/^https?:\/\//.test(url) ? url : `${shopUrl}${url}`);
  const url = absolute(productSharePath(product.id, product.name));
  const description = summary(product, shopName);
  // Open Graph and schema.org take a plain decimal: 81850 → '818.50'.
  const price = decimalPesos(product.unitPriceCents);
  const inStock = product.sizes.some((size) => size.stock > 0);
  const photos = product.images.map((image) => absolute(image.url));
  const first = product.images[0];

  type Meta = readonly [attribute: 'property' | 'name', key: string, value: string];
  const meta: Meta[] = [
    ['property', 'og:type', 'product'],
    ['property', 'og:site_name', shopName],
    ['property', 'og:locale', 'es_MX'],
    ['property', 'og:title', product.name],
    ['property', 'og:description', description],
    ['property', 'og:url', url],
    ...(first
      ? ([
          ['property', 'og:image', absolute(shareImagePath(first.url))],
          ['property', 'og:image:width', String(SHARE_IMAGE_SIZE.width)],
          ['property', 'og:image:height', String(SHARE_IMAGE_SIZE.height)],
          ['property', 'og:image:alt', product.name],
        ] satisfies Meta[])
      : []),
    ['property', 'product:price:amount', price],
    ['property', 'product:price:currency', 'MXN'],
    ['name', 'twitter:card', first ? 'summary_large_image' : 'summary'],
  ];

  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description,
    ...(photos.length > 0 ? { image: photos } : {}),
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand.name } } : {}),
    sku: String(product.id),
    productID: String(product.id),
    url,
    offers: {
      '@type': 'Offer',
      price,
      priceCurrency: 'MXN',
      availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      url,
    },
  };

  const tags = [
    `<link rel="canonical" href="${escapeMarkup(url)}" />`,
    ...meta.map(
      ([attribute, key, value]) =>
        `<meta ${attribute}="${key}" content="${escapeMarkup(value)}" />`,
    ),
    `<script type="application/ld+json">${jsonInScript(jsonLd)}</script>`,
  ].join('\n    ');

  return { title: `${product.name} · ${shopName}`, description, tags };
}
