import { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import { parse } from 'csv-parse';
import { stringify } from 'csv-stringify/sync';
import { PRODUCT_MESSAGES } from '@tienda/rules';
import { type Actor, checkAccess } from '../accounts/access.js';
import { AuditTrail } from '../audit/audit-trail.js';
import { badInput, notFound } from '../shared/errors.js';
import { likeContains } from '../shared/sql.js';
import { withTransaction } from '../shared/transaction.js';
import type { PhotoStore } from './product-photos.js';
import { longestContained } from './product-admin.service.js';
import {
  CSV_COLUMNS,
  CSV_MESSAGES,
  type CsvRow,
  flagCell,
  headerOrder,
  inColumn,
  listCell,
  pesosCell,
  readCsvRow,
  RowProblem,
  safeCell,
} from './product-csv.js';
import {
  type LookupKey,
  lookupLists,
  type LookupRow,
  type ProductColumns,
} from './product-repository.js';
import { genderFromName, visibleProduct } from './product-rules.js';

/**
 * Products by spreadsheet (issue 26 item 4): the export (every visible product, or those the
 * admin list's search finds, streamed a page at a time so memory stays flat), the import's
 * check of a file (the dry run: every bad row with its line and a Spanish reason, nothing
 * changed) and its start (the checked rows staged with a job in one transaction;
 * product-import-worker.ts applies them in batches). Owns `product_import` and
 * `product_import_row` (Migration20261127100000ProductImport).
 */

/** Rows read, checked and staged at a time (memory stays flat whatever the file's size). */
const CHECK_CHUNK = 2000;
/** Products read per statement by the export. */
const EXPORT_PAGE = 1000;
export const MAX_IMPORT_ROWS = 200_000;
export const MAX_IMPORT_MB = 64;
const MAX_SEARCH_WORDS = 10;

export interface RowError {
  /** The line of the file where the row starts (the header is line 1). */
  fila: number;
  mensaje: string;
}

/** What a file would do (dry run) or will do (a started import). */
export interface ImportReport {
  created: number;
  updated: number;
  unchanged: number;
  errors: RowError[];
}

export type ImportStatus = 'pending' | 'running' | 'done' | 'failed';

export interface ImportJob {
  id: number;
  status: ImportStatus;
  fileName: string;
  onlyValid: boolean;
  totalRows: number;
  stagedRows: number;
  processedRows: number;
  created: number;
  updated: number;
  unchanged: number;
  errors: RowError[];
  failure: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

/** A staged row, as the worker applies it. */
export interface StagedProduct extends ProductColumns {
  id: number | null;
  sizes: string[];
  quantities: number[];
  photos: string[];
  /** Whether the sizes with their stock, and the photos, differ from the product's now. */
  stockChanged: boolean;
  photosChanged: boolean;
}

interface CurrentProduct {
  id: number;
  name: string;
  description: string;
  price_cents: number;
  promotion: boolean;
  promotion_price_cents: number | null;
  special: boolean;
  type_id: number | null;
  brand_id: number | null;
  color_id: number | null;
  stock: { size: string; quantity: number }[];
  photos: string[];
}

const CURRENT_COLUMNS = `p.id, p.name, p.description, p.price_cents, p.promotion,
  p.promotion_price_cents, p.special, p.type_id, p.brand_id, p.color_id,
  coalesce((select json_agg(json_build_object('size', s.size, 'quantity', s.quantity)
                            order by s.position)
              from product_stock s where s.product_id = p.id), '[]') as stock,
  coalesce((select json_agg(i.file_name order by i.position)
              from product_image i where i.product_id = p.id), '[]') as photos`;

const sameList = <T>(a: readonly T[], b: readonly T[]) =>
  a.length === b.length && a.every((item, i) => item === b[i]);

const jsonParam = (value: unknown) => JSON.stringify(value);

/** Reads the job rows' columns into an ImportJob. */
interface JobRow {
  id: number;
  status: ImportStatus;
  file_name: string;
  only_valid: boolean;
  total_rows: number;
  staged_rows: number;
  processed_rows: number;
  created_count: number;
  updated_count: number;
  unchanged_count: number;
  errors: RowError[];
  failure: string | null;
  created_at: Date;
  finished_at: Date | null;
}

const JOB_COLUMNS = `id, status, file_name, only_valid, total_rows, staged_rows, processed_rows,
  created_count, updated_count, unchanged_count, errors, failure, created_at, finished_at`;

const toJob = (row: JobRow): ImportJob => ({
  id: row.id,
  status: row.status,
  fileName: row.file_name,
  onlyValid: row.only_valid,
  totalRows: row.total_rows,
  stagedRows: row.staged_rows,
  processedRows: row.processed_rows,
  created: row.created_count,
  updated: row.updated_count,
  unchanged: row.unchanged_count,
  errors: row.errors,
  failure: row.failure,
  createdAt: new Date(row.created_at),
  finishedAt: row.finished_at ? new Date(row.finished_at) : null,
});

/** A record with the line it starts on. */
interface LineRecord {
  line: number;
  cells: string[];
}

/**
 * The file's records with their starting lines (the header is line 1; a description written
 * over several lines counts them all): UTF-8 (with or without BOM), comma- or
 * semicolon-separated (Excel in some Spanish locales writes ';').
 */
async function* csvRecords(file: Buffer): AsyncGenerator<LineRecord> {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    throw badInput(
      CSV_MESSAGES.notCsv('no está en UTF-8 (en Excel, guárdalo como «CSV UTF-8»)'),
      'archivo',
      'INVALID_CSV',
    );
  }
  const firstLine = file
    .subarray(0, Math.min(file.length, 4096))
    .toString('utf8')
    .split(/\r?\n/)[0]!;
  const delimiter = !firstLine.includes(',') && firstLine.includes(';') ? ';' : ',';
  const parser = Readable.from([file]).pipe(
    parse({
      bom: true,
      delimiter,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }),
  );
  // A record starts where the previous one ended (`info.bytes`), past the line breaks of its
  // delimiter and of empty lines; its line is one more than the line feeds before that byte.
  let scanned = 0;
  let line = 1;
  let ended = 0;
  const lineAt = (offset: number) => {
    let start = offset;
    while (start < file.length && (file[start] === 0x0a || file[start] === 0x0d)) start += 1;
    for (; scanned < start; scanned += 1) if (file[scanned] === 0x0a) line += 1;
    return line;
  };
  try {
    for await (const item of parser as AsyncIterable<{
      record: string[];
      info: { bytes: number };
    }>) {
      const startLine = lineAt(ended);
      ended = item.info.bytes;
      yield { line: startLine, cells: item.record };
    }
  } catch (error) {
    const at = (error as { lines?: unknown }).lines;
    const where = typeof at === 'number' ? at : lineAt(ended);
    const detail =
      error instanceof Error && 'code' in error && error.code === 'CSV_QUOTE_NOT_CLOSED'
        ? `unas comillas se abren y no se cierran (hasta la línea ${where})`
        : `no se pudo leer la línea ${where}`;
    throw badInput(CSV_MESSAGES.notCsv(detail), 'archivo', 'INVALID_CSV');
  }
}

/**
 * The export and the import of products as CSV, for admins (both front doors would call it;
 * the REST facade does: GET /api/admin/productos.csv, POST /api/admin/productos/importar).
 */
export class ProductImportService {
  constructor(
    private readonly em: EntityManager,
    private readonly actor: Actor,
    private readonly photos: PhotoStore,
  ) {}

  /**
   * Writes the CSV (UTF-8 with BOM, so Excel in Spanish opens it as UTF-8): the header, then
   * every visible product, oldest first, or those the admin list's search finds. One page of
   * EXPORT_PAGE products at a time, each written (and drained) before the next is read.
   */
  async exportCsv(
    search: string | null | undefined,
    write: (chunk: string) => Promise<void>,
  ): Promise<number> {
    checkAccess(this.actor.user, 'admin');
    const words = (search ?? '').split(/\s+/).filter((w) => w !== '');
    if (words.length > MAX_SEARCH_WORDS) {
      throw badInput('La búsqueda puede tener hasta 10 palabras', 'busqueda', 'TOO_MANY_WORDS');
    }
    // With words: every word in the name or one of the sizes (as the admin list searches).
    const matching = words
      .map(
        () => `and (p.search_name like f_search_text(?)
          or exists (select 1 from product_stock s
                      where s.product_id = p.id and f_search_text(s.size) like f_search_text(?)))`,
      )
      .join(' ');
    const wordParams = words.map(likeContains).flatMap((w) => [w, w]);
    await write(
      `\uFEFF${stringify([CSV_COLUMNS as unknown as string[]], { record_delimiter: '\r\n' })}`,
    );
    let after = 0;
    let written = 0;
    for (;;) {
      const rows = await this.em.execute<(CurrentProduct & LookupNames)[]>(
        `select ${CURRENT_COLUMNS}, t.name as type, b.name as brand, c.name as color
           from product p
           left join product_type t on t.id = p.type_id
           left join brand b on b.id = p.brand_id
           left join color c on c.id = p.color_id
          where ${visibleProduct('p')} and p.id > ? ${matching}
          order by p.id limit ?`,
        [after, ...wordParams, EXPORT_PAGE],
      );
      if (rows.length === 0) break;
      await write(stringify(rows.map(exportRecord), { record_delimiter: '\r\n' }));
      written += rows.length;
      after = rows[rows.length - 1]!.id;
      if (rows.length < EXPORT_PAGE) break;
    }
    return written;
  }

  /**
   * The dry run: what the file would do, and every bad row with its line and reason. Changes
   * nothing.
   */
  async check(file: Buffer): Promise<ImportReport> {
    checkAccess(this.actor.user, 'admin');
    return this.readFile(this.em, file, null);
  }

  /**
   * Starts an import: the file checked as in the dry run and its good rows staged with a new
   * job, in one transaction. A file with a bad row starts nothing unless `onlyValid`; a file
   * with nothing to change starts a job that is done at once.
   */
  async start(
    file: Buffer,
    fileName: string,
    onlyValid: boolean,
  ): Promise<{ report: ImportReport; job: ImportJob }> {
    checkAccess(this.actor.user, 'admin');
    return withTransaction(this.em, async (tx) => {
      const [created] = await tx.execute<{ id: number }[]>(
        `insert into product_import (file_name, only_valid, total_rows, staged_rows, created_by)
         values (?, ?, 0, 0, ?) returning id`,
        [fileName.slice(0, 200), onlyValid, this.actor.user!.id],
      );
      const jobId = created!.id;
      const report = await this.readFile(tx, file, jobId);
      if (report.errors.length > 0 && !onlyValid) {
        throw badInput(
          CSV_MESSAGES.hasErrors(report.errors.length, report.errors[0]!),
          'archivo',
          'IMPORT_HAS_ERRORS',
        );
      }
      const staged = report.created + report.updated;
      const total = staged + report.unchanged + report.errors.length;
      await tx.execute(
        `update product_import
            set total_rows = ?, staged_rows = ?, unchanged_count = ?, errors = ?::jsonb,
                status = case when ? = 0 then 'done' else 'pending' end,
                finished_at = case when ? = 0 then now() end
          where id = ?`,
        [total, staged, report.unchanged, jsonParam(report.errors), staged, staged, jobId],
      );
      await AuditTrail.record(tx, this.actor, {
        action: 'product.import',
        object: { kind: 'product_import', id: jobId, label: fileName.slice(0, 200) },
        before: {},
        after: {
          rows: total,
          toCreate: report.created,
          toUpdate: report.updated,
          rowsWithErrors: report.errors.length,
          onlyValid,
        },
        always: true,
      });
      return { report, job: (await this.findJob(tx, jobId))! };
    });
  }

  /** One import, for its progress bar. */
  async job(id: number): Promise<ImportJob> {
    checkAccess(this.actor.user, 'admin');
    const job = await this.findJob(this.em, id);
    if (!job) throw notFound('Importación no encontrada');
    return job;
  }

  /** The latest imports, newest first (the admin's screen shows a running one after a reload). */
  async recentJobs(limit = 5): Promise<ImportJob[]> {
    checkAccess(this.actor.user, 'admin');
    const rows = await this.em.execute<JobRow[]>(
      `select ${JOB_COLUMNS} from product_import order by id desc limit ?`,
      [limit],
    );
    return rows.map(toJob);
  }

  private async findJob(em: EntityManager, id: number): Promise<ImportJob | undefined> {
    const [row] = await em.execute<JobRow[]>(
      `select ${JOB_COLUMNS} from product_import where id = ?`,
      [id],
    );
    return row ? toJob(row) : undefined;
  }

  /**
   * Reads the file a chunk of records at a time: each row checked by the form's rules, then
   * against the catalogue (ids, names, lookups, photos) and compared with the product it
   * updates; with `jobId`, its rows that change something are staged for the worker.
   */
  private async readFile(
    em: EntityManager,
    file: Buffer,
    jobId: number | null,
  ): Promise<ImportReport> {
    const report: ImportReport = { created: 0, updated: 0, unchanged: 0, errors: [] };
    const lookups = await lookupLists(em);
    const context: FileContext = {
      lookups,
      idLines: new Map(),
      nameLines: new Map(),
      photoLines: new Map(),
    };
    let order: number[] | null = null;
    let chunk: LineRecord[] = [];
    let rows = 0;
    for await (const record of csvRecords(file)) {
      if (order === null) {
        const header = headerOrder(record.cells);
        if (typeof header === 'string') throw badInput(header, 'archivo', 'INVALID_CSV');
        order = header;
        continue;
      }
      rows += 1;
      if (rows > MAX_IMPORT_ROWS) {
        throw badInput(CSV_MESSAGES.tooManyRows(MAX_IMPORT_ROWS), 'archivo', 'TOO_MANY_ROWS');
      }
      chunk.push(record);
      if (chunk.length === CHECK_CHUNK) {
        await this.checkChunk(em, chunk, order, context, report, jobId);
        chunk = [];
      }
    }
    if (order === null || rows === 0) throw badInput(CSV_MESSAGES.empty, 'archivo', 'INVALID_CSV');
    if (chunk.length > 0) await this.checkChunk(em, chunk, order, context, report, jobId);
    report.errors.sort((a, b) => a.fila - b.fila);
    return report;
  }

  private async checkChunk(
    em: EntityManager,
    records: readonly LineRecord[],
    order: readonly number[],
    context: FileContext,
    report: ImportReport,
    jobId: number | null,
  ): Promise<void> {
    const read: { line: number; row: CsvRow }[] = [];
    for (const { line, cells } of records) {
      try {
        read.push({ line, row: readCsvRow(cells, order) });
      } catch (error) {
        if (!(error instanceof RowProblem)) throw error;
        report.errors.push({ fila: line, mensaje: error.message });
      }
    }
    // The products these rows update, the visible products holding their names, and the
    // products holding the photos they name: three statements per chunk.
    const ids = read.flatMap(({ row }) => (row.id === null ? [] : [row.id]));
    const current = new Map<number, CurrentProduct>();
    if (ids.length > 0) {
      const rows = await em.execute<CurrentProduct[]>(
        `select ${CURRENT_COLUMNS} from product p
          where p.id in (select json_array_elements_text(?::json)::int) and ${visibleProduct('p')}`,
        [jsonParam(ids)],
      );
      for (const row of rows) current.set(row.id, row);
    }
    const nameOwners = new Map<string, number>();
    const names = read.map(({ row }) => row.product.name.toLowerCase());
    for (const row of await em.execute<{ id: number; lname: string }[]>(
      `select id, lower(name) as lname from product p
        where lower(name) in (select json_array_elements_text(?::json)) and ${visibleProduct('p')}`,
      [jsonParam(names)],
    )) {
      nameOwners.set(row.lname, row.id);
    }
    const foreignPhotos = read.flatMap(({ row }) =>
      row.photos.filter((p) => !(row.id !== null && current.get(row.id)?.photos.includes(p))),
    );
    const photoOwners = new Map<string, number>();
    if (foreignPhotos.length > 0) {
      for (const row of await em.execute<{ product_id: number; file_name: string }[]>(
        `select product_id, file_name from product_image
          where file_name in (select json_array_elements_text(?::json))`,
        [jsonParam(foreignPhotos)],
      )) {
        photoOwners.set(row.file_name, row.product_id);
      }
    }
    // The photos no product has: asked of the store all at once (a file system or a bucket).
    const unowned = [...new Set(foreignPhotos.filter((p) => !photoOwners.has(p)))];
    const stored = new Set<string>();
    await Promise.all(
      unowned.map(async (name) => {
        if (await this.photos.exists(name)) stored.add(name);
      }),
    );
    const staged: { line: number; product: StagedProduct }[] = [];
    for (const { line, row } of read) {
      try {
        const product = this.checkRow(row, line, context, {
          current: row.id === null ? undefined : current.get(row.id),
          nameOwner: nameOwners.get(row.product.name.toLowerCase()),
          photoOwners,
          stored,
        });
        if (product === null) report.unchanged += 1;
        else {
          if (product.id === null) report.created += 1;
          else report.updated += 1;
          staged.push({ line, product });
        }
      } catch (error) {
        if (!(error instanceof RowProblem)) throw error;
        report.errors.push({ fila: line, mensaje: error.message });
      }
    }
    if (jobId !== null && staged.length > 0) {
      await em.execute(
        `insert into product_import_row (import_id, line, product_id, data)
         select ?, v.line, v.product_id, v.data
           from json_to_recordset(?::json) as v(line int, product_id int, data jsonb)`,
        [
          jobId,
          jsonParam(
            staged.map((s) => ({ line: s.line, product_id: s.product.id, data: s.product })),
          ),
        ],
      );
    }
  }

  /** A row against the catalogue: the product to write, null when it changes nothing. */
  private checkRow(
    row: CsvRow,
    line: number,
    context: FileContext,
    found: {
      current: CurrentProduct | undefined;
      nameOwner: number | undefined;
      photoOwners: Map<string, number>;
      /** The photos no product has that the store holds. */
      stored: Set<string>;
    },
  ): StagedProduct | null {
    const { current } = found;
    if (row.id !== null) {
      if (!current) throw new RowProblem(inColumn(CSV_MESSAGES.unknownId(row.id), 'id'));
      const earlier = context.idLines.get(row.id);
      if (earlier !== undefined) {
        throw new RowProblem(inColumn(CSV_MESSAGES.repeatedId(row.id, earlier), 'id'));
      }
    }
    const name = row.product.name;
    const key = name.toLowerCase();
    const earlierName = context.nameLines.get(key);
    if (earlierName !== undefined) {
      throw new RowProblem(inColumn(CSV_MESSAGES.repeatedName(earlierName), 'nombre'));
    }
    if (found.nameOwner !== undefined && found.nameOwner !== row.id) {
      throw new RowProblem(inColumn(PRODUCT_MESSAGES.duplicateName, 'nombre'));
    }
    const typeId = resolveLookup(context.lookups, 'type', row.type, name, 'tipo');
    const brandId = resolveLookup(context.lookups, 'brand', row.brand, name, 'marca');
    const colorId = resolveLookup(context.lookups, 'color', row.color, name, 'color');
    for (const photo of row.photos) {
      if (current?.photos.includes(photo)) continue;
      const owner = found.photoOwners.get(photo);
      const earlier = context.photoLines.get(photo);
      if (owner !== undefined || (earlier !== undefined && earlier !== line)) {
        throw new RowProblem(inColumn(CSV_MESSAGES.photoOfAnother(photo), 'imagenes'));
      }
      if (!found.stored.has(photo)) {
        throw new RowProblem(inColumn(CSV_MESSAGES.photoMissing(photo), 'imagenes'));
      }
    }
    if (row.id !== null) context.idLines.set(row.id, line);
    context.nameLines.set(key, line);
    for (const photo of row.photos) context.photoLines.set(photo, line);

    const p = row.product;
    const product: StagedProduct = {
      id: row.id,
      name: p.name,
      description: p.description,
      priceCents: p.priceCents,
      promotion: p.promotion,
      promotionPriceCents: p.promotion ? p.promotionPriceCents : null,
      special: p.special,
      gender: genderFromName(p.name),
      typeId,
      brandId,
      colorId,
      sizes: p.sizes,
      quantities: p.quantities,
      photos: row.photos,
      stockChanged: true,
      photosChanged: true,
    };
    if (!current) return product;
    product.stockChanged = !(
      sameList(
        current.stock.map((s) => s.size),
        p.sizes,
      ) &&
      sameList(
        current.stock.map((s) => s.quantity),
        p.quantities,
      )
    );
    product.photosChanged = !sameList(current.photos, row.photos);
    const sameOwn =
      current.name === p.name &&
      current.description === p.description &&
      current.price_cents === p.priceCents &&
      current.promotion === p.promotion &&
      (!p.promotion || current.promotion_price_cents === p.promotionPriceCents) &&
      current.special === p.special &&
      current.type_id === typeId &&
      current.brand_id === brandId &&
      current.color_id === colorId;
    return sameOwn && !product.stockChanged && !product.photosChanged ? null : product;
  }
}

interface LookupNames {
  type: string | null;
  brand: string | null;
  color: string | null;
}

/** What a file's rows are checked against beyond their own chunk. */
interface FileContext {
  lookups: LookupRow[];
  /** Where each id, name (lowercase) and photo was first written in the file. */
  idLines: Map<number, number>;
  nameLines: Map<string, number>;
  photoLines: Map<string, number>;
}

/**
 * A type, brand or colour by name (case-insensitive); an empty brand or colour is the one the
 * name contains (the longest), as the admin form does; an empty type is none (allowed only for
 * special products, which the rules checked).
 */
function resolveLookup(
  lookups: readonly LookupRow[],
  kind: LookupKey,
  written: string,
  productName: string,
  column: 'tipo' | 'marca' | 'color',
): number | null {
  const items = lookups.filter((l) => l.kind === kind);
  if (written === '') {
    return kind === 'type' ? null : (longestContained(productName, items)?.id ?? null);
  }
  const found = items.find((l) => l.name.trim().toLowerCase() === written.toLowerCase());
  if (!found) throw new RowProblem(inColumn(CSV_MESSAGES.lookupMissing[column], column));
  return found.id;
}

/** One product as a record of the file, in CSV_COLUMNS order. */
function exportRecord(row: CurrentProduct & LookupNames): string[] {
  return [
    String(row.id),
    safeCell(row.name),
    safeCell(row.description),
    pesosCell(row.price_cents),
    flagCell(row.promotion),
    row.promotion && row.promotion_price_cents !== null ? pesosCell(row.promotion_price_cents) : '',
    flagCell(row.special),
    safeCell(row.type ?? ''),
    safeCell(row.brand ?? ''),
    safeCell(row.color ?? ''),
    safeCell(listCell(row.stock.map((s) => s.size))),
    listCell(row.stock.map((s) => s.quantity)),
    listCell(row.photos),
  ];
}
