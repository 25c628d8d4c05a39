import { z } from 'zod';
import type { ShopSettingsInput } from '../../modules/settings/settings.service.js';
import type { ShopSettingsValues } from '../../modules/settings/shop-settings.js';
import { route, type RouteDef } from './route.js';
import { text } from './schemas.js';

/** The REST facade's Spanish name of each setting (README, 'GET/PUT /api/ajustes'). */
export const AJUSTES_FIELDS = {
  nombre: 'name',
  razonSocial: 'legalName',
  direccion: 'address',
  telefono: 'phone',
  email: 'email',
  banco: 'bank',
  titular: 'holder',
  cuenta: 'account',
  clabe: 'clabe',
  tarjeta: 'card',
  telefonoComprobante: 'proofPhone',
  urlWhatsapp: 'whatsappUrl',
  urlFacebook: 'facebookUrl',
  urlConfiables: 'trustUrl',
  paqueteria: 'carrier',
  urlRastreo: 'trackingUrl',
  periodicidadFacturaGlobal: 'globalInvoicePeriodicity',
} as const satisfies Record<string, Exclude<keyof ShopSettingsValues, 'ordersEmails'>>;

type AjustesTextField = keyof typeof AJUSTES_FIELDS;

/** The settings with the facade's Spanish field names (each text as the admin wrote it). */
const ajustesSchema = z
  .object({
    ...(Object.fromEntries(
      Object.keys(AJUSTES_FIELDS).map((field) => [field, z.string()]),
    ) as Record<AjustesTextField, z.ZodString>),
    correosPedidos: z
      .array(z.string())
      .meta({ description: 'Who hears of new orders; empty: every active admin' }),
  })
  .meta({ id: 'Ajustes' });

/** The settings with the facade's Spanish field names. */
export function toAjustesRest(settings: ShopSettingsValues): z.input<typeof ajustesSchema> {
  const out = Object.fromEntries(
    Object.entries(AJUSTES_FIELDS).map(([spanish, english]) => [spanish, settings[english]]),
  ) as Record<AjustesTextField, string>;
  return { ...out, correosPedidos: [...settings.ordersEmails] };
}

/**
 * PUT /api/ajustes: the whole settings, every field present (a PUT replaces them all). Texts are
 * bounded here only against abuse; the rules of @tienda/rules say what a field may hold, with
 * their Spanish messages (a missing field is refused by zod, naming it).
 */
const ajustesBody = z.strictObject({
  ...(Object.fromEntries(Object.keys(AJUSTES_FIELDS).map((field) => [field, text(1000)])) as Record<
    AjustesTextField,
    ReturnType<typeof text>
  >),
  // Added with the global invoice (issue 25): absent, the shop's stays.
  periodicidadFacturaGlobal: text(1000)
    .optional()
    .meta({ description: "The global invoice's periodicity: 'day', 'week' or 'month'" }),
  correosPedidos: z.array(text(1000)).max(100, 'no puede tener más de 100 correos'),
});

/** GET and PUT /api/ajustes (admin): the shop's settings, Ajustes of the back office. */
export const SETTINGS_ROUTES: readonly RouteDef[] = [
  route({
    method: 'get',
    path: '/ajustes',
    access: 'admin',
    tag: 'Ajustes',
    summary: "The shop's settings (admin)",
    response: ajustesSchema,
    handler: ({ ctx }) => toAjustesRest(ctx.services.settings.adminSettings()),
  }),
  route({
    method: 'put',
    path: '/ajustes',
    access: 'admin',
    tag: 'Ajustes',
    summary: "Replace the shop's settings, every field given (admin)",
    response: ajustesSchema,
    body: ajustesBody,
    handler: async ({ body, ctx }) => {
      const values = Object.fromEntries(
        Object.entries(AJUSTES_FIELDS).map(([spanish, english]) => [
          english,
          body[spanish as AjustesTextField],
        ]),
      ) as Omit<ShopSettingsInput, 'ordersEmails'>;
      return toAjustesRest(
        await ctx.services.settings.update({ ...values, ordersEmails: body.correosPedidos }),
      );
    },
  }),
];
