import type { NextFunction, Request, RequestHandler, Response } from 'express';
import multer, { MulterError } from 'multer';
import { z } from 'zod';
import {
  findReplacementCharacter,
  rejectUnacceptableText,
  textRefusal,
} from '../../http/acceptable-text.js';
import { CSV_MESSAGES } from '../../modules/catalog/product-csv.js';
import {
  type ImportJob,
  type ImportReport,
  MAX_IMPORT_MB,
} from '../../modules/catalog/product-import.js';
import { badInput } from '../../modules/shared/errors.js';
import { route, type RouteDef } from './route.js';
import { idParams, text } from './schemas.js';

/** The form field that carries the CSV file. */
export const CSV_FILE_FIELD = 'archivo';

/**
 * multipart/form-data for POST /api/admin/productos/importar (multer, in memory): one file under
 * `archivo`, at most MAX_IMPORT_MB, and a few small text fields (`simular`, `soloValidas`),
 * checked like every other body. Run after the access check.
 */
function csvForm(): RequestHandler {
  const parse = multer({
    storage: multer.memoryStorage(),
    limits: {
      files: 1,
      fileSize: MAX_IMPORT_MB * 1024 * 1024,
      fields: 10,
      fieldSize: 1024,
      parts: 12,
    },
  }).single(CSV_FILE_FIELD);
  return (req: Request, res: Response, next: NextFunction) => {
    parse(req, res, (error?: unknown) => {
      if (error instanceof MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') {
          return next(
            badInput(CSV_MESSAGES.tooLarge(MAX_IMPORT_MB), CSV_FILE_FIELD, 'FILE_TOO_LARGE'),
          );
        }
        if (error.code === 'LIMIT_UNEXPECTED_FILE' || error.code === 'LIMIT_FILE_COUNT') {
          return next(
            badInput(`Envía un solo archivo, en el campo ${CSV_FILE_FIELD}`, CSV_FILE_FIELD),
          );
        }
        return next(badInput('El formulario no es válido: demasiados campos o campos muy largos'));
      }
      if (error) return next(badInput('El formulario no es válido'));
      try {
        const replaced = findReplacementCharacter(req.body);
        if (replaced) throw textRefusal(replaced.fault);
        rejectUnacceptableText(req, res, next);
      } catch (refused) {
        next(refused);
      }
    });
  };
}

/** '1', 'true', 'sí' or nothing: a yes/no form field. */
const formFlag = z
  .union([text(10), z.boolean(), z.number(), z.null()])
  .optional()
  .transform((v) =>
    ['1', 'true', 'si', 'sí', 'on'].includes(
      String(v ?? '')
        .trim()
        .toLowerCase(),
    ),
  );

const importForm = z.object({ simular: formFlag, soloValidas: formFlag });

const filaSchema = z
  .object({
    fila: z
      .number()
      .int()
      .meta({ description: 'The line of the file where the row starts (the header is line 1)' }),
    mensaje: z.string().meta({ description: 'What is wrong, in Spanish, naming the column' }),
  })
  .meta({ id: 'FilaConError' });

const IMPORT_STATUS = {
  pending: 'pendiente',
  running: 'en_curso',
  done: 'terminada',
  failed: 'fallida',
} as const;

export const importacionSchema = z
  .object({
    id: z.number().int(),
    estado: z.enum(['pendiente', 'en_curso', 'terminada', 'fallida']),
    archivo: z.string(),
    soloValidas: z.boolean(),
    filas: z.number().int().meta({ description: 'Rows of the file' }),
    aImportar: z.number().int().meta({ description: 'Rows that create or change a product' }),
    procesadas: z.number().int().meta({ description: 'Of those, rows applied so far' }),
    creados: z.number().int(),
    actualizados: z.number().int(),
    sinCambios: z.number().int(),
    errores: z.array(filaSchema),
    fallo: z.string().nullable(),
    creadaEn: z.iso.datetime(),
    terminadaEn: z.iso.datetime().nullable(),
  })
  .meta({ id: 'ImportacionProductos' });
type ImportacionRest = z.input<typeof importacionSchema>;

const toImportacion = (job: ImportJob): ImportacionRest => ({
  id: job.id,
  estado: IMPORT_STATUS[job.status],
  archivo: job.fileName,
  soloValidas: job.onlyValid,
  filas: job.totalRows,
  aImportar: job.stagedRows,
  procesadas: job.processedRows,
  creados: job.created,
  actualizados: job.updated,
  sinCambios: job.unchanged,
  errores: job.errors,
  fallo: job.failure,
  creadaEn: job.createdAt.toISOString(),
  terminadaEn: job.finishedAt?.toISOString() ?? null,
});

const resultadoSchema = z
  .object({
    simulado: z.boolean(),
    creados: z.number().int().meta({ description: 'Rows that create a product' }),
    actualizados: z.number().int().meta({ description: 'Rows that change a product' }),
    sinCambios: z.number().int().meta({ description: 'Rows equal to their product' }),
    errores: z.array(filaSchema),
    importacion: importacionSchema
      .nullable()
      .meta({ description: 'The import started (poll it); null for a dry run' }),
  })
  .meta({ id: 'ResultadoImportacion' });

const toResultado = (
  report: ImportReport,
  job: ImportJob | null,
): z.input<typeof resultadoSchema> => ({
  simulado: job === null,
  creados: report.created,
  actualizados: report.updated,
  sinCambios: report.unchanged,
  errores: report.errors,
  importacion: job ? toImportacion(job) : null,
});

/** Waits until `res` takes more, or fails when the client went away. */
function drained(res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      res.off('drain', onDrain);
      res.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(new Error('El cliente cerró la conexión'));
    res.on('drain', onDrain);
    res.on('close', onClose);
  });
}

/** Products by spreadsheet: the export and the import (issue 26 item 4). */
export const PRODUCT_CSV_ROUTES: readonly RouteDef[] = [
  route({
    method: 'get',
    path: '/admin/productos.csv',
    access: 'admin',
    tag: 'Productos',
    summary: 'Every product (or those the search finds) as CSV, for a spreadsheet (admin)',
    description:
      'UTF-8 with BOM, comma-separated, one product per row, streamed. Columns: `id, nombre, descripcion, precio, promocion, precioPromocion, especial, tipo, marca, color, tallas, cantidad, imagenes` (prices in pesos with a point, `1299.00`; `tallas` and `cantidad` lists in the same order, `S, M, L` and `3, 0, 5`; `imagenes` photo file names; `sí`/`no`). The same columns are what the import reads.',
    produces: 'text/csv',
    response: z.string().meta({ description: 'The CSV file' }),
    query: z.object({ busqueda: text(200).optional() }),
    handler: async ({ query, ctx, res }) => {
      let started = false;
      const write = async (chunk: string) => {
        if (!started) {
          started = true;
          const day = new Date().toISOString().slice(0, 10);
          res
            .status(200)
            .type('text/csv; charset=utf-8')
            .set('Content-Disposition', `attachment; filename="productos-${day}.csv"`)
            .set('Cache-Control', 'no-store');
        }
        if (!res.write(chunk)) await drained(res);
      };
      try {
        await ctx.services.productImport.exportCsv(query.busqueda, write);
      } catch (error) {
        if (!started) throw error;
        res.destroy(error instanceof Error ? error : undefined);
        return '';
      }
      res.end();
      return '';
    },
  }),

  route({
    method: 'post',
    path: '/admin/productos/importar',
    access: 'admin',
    tag: 'Productos',
    summary: 'Import products from a CSV file: a dry run, or an import in batches (admin)',
    description:
      'multipart/form-data with the file under `archivo` (the export’s columns; a row with `id` updates that product, one without creates one). With `simular=1` nothing changes: the answer says what the file would do and lists every bad row with its line and a Spanish reason. Otherwise, a file with a bad row imports nothing (400 `IMPORT_HAS_ERRORS`) unless `soloValidas=1`; the good rows are staged and the answer’s `importacion` is the job to poll (GET /api/admin/productos/importaciones/{id}).',
    multipart: { field: CSV_FILE_FIELD, maxFiles: 1, mediaType: 'text/csv' },
    response: resultadoSchema,
    before: csvForm(),
    body: importForm,
    handler: async ({ body, ctx, req }) => {
      const file = req.file;
      if (!file) throw badInput(CSV_MESSAGES.noFile, CSV_FILE_FIELD, 'FILE_REQUIRED');
      const imports = ctx.services.productImport;
      if (body.simular) return toResultado(await imports.check(file.buffer), null);
      const { report, job } = await imports.start(
        file.buffer,
        file.originalname || 'productos.csv',
        body.soloValidas,
      );
      return toResultado(report, job);
    },
  }),

  route({
    method: 'get',
    path: '/admin/productos/importaciones',
    access: 'admin',
    tag: 'Productos',
    summary: 'The latest product imports, newest first (admin)',
    response: z.array(importacionSchema),
    handler: async ({ ctx }) => (await ctx.services.productImport.recentJobs()).map(toImportacion),
  }),

  route({
    method: 'get',
    path: '/admin/productos/importaciones/:id',
    access: 'admin',
    tag: 'Productos',
    summary: 'One product import, with its progress (admin)',
    response: importacionSchema,
    params: idParams,
    handler: async ({ params, ctx }) =>
      toImportacion(await ctx.services.productImport.job(params.id)),
  }),
];
