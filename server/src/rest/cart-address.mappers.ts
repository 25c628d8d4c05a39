import type { AddressInputData } from '../modules/addresses/address-rules.js';
import type { AddressView } from '../modules/addresses/address.service.js';
import type { CartLineRecord } from '../modules/cart/cart.service.js';

/** A cart line as the spec's REST clients know it (§3 Cart line). */
export function toCarritoRest(line: CartLineRecord) {
  return {
    id: line.id,
    idUsuario: line.userId,
    idProducto: line.productId,
    cantidad: line.quantity,
    talla: line.size,
    comprado: line.purchased,
  };
}

/** An address with the spec's field names (§3 Address). */
export function toDireccionRest(a: AddressView) {
  return {
    id: a.id,
    calle: a.street,
    numero: a.number,
    colonia: a.neighborhood,
    codigo_postal: a.postalCode,
    referencias: a.references,
    ciudad_municipio: a.city,
    estado: a.state,
    nombre: a.firstName,
    apellido: a.lastName,
    telefono: a.phone,
    idUsuario: a.userId,
    createdAt: a.createdAt.toISOString(),
  };
}

/** The spec's address body, in the domain's names. */
export function fromDireccionRest(body: {
  calle: string;
  numero: string | number;
  colonia: string;
  codigo_postal: string | number;
  referencias: string;
  ciudad_municipio: string;
  estado: string;
  nombre: string;
  apellido: string;
  telefono: string | number;
}): AddressInputData {
  return {
    street: body.calle,
    number: String(body.numero),
    neighborhood: body.colonia,
    postalCode: String(body.codigo_postal),
    references: body.referencias,
    city: body.ciudad_municipio,
    state: body.estado,
    firstName: body.nombre,
    lastName: body.apellido,
    phone: String(body.telefono),
  };
}
