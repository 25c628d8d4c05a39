import { ROLES, ids, nextNumber, uniqueEmail } from './permission-matrix.js';
import { customerLine, customerAddress, customerOrder } from './permission-matrix.js';
import { orderEmail, orderWithEmail, lookupItem, spareProduct } from './permission-matrix.js';
import { customerCartAndAddress, PUBLIC } from './permission-matrix.js';
import { SIGNED_IN, ADMIN, OWNER, GOOGLE_REFUSED, type Who } from './permission-matrix.js';
import { type Outcome, adminWithoutSecondFactor } from './permission-matrix.js';
import { spareCoupon, uniqueCouponCode } from './permission-matrix.js';
import { soldOutSize, spareSynonym } from './permission-matrix.js';
import {
  customerCreditNote,
  customerFiscalData,
  customerInvoicedOrder,
} from './permission-matrix.js';
import { customerReturn, deliveredCustomerOrder, globalInvoice } from './permission-matrix.js';
import { customerPendingRefund } from './permission-matrix.js';

/**
 * Every REST route (`METHOD /path`, as in REST_ROUTES) with a request it takes and the status
 * each role gets: the permission matrix (permissions-rest.test.ts) sends each as every role, and
 * the OpenAPI test (openapi.test.ts) checks the answers against the document. A route added
 * without a row here makes both fail.
 */
export interface RestCase {
  path: () => string | Promise<string>;
  body?: () => unknown;
  /** Expected HTTP status per role. */
  expected: Record<Who, number>;
}

export const status = (ok: number, table: Record<Who, Outcome>): Record<Who, number> =>
  Object.fromEntries(
    ROLES.map((who) => {
      const o = table[who];
      return [who, o === 'ok' ? ok : o === 'UNAUTHENTICATED' ? 401 : o === 'FORBIDDEN' ? 403 : 401];
    }),
  ) as Record<Who, number>;

/** The shop's settings as an empty shop has them (config.ts's defaults), for PUT /ajustes. */
const AJUSTES = {
  nombre: 'Tienda',
  razonSocial: '',
  direccion: '',
  telefono: '',
  email: '',
  banco: 'BBVA México',
  titular: 'Tienda Demo S.A. de C.V.',
  cuenta: '0123456789',
  clabe: '012180001234567899',
  tarjeta: '4152 3138 0000 0000',
  telefonoComprobante: '5512345678',
  urlWhatsapp: 'https://wa.me/525512345678',
  urlFacebook: 'https://www.facebook.com/tienda.demo',
  urlConfiables: 'https://www.facebook.com/tienda.demo/reviews',
  paqueteria: 'Estafeta',
  urlRastreo: 'https://www.estafeta.com/rastreo?guia={guia}',
  correosPedidos: [],
};

export const REST_CASES: Record<string, RestCase> = {
  'GET /version': { path: () => '/api/version', expected: status(200, PUBLIC) },
  'GET /openapi.json': { path: () => '/api/openapi.json', expected: status(200, PUBLIC) },
  'GET /productos': { path: () => '/api/productos', expected: status(200, PUBLIC) },
  'GET /productos/:id': { path: () => '/api/productos/1', expected: status(200, PUBLIC) },
  'GET /productos/sugerencias': {
    path: () => '/api/productos/sugerencias?busqueda=play',
    expected: status(200, PUBLIC),
  },
  'POST /productos': {
    path: () => '/api/productos',
    // A JSON body carries no photos: the admin hears the rule (multipart in admin-products-rest.test).
    body: () => ({ nombre: `Playera Matriz ${nextNumber()}`, precio: 100 }),
    expected: status(400, ADMIN),
  },
  'PUT /productos/:id': {
    path: () => '/api/productos/1',
    body: () => ({
      nombre: 'Playera Nike 1 Negro',
      descripcion: 'Descripción',
      precio: 200,
      tallas: 'S,M,L,XL',
      cantidad: '1,1,1,1',
      especial: true,
    }),
    expected: status(200, ADMIN),
  },
  'DELETE /productos/:id': {
    path: async () => `/api/productos/${await spareProduct()}`,
    expected: status(204, ADMIN),
  },
  'GET /admin/productos': {
    path: () => '/api/admin/productos?busqueda=nike',
    expected: status(200, ADMIN),
  },
  'GET /admin/productos.csv': {
    path: () => '/api/admin/productos.csv?busqueda=nike',
    expected: status(200, ADMIN),
  },
  'POST /admin/productos/importar': {
    path: () => '/api/admin/productos/importar',
    // A JSON body carries no file: the admin hears so (multipart in products-csv.test).
    body: () => ({ simular: '1' }),
    expected: status(400, ADMIN),
  },
  'GET /admin/productos/importaciones': {
    path: () => '/api/admin/productos/importaciones',
    expected: status(200, ADMIN),
  },
  'GET /admin/productos/importaciones/:id': {
    // No import exists in the matrix's shop: the admin gets 404, the others their refusal.
    path: () => '/api/admin/productos/importaciones/1',
    expected: { anonymous: 401, customer: 403, otherCustomer: 403, admin: 404 },
  },
  'GET /tipos': { path: () => '/api/tipos', expected: status(200, PUBLIC) },
  'GET /marcas': { path: () => '/api/marcas', expected: status(200, PUBLIC) },
  'GET /colores': { path: () => '/api/colores', expected: status(200, PUBLIC) },
  'POST /tipos': {
    path: () => '/api/tipos',
    body: () => ({ nombre: `Nuevo ${nextNumber()}` }),
    expected: status(201, ADMIN),
  },
  'PUT /tipos/:id': {
    path: async () => `/api/tipos/${await lookupItem('product_type')}`,
    body: () => ({ nombre: `Renombrado ${nextNumber()}` }),
    expected: status(200, ADMIN),
  },
  'DELETE /tipos/:id': {
    path: async () => `/api/tipos/${await lookupItem('product_type')}`,
    expected: status(204, ADMIN),
  },
  'POST /marcas': {
    path: () => '/api/marcas',
    body: () => ({ nombre: `Nuevo ${nextNumber()}` }),
    expected: status(201, ADMIN),
  },
  'PUT /marcas/:id': {
    path: async () => `/api/marcas/${await lookupItem('brand')}`,
    body: () => ({ nombre: `Renombrado ${nextNumber()}` }),
    expected: status(200, ADMIN),
  },
  'DELETE /marcas/:id': {
    path: async () => `/api/marcas/${await lookupItem('brand')}`,
    expected: status(204, ADMIN),
  },
  'POST /colores': {
    path: () => '/api/colores',
    body: () => ({ nombre: `Nuevo ${nextNumber()}` }),
    expected: status(201, ADMIN),
  },
  'PUT /colores/:id': {
    path: async () => `/api/colores/${await lookupItem('color')}`,
    body: () => ({ nombre: `Renombrado ${nextNumber()}` }),
    expected: status(200, ADMIN),
  },
  'DELETE /colores/:id': {
    path: async () => `/api/colores/${await lookupItem('color')}`,
    expected: status(204, ADMIN),
  },
  'GET /admin/busquedas-sin-resultados': {
    path: () => '/api/admin/busquedas-sin-resultados',
    expected: status(200, ADMIN),
  },
  'GET /sinonimos': { path: () => '/api/sinonimos', expected: status(200, ADMIN) },
  'POST /sinonimos': {
    path: () => '/api/sinonimos',
    body: () => ({ grupo: `alfa${nextNumber()} = beta${nextNumber()}` }),
    expected: status(201, ADMIN),
  },
  'PUT /sinonimos/:id': {
    path: async () => `/api/sinonimos/${await spareSynonym()}`,
    body: () => ({ grupo: `gama${nextNumber()} = delta${nextNumber()}` }),
    expected: status(200, ADMIN),
  },
  'DELETE /sinonimos/:id': {
    path: async () => `/api/sinonimos/${await spareSynonym()}`,
    expected: status(204, ADMIN),
  },
  'POST /auth/login': {
    path: () => '/api/auth/login',
    body: () => ({ email: 'entrar@example.com', password: 'Entrar123' }),
    expected: status(200, PUBLIC),
  },
  'POST /auth/logout': { path: () => '/api/auth/logout', expected: status(204, PUBLIC) },
  'GET /auth/me': { path: () => '/api/auth/me', expected: status(200, SIGNED_IN) },
  'POST /auth/olvide-contrasena': {
    path: () => '/api/auth/olvide-contrasena',
    body: () => ({ email: 'entrar@example.com' }),
    expected: status(200, PUBLIC),
  },
  'POST /auth/restablecer-contrasena': {
    path: () => '/api/auth/restablecer-contrasena',
    body: () => ({ token: 'no-es-un-token-valido-de-nada', password: 'Nueva1234' }),
    expected: { anonymous: 400, customer: 400, otherCustomer: 400, admin: 400 },
  },
  'POST /auth/cambiar-contrasena': {
    path: () => '/api/auth/cambiar-contrasena',
    body: () => ({ actual: 'Incorrecta1', nueva: 'Nueva1234' }),
    expected: { anonymous: 401, customer: 400, otherCustomer: 400, admin: 400 },
  },
  'POST /auth/google': {
    path: () => '/api/auth/google',
    body: () => ({ credential: 'no-es-un-token' }),
    expected: status(200, GOOGLE_REFUSED),
  },
  'POST /auth/2fa': { path: () => '/api/auth/2fa', expected: status(200, ADMIN) },
  'POST /auth/2fa/confirmar': {
    path: async () => {
      await adminWithoutSecondFactor();
      return '/api/auth/2fa/confirmar';
    },
    body: () => ({ codigo: '123456' }),
    // Customers: 403 (admins only); the admin, with no enrolment started: 400.
    expected: { anonymous: 401, customer: 403, otherCustomer: 403, admin: 400 },
  },
  'POST /auth/2fa/desactivar': {
    path: () => '/api/auth/2fa/desactivar',
    body: () => ({ codigo: '123456' }),
    // Signed in without two-factor sign-in on: 400 'no está activada'.
    expected: { anonymous: 401, customer: 400, otherCustomer: 400, admin: 400 },
  },
  'GET /usuarios': { path: () => '/api/usuarios', expected: status(200, ADMIN) },
  'POST /usuarios': {
    path: () => '/api/usuarios',
    body: () => ({
      name: 'Nuevo',
      email: uniqueEmail(),
      password: 'Nuevo1234',
      telefono: '5512345678',
      rol: 'admin',
    }),
    expected: status(201, PUBLIC),
  },
  'GET /usuarios/:id': {
    path: () => `/api/usuarios/${ids.customer}`,
    expected: status(200, OWNER),
  },
  'GET /usuarios/:id/datos-fiscales': {
    path: async () => `/api/usuarios/${await customerFiscalData()}/datos-fiscales`,
    expected: status(200, OWNER),
  },
  // An order already invoiced: its invoice is answered again, so the matrix's shop needs no PAC
  // (the stamping itself: invoices.test.ts, against the local Facturapi).
  'POST /pedidos/:id/factura': {
    path: async () => `/api/pedidos/${await customerInvoicedOrder()}/factura`,
    expected: status(200, OWNER),
  },
  'GET /pedidos/:id/factura': {
    path: async () => `/api/pedidos/${await customerInvoicedOrder()}/factura`,
    expected: status(200, OWNER),
  },
  'GET /pedidos/:id/factura/pdf': {
    path: async () => `/api/pedidos/${await customerInvoicedOrder()}/factura/pdf`,
    expected: status(200, OWNER),
  },
  'GET /pedidos/:id/factura/xml': {
    path: async () => `/api/pedidos/${await customerInvoicedOrder()}/factura/xml`,
    expected: status(200, OWNER),
  },
  // The matrix's shop has no PAC: the owner reaches the service, which says invoicing is off.
  'POST /pedidos/:id/factura/sustitucion': {
    path: async () => `/api/pedidos/${await customerInvoicedOrder()}/factura/sustitucion`,
    expected: status(409, OWNER),
  },
  'GET /pedidos/:id/facturas': {
    path: async () => `/api/pedidos/${await customerInvoicedOrder()}/facturas`,
    expected: status(200, OWNER),
  },
  'GET /facturas/:id/pdf': {
    path: async () => `/api/facturas/${await customerCreditNote()}/pdf`,
    expected: status(200, OWNER),
  },
  'GET /facturas/:id/xml': {
    path: async () => `/api/facturas/${await customerCreditNote()}/xml`,
    expected: status(200, OWNER),
  },
  // The matrix's shop has no PAC: a closed range reaches the service, which says invoicing is off.
  'POST /facturas/global': {
    path: () => '/api/facturas/global',
    body: () => ({ desde: '2020-02-01', hasta: '2020-02-29' }),
    expected: status(409, ADMIN),
  },
  'GET /pedidos/:id/reembolso': {
    path: async () => `/api/pedidos/${await customerPendingRefund()}/reembolso`,
    expected: status(200, OWNER),
  },
  'PUT /pedidos/:id/reembolso': {
    path: async () => `/api/pedidos/${await customerPendingRefund()}/reembolso`,
    body: () => ({ clabe: '012180001234567899' }),
    expected: status(200, ADMIN),
  },
  'GET /facturas/global': { path: () => '/api/facturas/global', expected: status(200, ADMIN) },
  'GET /facturas/global/:id/pdf': {
    path: async () => `/api/facturas/global/${await globalInvoice()}/pdf`,
    expected: status(200, ADMIN),
  },
  'GET /facturas/global/:id/xml': {
    path: async () => `/api/facturas/global/${await globalInvoice()}/xml`,
    expected: status(200, ADMIN),
  },
  'PUT /tipos/:id/claves-sat': {
    path: async () => `/api/tipos/${await lookupItem('product_type')}/claves-sat`,
    body: () => ({ claveProducto: '53101600', claveUnidad: 'H87' }),
    expected: status(200, ADMIN),
  },
  'PUT /usuarios/:id/datos-fiscales': {
    path: () => `/api/usuarios/${ids.customer}/datos-fiscales`,
    body: () => ({
      rfc: 'EKU9003173C9',
      razonSocial: 'Escuela Kemper Urgate',
      regimenFiscal: '601',
      usoCfdi: 'G03',
      codigoPostal: '42501',
    }),
    expected: status(200, OWNER),
  },

  'POST /carritos': {
    path: () => '/api/carritos',
    body: () => ({ idUsuario: ids.customer, idProducto: 1, cantidad: 1, talla: 'S' }),
    expected: status(201, OWNER),
  },
  'GET /carritos/:id': {
    path: async () => `/api/carritos/${await customerLine()}`,
    expected: status(200, OWNER),
  },
  'PUT /carritos/:id': {
    path: async () => `/api/carritos/${await customerLine()}`,
    body: () => ({ cantidad: 1 }),
    expected: status(200, OWNER),
  },
  'DELETE /carritos/:id': {
    path: async () => `/api/carritos/${await customerLine()}`,
    expected: status(204, OWNER),
  },
  'GET /carritos/usuario/:id': {
    path: () => `/api/carritos/usuario/${ids.customer}`,
    expected: status(200, OWNER),
  },
  'POST /direcciones': {
    path: () => '/api/direcciones',
    body: () => ({
      idUsuario: ids.customer,
      calle: 'Reforma',
      numero: '10',
      colonia: 'Centro',
      codigo_postal: '06000',
      referencias: 'Portón',
      ciudad_municipio: 'CDMX',
      estado: 'CDMX',
      nombre: 'Ana',
      apellido: 'López',
      telefono: '5512345678',
    }),
    expected: status(201, OWNER),
  },
  'GET /direcciones/usuario/:id': {
    path: () => `/api/direcciones/usuario/${ids.customer}`,
    expected: status(200, OWNER),
  },
  'GET /direcciones/:id': {
    path: async () => `/api/direcciones/${await customerAddress()}`,
    expected: status(200, OWNER),
  },
  'DELETE /direcciones/:id': {
    path: async () => `/api/direcciones/${await customerAddress()}`,
    expected: status(204, OWNER),
  },

  'POST /pedidos': {
    path: () => '/api/pedidos',
    body: async () => ({
      idUsuario: ids.customer,
      idDireccion: await customerCartAndAddress(),
      total: 1,
    }),
    expected: status(201, OWNER),
  },
  'GET /pedidos': { path: () => '/api/pedidos?busqueda=espera', expected: status(200, ADMIN) },
  'GET /cupones': { path: () => '/api/cupones?busqueda=matriz', expected: status(200, ADMIN) },
  'POST /cupones': {
    path: () => '/api/cupones',
    body: () => ({ codigo: uniqueCouponCode('NUEVO'), tipo: 'monto', valor: 50 }),
    expected: status(201, ADMIN),
  },
  'PUT /cupones/:id': {
    path: async () => `/api/cupones/${await spareCoupon()}`,
    body: () => ({ codigo: uniqueCouponCode('EDITADO'), tipo: 'porcentaje', valor: 15, usos: 99 }),
    expected: status(200, ADMIN),
  },
  'DELETE /cupones/:id': {
    path: async () => `/api/cupones/${await spareCoupon()}`,
    expected: status(200, ADMIN),
  },
  'GET /dashboard-stock': { path: () => '/api/dashboard-stock', expected: status(200, ADMIN) },
  'POST /productos/:id/avisos': {
    path: async () => {
      await soldOutSize();
      return '/api/productos/1/avisos';
    },
    body: () => ({ talla: 'XL', email: uniqueEmail() }),
    expected: status(200, PUBLIC),
  },
  'POST /avisos/confirmar': {
    path: () => '/api/avisos/confirmar',
    body: () => ({ token: 'no-es-un-token-valido-de-nada' }),
    expected: { anonymous: 400, customer: 400, otherCustomer: 400, admin: 400 },
  },
  'GET /avisos': { path: () => '/api/avisos', expected: status(200, ADMIN) },
  'GET /admin/actividad': {
    path: () => '/api/admin/actividad?limite=5&desde=2026-01-01T00:00:00Z',
    expected: status(200, ADMIN),
  },
  'GET /admin/resumen': {
    path: () => '/api/admin/resumen?desde=2026-11-01&hasta=2026-11-30&umbral=3',
    expected: status(200, ADMIN),
  },
  'GET /ajustes': { path: () => '/api/ajustes', expected: status(200, ADMIN) },
  'PUT /ajustes': {
    path: () => '/api/ajustes',
    body: () => AJUSTES,
    expected: status(200, ADMIN),
  },
  'GET /textos-legales/aviso-de-privacidad': {
    path: () => '/api/textos-legales/aviso-de-privacidad',
    expected: status(200, PUBLIC),
  },
  'GET /textos-legales/terminos-y-condiciones': {
    path: () => '/api/textos-legales/terminos-y-condiciones',
    expected: status(200, PUBLIC),
  },
  'GET /textos-legales/devoluciones-y-cambios': {
    path: () => '/api/textos-legales/devoluciones-y-cambios',
    expected: status(200, PUBLIC),
  },
  'PUT /textos-legales/aviso-de-privacidad': {
    path: () => '/api/textos-legales/aviso-de-privacidad',
    body: () => ({ texto: '' }),
    expected: status(200, ADMIN),
  },
  'PUT /textos-legales/terminos-y-condiciones': {
    path: () => '/api/textos-legales/terminos-y-condiciones',
    body: () => ({ texto: 'Términos de {razonSocial}' }),
    expected: status(200, ADMIN),
  },
  'PUT /textos-legales/devoluciones-y-cambios': {
    path: () => '/api/textos-legales/devoluciones-y-cambios',
    body: () => ({ texto: '' }),
    expected: status(200, ADMIN),
  },
  'PUT /pedidos/:id': {
    path: async () => `/api/pedidos/${await customerOrder()}`,
    body: () => ({ idUsuario: ids.customer, total: 1, status: 'Pagado', estafeta: 'GUIA2' }),
    expected: status(200, ADMIN),
  },
  'GET /pedidos/:id/correos': {
    path: async () => `/api/pedidos/${(await orderWithEmail()).orderId}/correos`,
    expected: status(200, ADMIN),
  },
  'POST /correos/:id/reenviar': {
    path: async () => `/api/correos/${await orderEmail()}/reenviar`,
    expected: status(200, ADMIN),
  },
  'GET /pedidos/usuario/:id': {
    path: () => `/api/pedidos/usuario/${ids.customer}`,
    expected: status(200, OWNER),
  },
  'GET /pedidos/:id': {
    path: async () => `/api/pedidos/${await customerOrder()}`,
    expected: status(200, OWNER),
  },
  'POST /pedidos/:id/devoluciones': {
    path: async () => `/api/pedidos/${await deliveredCustomerOrder()}/devoluciones`,
    body: () => ({
      lineas: [{ idProducto: 1, talla: 'M', cantidad: 1, motivo: 'Me quedó chica' }],
    }),
    expected: status(201, OWNER),
  },
  'GET /devoluciones': { path: () => '/api/devoluciones', expected: status(200, ADMIN) },
  'PUT /devoluciones/:id': {
    path: async () => `/api/devoluciones/${await customerReturn()}`,
    body: () => ({ estado: 'recibida' }),
    expected: status(200, ADMIN),
  },

  'POST /mercadopago/crear-preferencia': {
    path: () => '/api/mercadopago/crear-preferencia',
    body: async () => ({ idPedido: await customerOrder() }),
    expected: { anonymous: 401, customer: 400, otherCustomer: 403, admin: 400 },
  },
  'POST /mercadopago/webhook': {
    path: () => '/api/mercadopago/webhook?data.id=123&type=payment',
    // Its credential is Mercado Pago's signature, for everyone alike (none is valid here).
    expected: { anonymous: 401, customer: 401, otherCustomer: 401, admin: 401 },
  },
};
