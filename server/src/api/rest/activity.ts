import { z } from 'zod';
import type { AuditEntryView } from '../../modules/audit/audit.service.js';
import { MAX_AUDIT_PAGE_SIZE } from '../../modules/audit/audit.service.js';
import { route, type RouteDef } from './route.js';

/** A field's value as an entry keeps it: any JSON. */
const fields = z
  .record(z.string(), z.unknown())
  .meta({ description: "Fields by name ('priceCents', 'status'…) and their values" });

/** One entry of the audit trail with the facade's Spanish field names. */
const actividadSchema = z
  .object({
    id: z.number().int(),
    fecha: z.iso.datetime(),
    usuario: z.object({ id: z.number().int(), email: z.string() }),
    accion: z.string().meta({ description: "The action code ('product.update', 'order.status'…)" }),
    objeto: z.object({ tipo: z.string(), id: z.string().nullable(), nombre: z.string() }),
    antes: fields,
    despues: fields,
    ip: z.string(),
  })
  .meta({ id: 'Actividad' });

export function toActividadRest(e: AuditEntryView): z.input<typeof actividadSchema> {
  return {
    id: e.id,
    fecha: e.at.toISOString(),
    usuario: { id: e.userId, email: e.userEmail },
    accion: e.action,
    objeto: { tipo: e.objectKind, id: e.objectId, nombre: e.objectLabel },
    antes: e.before,
    despues: e.after,
    ip: e.ip,
  };
}

const DEFAULT_LIMIT = 50;

/** `desde`: an ISO 8601 date-time with its offset ('2026-11-27T00:00:00Z'). */
const isoDateTime = z.iso
  .datetime({ offset: true, message: 'se esperaba una fecha y hora ISO 8601' })
  .transform((v) => new Date(v));

/**
 * GET /api/admin/actividad (admin): the audit trail, newest first; `desde` an ISO date-time lower
 * bound, `limite` the page size (1 to 100, 50 unless said). Read only: no route edits or deletes
 * an entry (PUT and DELETE on this path answer 405).
 */
export const ACTIVITY_ROUTES: readonly RouteDef[] = [
  route({
    method: 'get',
    path: '/admin/actividad',
    access: 'admin',
    tag: 'Actividad',
    summary: "The admins' audit trail, newest first (admin)",
    headers: { 'X-Total-Count': 'How many entries match' },
    response: z.array(actividadSchema),
    query: z.object({
      desde: isoDateTime.optional(),
      limite: z
        .string()
        .regex(/^\d{1,9}$/, 'se esperaba un número entero no negativo')
        .transform(Number)
        .refine(
          (n) => n >= 1 && n <= MAX_AUDIT_PAGE_SIZE,
          `debe estar entre 1 y ${MAX_AUDIT_PAGE_SIZE}`,
        )
        .default(DEFAULT_LIMIT),
    }),
    handler: async ({ query, ctx, res }) => {
      const page = await ctx.services.audit.list(
        { from: query.desde ?? null },
        { offset: 0, limit: query.limite },
      );
      res.set('X-Total-Count', String(page.total));
      return page.items.map(toActividadRest);
    },
  }),
];
