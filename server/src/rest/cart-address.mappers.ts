import type { AddressValues } from '@tienda/rules';
import type { AddressView } from '../modules/addresses/address.service.js';
import type { CartLineRecord } from '../modules/cart/cart.service.js';
import type { OrderDetails, OrderView } from '../modules/orders/order.service.js';
import { centsToPesos } from './money.js';

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
}): AddressValues {
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

/** An order with the spec's field names (§3 Order); money in pesos. */
export function toPedidoRest(o: OrderView) {
  return {
    id: o.id,
    idUsuario: o.userId,
    idDireccion: o.addressId,
    idProductos: o.lines.map((l) => l.cartLineId ?? '').join(','),
    total: centsToPesos(o.totalCents),
    subtotal: centsToPesos(o.subtotalCents),
    envio: centsToPesos(o.shippingCents),
    descuento: centsToPesos(o.discountCents),
    status: o.status,
    estafeta: o.tracking,
    createdAt: o.createdAt.toISOString(),
    productos: o.lines.map((l) => ({
      idProducto: l.productId,
      nombre: l.productName,
      talla: l.size,
      cantidad: l.quantity,
      precio: centsToPesos(l.unitPriceCents),
    })),
  };
}

/** An order in the admin's list: the spec's order plus the customer's `nombre_usuario`. */
export function toPedidoListaRest(o: OrderDetails) {
  return { ...toPedidoRest(o), nombre_usuario: o.userName };
}
