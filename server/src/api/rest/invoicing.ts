import { z } from 'zod';
import type { FiscalDataView } from '../../modules/invoicing/fiscal-data.service.js';
import { notFound } from '../../modules/shared/errors.js';
import { route, type RouteDef } from './route.js';
import { idParams, text } from './schemas.js';

/** A customer's fiscal data with the Spanish field names. */
const datosFiscalesSchema = z
  .object({
    idUsuario: z.number().int(),
    rfc: z
      .string()
      .meta({ description: '12 characters (persona moral) or 13 (física), uppercase' }),
    razonSocial: z
      .string()
      .meta({ description: 'Name or company name, uppercase, without the regime suffix' }),
    regimenFiscal: z.string().meta({ description: 'c_RegimenFiscal code' }),
    usoCfdi: z.string().meta({ description: 'c_UsoCFDI code valid for the régimen' }),
    codigoPostal: z.string().meta({ description: 'Fiscal postal code, 5 digits' }),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'DatosFiscales' });

export function toDatosFiscalesRest(f: FiscalDataView): z.input<typeof datosFiscalesSchema> {
  return {
    idUsuario: f.userId,
    rfc: f.rfc,
    razonSocial: f.legalName,
    regimenFiscal: f.taxRegime,
    usoCfdi: f.cfdiUse,
    codigoPostal: f.postalCode,
    updatedAt: f.updatedAt.toISOString(),
  };
}

/** Codes and postal codes typed into a form may arrive as JSON numbers. */
const code = z.union([text(20), z.number().int().nonnegative()]).transform(String);
const datosFiscalesBody = z.object({
  rfc: text(100),
  razonSocial: text(1000),
  regimenFiscal: code,
  usoCfdi: text(20),
  codigoPostal: code,
});

export const FISCAL_DATA_NOT_FOUND = 'Aún no hay datos fiscales guardados';

/** Fiscal data (CFDI's receiver): /api/usuarios/:id/datos-fiscales. */
export const INVOICING_ROUTES: readonly RouteDef[] = [
  route({
    method: 'get',
    path: '/usuarios/:id/datos-fiscales',
    access: 'signedIn',
    tag: 'Facturación',
    summary: 'A user’s fiscal data (one’s own; an admin, anyone’s)',
    response: datosFiscalesSchema,
    params: idParams,
    handler: async ({ params, ctx }) => {
      const data = await ctx.services.fiscalData.get(params.id);
      if (!data) throw notFound(FISCAL_DATA_NOT_FOUND, 'NO_FISCAL_DATA');
      return toDatosFiscalesRest(data);
    },
  }),

  route({
    method: 'put',
    path: '/usuarios/:id/datos-fiscales',
    access: 'signedIn',
    tag: 'Facturación',
    summary: 'Save a user’s fiscal data (one’s own; an admin, anyone’s)',
    response: datosFiscalesSchema,
    params: idParams,
    body: datosFiscalesBody,
    handler: async ({ params, body, ctx }) =>
      toDatosFiscalesRest(
        await ctx.services.fiscalData.save(
          {
            rfc: body.rfc,
            legalName: body.razonSocial,
            taxRegime: body.regimenFiscal,
            cfdiUse: body.usoCfdi,
            postalCode: body.codigoPostal,
          },
          params.id,
        ),
      ),
  }),
];
