/**
 * The SAT keys of an invoice's concepts: c_ClaveProdServ (what was sold) and c_ClaveUnidad (in
 * what unit). A product type may carry its own (`product_type_sat`, set by the admin); without
 * them a type takes these defaults, chosen by its name.
 */
export interface SatKeys {
  productKey: string;
  unitKey: string;
}

/** Clothing (53101600 'Camisas', the family of garments) by the piece (H87 'Pieza'). */
export const CLOTHING_KEYS: SatKeys = { productKey: '53101600', unitKey: 'H87' };
/** Footwear (53111600 'Zapatos') by the pair (PR 'Par'). */
export const FOOTWEAR_KEYS: SatKeys = { productKey: '53111600', unitKey: 'PR' };
/** Shipping: 78102203 'Servicios de envío, recogida o entrega de correo', a service (E48). */
export const SHIPPING_KEYS: SatKeys = { productKey: '78102203', unitKey: 'E48' };

const FOOTWEAR_NAME = /tenis|zapat|calzado|bota|botin|sandalia|huarache|chancla|mocas/i;

/** The defaults of a type by its name ('Tenis', 'Zapatos' → footwear; anything else clothing). */
export function defaultSatKeys(typeName: string | null): SatKeys {
  const plain = (typeName ?? '').normalize('NFD').replace(/\p{M}/gu, '');
  return FOOTWEAR_NAME.test(plain) ? FOOTWEAR_KEYS : CLOTHING_KEYS;
}
