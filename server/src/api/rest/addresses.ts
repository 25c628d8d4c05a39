import { z } from 'zod';
import type { AddressValues } from '@tienda/rules';
import type { AddressView } from '../../modules/addresses/address.service.js';
import { noContent, route, type RouteDef } from './route.js';
import { bodyId, idParams, text } from './schemas.js';

/** An address with the spec's field names (§3 Address). */
const direccionSchema = z
  .object({
    id: z.number().int(),
    calle: z.string(),
    numero: z.string().meta({ description: "Digits; empty when sinNumero ('S/N')." }),
    numeroInterior: z
      .string()
      .nullable()
      .meta({ description: "Interior number ('Depto. 4', 'Int. B'); null when there is none." }),
    sinNumero: z.boolean().meta({ description: "'Sin número': no exterior number." }),
    colonia: z.string(),
    codigo_postal: z.string(),
    referencias: z.string(),
    ciudad_municipio: z.string(),
    estado: z.string(),
    nombre: z.string(),
    apellido: z.string(),
    telefono: z.string(),
    idUsuario: z.number().int(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Direccion' });

export function toDireccionRest(a: AddressView): z.input<typeof direccionSchema> {
  return {
    id: a.id,
    calle: a.street,
    numero: a.number,
    numeroInterior: a.interiorNumber === '' ? null : a.interiorNumber,
    sinNumero: a.withoutNumber,
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
  numero?: string | number | null | undefined;
  numeroInterior?: string | null | undefined;
  sinNumero?: boolean | null | undefined;
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
    number: body.numero === undefined || body.numero === null ? '' : String(body.numero),
    interiorNumber: body.numeroInterior ?? '',
    withoutNumber: body.sinNumero ?? false,
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

/** Numbers typed into an address form may arrive as JSON numbers. */
const digits = z.union([text(20), z.number().int().nonnegative()]);
const direccionBody = z.object({
  idUsuario: bodyId,
  calle: text(1000),
  /** Optional only with sinNumero: true (the rules say 'El campo número es obligatorio'). */
  numero: digits.nullish(),
  numeroInterior: text(1000).nullish(),
  sinNumero: z.boolean().nullish(),
  colonia: text(1000),
  codigo_postal: digits,
  referencias: text(2000),
  ciudad_municipio: text(1000),
  estado: text(1000),
  nombre: text(1000),
  apellido: text(1000),
  telefono: digits,
});

/** Delivery addresses: /api/direcciones, a user's /api/direcciones/usuario/:id. */
export const ADDRESS_ROUTES: readonly RouteDef[] = [
  route({
    method: 'post',
    path: '/direcciones',
    access: 'signedIn',
    tag: 'Direcciones',
    summary: 'Add a delivery address (one’s own; an admin, anyone’s)',
    response: direccionSchema,
    body: direccionBody,
    status: 201,
    handler: async ({ body, ctx }) =>
      toDireccionRest(await ctx.services.addresses.add(fromDireccionRest(body), body.idUsuario)),
  }),

  route({
    method: 'get',
    path: '/direcciones/usuario/:id',
    access: 'signedIn',
    tag: 'Direcciones',
    summary: "A user's addresses",
    response: z.array(direccionSchema),
    params: idParams,
    handler: async ({ params, ctx }) =>
      (await ctx.services.addresses.list(params.id)).map(toDireccionRest),
  }),

  route({
    method: 'get',
    path: '/direcciones/:id',
    access: 'signedIn',
    tag: 'Direcciones',
    summary: 'One address',
    response: direccionSchema,
    params: idParams,
    handler: async ({ params, ctx }) =>
      toDireccionRest(await ctx.services.addresses.get(params.id)),
  }),

  route({
    method: 'delete',
    path: '/direcciones/:id',
    access: 'signedIn',
    tag: 'Direcciones',
    summary: 'Delete an address',
    response: noContent,
    params: idParams,
    status: 204,
    handler: ({ params, ctx }) => ctx.services.addresses.delete(params.id),
  }),
];
