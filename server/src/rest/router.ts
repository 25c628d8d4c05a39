import { Router } from 'express';
import { z } from 'zod';
import type { LookupKind } from '../modules/catalog/lookup.entity.js';
import { PRODUCT_SORTS } from '../modules/catalog/catalog-filter.js';
import { MAX_PAGE_SIZE } from '../modules/catalog/product.service.js';
import { MAX_USERS_PAGE_SIZE } from '../modules/accounts/account.service.js';
import { MAX_ORDERS_PAGE_SIZE } from '../modules/orders/order.service.js';
import { notFound } from '../modules/shared/errors.js';
import { toProductoRest } from './product.mapper.js';
import { fromProductoForm, productForm, productoForm, uploadedPhotos } from './product-form.js';
import { ADMIN_PRODUCTS_MAX_PAGE } from '../modules/catalog/product-admin.service.js';
import { mountRoutes, route, type RouteDef } from './route.js';
import { toCorreoRest } from './correo.mapper.js';
import { idParams, idSchema, pageQuery, queryBoolean, repeated, text } from './schemas.js';
import { toUsuarioRest } from './user.mapper.js';
import type { SizeUnits, TypeStock } from '../modules/stock/stock-dashboard.service.js';
import {
  fromDireccionRest,
  toCarritoRest,
  toDireccionRest,
  toPedidoListaRest,
  toPedidoRest,
} from './cart-address.mappers.js';

/** What a REST list answers when the client names no `limite`. */
export const DEFAULT_REST_PAGE_SIZE = 100;

/** Spec §9: the admin products page shows 10. */
const ADMIN_PRODUCTS_PAGE_SIZE = 10;

const LOOKUP_PATHS: Record<string, LookupKind> = {
  tipos: 'type',
  marcas: 'brand',
  colores: 'color',
};

const toLookupRest = (x: { id: number; name: string }) => ({ id: x.id, nombre: x.name });

/**
 * POST/PUT /api/tipos|marcas|colores: `{ nombre }`. A missing name reaches the service as ''
 * so the admin hears the service's own message ('El nombre es obligatorio').
 */
const lookupBody = z.object({ nombre: text(1000).default('') });

/** The catalogue's URL parameters, as the storefront writes them, plus paging and order. */
const productosQuery = z.object({
  marca: repeated(100),
  tipo: repeated(100),
  precio: repeated(20),
  talla: repeated(20),
  sexo: repeated(20),
  color: repeated(100),
  busqueda: text(200).optional(),
  promocion: queryBoolean.optional(),
  orden: z.enum(PRODUCT_SORTS).default('NEWEST'),
  ...pageQuery(DEFAULT_REST_PAGE_SIZE, MAX_PAGE_SIZE),
});

/** GET /api/admin/productos: the admin list's search words (name or sizes) and paging. */
const adminProductosQuery = z.object({
  busqueda: text(200).optional(),
  ...pageQuery(ADMIN_PRODUCTS_PAGE_SIZE, ADMIN_PRODUCTS_MAX_PAGE),
});

const credentials = z.object({ email: text(254), password: text(1024) });

/** POST /api/usuarios with the spec's fields. `rol`, `estado` and `idGoogle` are ignored. */
const usuarioBody = z.object({
  name: text(1000),
  email: text(1000),
  password: text(1024),
  telefono: text(100),
  passwordConfirmation: text(1024).optional(),
});

/** A JSON number or digit string for an id in a body (the spec's clients send both). */
const bodyId = z.union([z.number().int().positive().max(2_147_483_647), idSchema]);

/** POST /api/carritos: the spec's fields; `comprado` is the server's business, ignored. */
const carritoBody = z.object({
  idUsuario: bodyId,
  idProducto: bodyId,
  cantidad: z.number().int(),
  talla: text(20),
});

/** Numbers typed into an address form may arrive as JSON numbers. */
const digits = z.union([text(20), z.number().int().nonnegative()]);
const direccionBody = z.object({
  idUsuario: bodyId,
  calle: text(1000),
  numero: digits,
  colonia: text(1000),
  codigo_postal: digits,
  referencias: text(2000),
  ciudad_municipio: text(1000),
  estado: text(1000),
  nombre: text(1000),
  apellido: text(1000),
  telefono: digits,
});

/**
 * POST /api/pedidos: the spec's fields. `idProductos` (comma-separated cart-line ids) limits the
 * purchase to those lines; `total` and `status` are the server's business and ignored.
 */
const pedidoBody = z.object({
  idUsuario: bodyId,
  idDireccion: bodyId,
  idProductos: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,49}$/, 'se esperaba una lista de ids separada por comas')
    .transform((v) => v.split(',').map(Number))
    .optional(),
});

/** GET /api/pedidos (admin): the search box's words, and paging. */
const pedidosQuery = z.object({
  busqueda: text(200).optional(),
  ...pageQuery(DEFAULT_REST_PAGE_SIZE, MAX_ORDERS_PAGE_SIZE),
});

/**
 * PUT /api/pedidos/:id: the spec's client sends the whole order; only `status` and `estafeta`
 * are applied. `idUsuario`, `idDireccion`, `idProductos`, `total`… are ignored, never trusted.
 */
const pedidoUpdateBody = z.object({
  status: text(100),
  estafeta: z.union([text(1000), z.null()]).optional(),
});

/**
 * Every REST route of the facade: the spec's paths and field names over the domain services.
 * Each declares who may call it; the permission-matrix test walks this list.
 */
const toTallasRest = (sizes: SizeUnits[]) =>
  sizes.map((s) => ({ talla: s.size, cantidad: s.units }));

/** GET /api/dashboard-stock: the dashboard with Spanish field names, as the other paths. */
const toDashboardTipoRest = (t: TypeStock) => ({
  idTipo: t.typeId,
  tipo: t.typeName,
  total: t.totalUnits,
  tallas: toTallasRest(t.sizes),
  marcas: t.brands.map((b) => ({
    idMarca: b.brandId,
    marca: b.brandName,
    total: b.totalUnits,
    tallas: toTallasRest(b.sizes),
  })),
});

export const REST_ROUTES: readonly RouteDef[] = [
  route({
    method: 'get',
    path: '/version',
    access: 'public',
    handler: ({ ctx }) => ({ version: ctx.config.appVersion }),
  }),

  route({
    method: 'get',
    path: '/productos',
    access: 'public',
    query: productosQuery,
    handler: async ({ query, ctx }) => {
      const { items } = await ctx.services.products.query(
        {
          filter: {
            brands: query.marca,
            types: query.tipo,
            priceRanges: query.precio,
            sizes: query.talla,
            sexes: query.sexo,
            colors: query.color,
            search: query.busqueda,
            onPromotion: query.promocion,
          },
          sort: query.orden,
          offset: query.desde,
          limit: query.limite,
        },
        { items: true },
      );
      return items!.map(toProductoRest);
    },
  }),

  route({
    method: 'post',
    path: '/productos',
    access: 'admin',
    before: productForm(),
    body: productoForm,
    status: 201,
    handler: async ({ body, ctx, req }) =>
      toProductoRest(
        await ctx.services.productAdmin.create(fromProductoForm(body), uploadedPhotos(req)),
      ),
  }),

  route({
    method: 'get',
    path: '/admin/productos',
    access: 'admin',
    query: adminProductosQuery,
    handler: async ({ query, ctx, res }) => {
      const page = await ctx.services.productAdmin.list(query.busqueda, {
        offset: query.desde,
        limit: query.limite,
      });
      res.set('X-Total-Count', String(page.total));
      return page.items.map(toProductoRest);
    },
  }),

  route({
    method: 'get',
    path: '/productos/:id',
    access: 'public',
    params: idParams,
    handler: async ({ params, ctx }) => {
      const product = await ctx.loaders.productById.load(params.id);
      if (!product) throw notFound('Producto no encontrado');
      return toProductoRest(product);
    },
  }),

  route({
    method: 'put',
    path: '/productos/:id',
    access: 'admin',
    params: idParams,
    before: productForm(),
    body: productoForm,
    handler: async ({ params, body, ctx, req }) => {
      // The spec's client sends no `imagenes` to keep the photos; new ones replace them.
      const photos = uploadedPhotos(req);
      return toProductoRest(
        await ctx.services.productAdmin.update(
          params.id,
          fromProductoForm(body),
          photos.length > 0 ? photos : null,
          photos.length > 0 ? 'all' : [],
        ),
      );
    },
  }),

  route({
    method: 'delete',
    path: '/productos/:id',
    access: 'admin',
    params: idParams,
    status: 204,
    handler: async ({ params, ctx }) => {
      await ctx.services.productAdmin.delete(params.id);
    },
  }),

  ...Object.entries(LOOKUP_PATHS).map(([pathName, kind]) =>
    route({
      method: 'get',
      path: `/${pathName}`,
      access: 'public',
      handler: async ({ ctx }) => {
        const items = await ctx.services.lookups.list(kind);
        return items.map(toLookupRest);
      },
    }),
  ),
  ...Object.entries(LOOKUP_PATHS).flatMap(([pathName, kind]) => [
    route({
      method: 'post',
      path: `/${pathName}`,
      access: 'admin',
      body: lookupBody,
      status: 201,
      handler: async ({ body, ctx }) => {
        const { item, variants } = await ctx.services.lookups.create(kind, body.nombre);
        // A brand answers its two variants too ('{marca} Dama', '{marca} Niño').
        return kind === 'brand'
          ? { ...toLookupRest(item), variantes: variants.map(toLookupRest) }
          : toLookupRest(item);
      },
    }),
    route({
      method: 'put',
      path: `/${pathName}/:id`,
      access: 'admin',
      params: idParams,
      body: lookupBody,
      handler: async ({ params, body, ctx }) =>
        toLookupRest(await ctx.services.lookups.rename(kind, params.id, body.nombre)),
    }),
    route({
      method: 'delete',
      path: `/${pathName}/:id`,
      access: 'admin',
      params: idParams,
      status: 204,
      handler: async ({ params, ctx }) => {
        await ctx.services.lookups.delete(kind, params.id);
      },
    }),
  ]),

  route({
    method: 'post',
    path: '/auth/login',
    access: 'public',
    body: credentials,
    handler: async ({ body, ctx }) => {
      const signedIn = await ctx.services.accounts.signIn(body.email, body.password);
      ctx.startSession(signedIn);
      return toUsuarioRest(signedIn.user);
    },
  }),

  route({
    method: 'post',
    path: '/auth/olvide-contrasena',
    access: 'public',
    body: z.object({ email: text(1000) }),
    handler: async ({ body, ctx }) => ({
      mensaje: await ctx.services.passwords.requestReset(body.email),
    }),
  }),

  route({
    method: 'post',
    path: '/auth/restablecer-contrasena',
    access: 'public',
    body: z.object({
      token: text(200),
      password: text(1024),
      confirmacion: text(1024).optional(),
    }),
    handler: async ({ body, ctx }) => {
      const signedIn = await ctx.services.passwords.reset(
        body.token,
        body.password,
        body.confirmacion,
      );
      ctx.startSession(signedIn);
      return toUsuarioRest(signedIn.user);
    },
  }),

  route({
    method: 'post',
    path: '/auth/cambiar-contrasena',
    access: 'signedIn',
    body: z.object({
      actual: text(1024),
      nueva: text(1024),
      confirmacion: text(1024).optional(),
    }),
    handler: async ({ body, ctx }) => {
      const signedIn = await ctx.services.passwords.change(
        body.actual,
        body.nueva,
        body.confirmacion,
      );
      ctx.startSession(signedIn);
      return toUsuarioRest(signedIn.user);
    },
  }),

  route({
    method: 'post',
    path: '/auth/logout',
    access: 'public',
    status: 204,
    handler: async ({ ctx }) => {
      await ctx.services.accounts.signOut();
      ctx.endSession();
    },
  }),

  route({
    method: 'get',
    path: '/auth/me',
    access: 'signedIn',
    handler: ({ ctx }) => toUsuarioRest(ctx.services.accounts.me()!),
  }),

  route({
    method: 'post',
    path: '/auth/google',
    access: 'public',
    body: z.object({ credential: text(8192) }),
    handler: async ({ body, ctx }) => {
      const signedIn = await ctx.services.accounts.signInWithGoogle(body.credential);
      ctx.startSession(signedIn);
      return toUsuarioRest(signedIn.user);
    },
  }),

  route({
    method: 'get',
    path: '/usuarios',
    access: 'admin',
    query: z.object(pageQuery(DEFAULT_REST_PAGE_SIZE, MAX_USERS_PAGE_SIZE)),
    handler: async ({ query, ctx, res }) => {
      const page = await ctx.services.accounts.listUsers({
        offset: query.desde,
        limit: query.limite,
      });
      res.set('X-Total-Count', String(page.total));
      return page.items.map(toUsuarioRest);
    },
  }),

  route({
    method: 'post',
    path: '/usuarios',
    access: 'public',
    body: usuarioBody,
    status: 201,
    handler: async ({ body, ctx }) => {
      const signedIn = await ctx.services.accounts.register({
        name: body.name,
        email: body.email,
        password: body.password,
        phone: body.telefono,
        passwordConfirmation: body.passwordConfirmation,
      });
      ctx.startSession(signedIn);
      return toUsuarioRest(signedIn.user);
    },
  }),

  route({
    method: 'get',
    path: '/usuarios/:id',
    access: 'signedIn',
    params: idParams,
    handler: async ({ params, ctx }) => {
      const user = await ctx.services.accounts.getUser(params.id);
      if (!user) throw notFound('Usuario no encontrado');
      return toUsuarioRest(user);
    },
  }),
  route({
    method: 'post',
    path: '/carritos',
    access: 'signedIn',
    body: carritoBody,
    status: 201,
    handler: async ({ body, ctx }) => {
      const id = await ctx.services.cart.add(
        body.idProducto,
        body.talla,
        body.cantidad,
        body.idUsuario,
      );
      return toCarritoRest(await ctx.services.cart.line(id));
    },
  }),

  route({
    method: 'get',
    path: '/carritos/:id',
    access: 'signedIn',
    params: idParams,
    handler: async ({ params, ctx }) => toCarritoRest(await ctx.services.cart.line(params.id)),
  }),

  route({
    method: 'put',
    path: '/carritos/:id',
    access: 'signedIn',
    params: idParams,
    body: z.object({ cantidad: z.number().int() }),
    handler: async ({ params, body, ctx }) => {
      await ctx.services.cart.setQuantity(params.id, body.cantidad);
      return toCarritoRest(await ctx.services.cart.line(params.id));
    },
  }),

  route({
    method: 'delete',
    path: '/carritos/:id',
    access: 'signedIn',
    params: idParams,
    status: 204,
    handler: ({ params, ctx }) => ctx.services.cart.remove(params.id),
  }),

  route({
    method: 'get',
    path: '/carritos/usuario/:id',
    access: 'signedIn',
    params: idParams,
    handler: async ({ params, ctx }) =>
      (await ctx.services.cart.linesOfUser(params.id)).map(toCarritoRest),
  }),

  route({
    method: 'post',
    path: '/direcciones',
    access: 'signedIn',
    body: direccionBody,
    status: 201,
    handler: async ({ body, ctx }) =>
      toDireccionRest(await ctx.services.addresses.add(fromDireccionRest(body), body.idUsuario)),
  }),

  route({
    method: 'get',
    path: '/direcciones/usuario/:id',
    access: 'signedIn',
    params: idParams,
    handler: async ({ params, ctx }) =>
      (await ctx.services.addresses.list(params.id)).map(toDireccionRest),
  }),

  route({
    method: 'get',
    path: '/direcciones/:id',
    access: 'signedIn',
    params: idParams,
    handler: async ({ params, ctx }) =>
      toDireccionRest(await ctx.services.addresses.get(params.id)),
  }),

  route({
    method: 'delete',
    path: '/direcciones/:id',
    access: 'signedIn',
    params: idParams,
    status: 204,
    handler: ({ params, ctx }) => ctx.services.addresses.delete(params.id),
  }),
  route({
    method: 'post',
    path: '/pedidos',
    access: 'signedIn',
    body: pedidoBody,
    status: 201,
    handler: async ({ body, ctx, req }) =>
      toPedidoRest(
        await ctx.services.orders.checkout({
          userId: body.idUsuario,
          addressId: body.idDireccion,
          cartLineIds: body.idProductos,
          idempotencyKey: req.get('idempotency-key') ?? null,
        }),
      ),
  }),

  route({
    method: 'get',
    path: '/pedidos',
    access: 'admin',
    query: pedidosQuery,
    handler: async ({ query, ctx, res }) => {
      const page = await ctx.services.orders.search(query.busqueda, {
        offset: query.desde,
        limit: query.limite,
      });
      res.set('X-Total-Count', String(page.total));
      return (await ctx.services.orders.details(page.items)).map(toPedidoListaRest);
    },
  }),

  route({
    method: 'put',
    path: '/pedidos/:id',
    access: 'admin',
    params: idParams,
    body: pedidoUpdateBody,
    handler: async ({ params, body, ctx }) =>
      toPedidoRest(
        await ctx.services.orders.updateOrder(params.id, {
          status: body.status,
          tracking: body.estafeta,
        }),
      ),
  }),

  route({
    method: 'get',
    path: '/pedidos/:id/correos',
    access: 'admin',
    params: idParams,
    handler: async ({ params, ctx }) =>
      (await ctx.services.orderEmails.ofOrder(params.id)).map(toCorreoRest),
  }),

  route({
    method: 'post',
    path: '/correos/:id/reenviar',
    access: 'admin',
    params: idParams,
    handler: async ({ params, ctx }) =>
      toCorreoRest(await ctx.services.orderEmails.resend(params.id)),
  }),

  route({
    method: 'get',
    path: '/pedidos/usuario/:id',
    access: 'signedIn',
    params: idParams,
    handler: async ({ params, ctx }) =>
      (await ctx.services.orders.list(params.id)).map(toPedidoRest),
  }),

  route({
    method: 'get',
    path: '/pedidos/:id',
    access: 'signedIn',
    params: idParams,
    handler: async ({ params, ctx }) => toPedidoRest(await ctx.services.orders.get(params.id)),
  }),
  route({
    method: 'get',
    path: '/dashboard-stock',
    access: 'admin',
    handler: async ({ ctx }) => (await ctx.services.stock.dashboard()).map(toDashboardTipoRest),
  }),

  route({
    method: 'post',
    path: '/mercadopago/crear-preferencia',
    access: 'signedIn',
    // The spec's client sends items with prices: ignored, the order decides the amount.
    body: z.object({ idPedido: bodyId }),
    handler: async ({ body, ctx }) => {
      const checkout = await ctx.services.payments.createPreference(body.idPedido, ctx.shopUrl);
      return { id: checkout.id, init_point: checkout.initPoint };
    },
  }),

  route({
    method: 'post',
    path: '/mercadopago/webhook',
    // Mercado Pago's servers call it: its signature, checked by the service, is the credential.
    access: 'public',
    query: z.object({ 'data.id': text(100).optional(), type: text(50).optional() }),
    handler: async ({ query, req, ctx }) => {
      const body = req.body as { type?: unknown } | undefined;
      const outcome = await ctx.services.payments.handleWebhook({
        dataId: query['data.id'],
        type: query.type ?? (typeof body?.type === 'string' ? body.type : undefined),
        xSignature: req.get('x-signature'),
        xRequestId: req.get('x-request-id'),
      });
      return { ok: true, outcome };
    },
  }),
];

/** The REST facade: the spec's paths and field names over the same domain services. */
export function restRouter(): Router {
  const router = Router();
  mountRoutes(router, REST_ROUTES);

  return router;
}
