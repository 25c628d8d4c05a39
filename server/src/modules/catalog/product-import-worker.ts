import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { PRODUCT_MESSAGES } from '@tienda/rules';
import { PollingWorker } from '../shared/polling-worker.js';
import { withTransaction } from '../shared/transaction.js';
import { CSV_MESSAGES, inColumn } from './product-csv.js';
import type { RowError, StagedProduct } from './product-import.js';

/** Staged rows applied per transaction. */
export const IMPORT_BATCH_ROWS = 1000;
/**
 * How long a claimed import is left to its worker without news. Each batch renews it; an
 * instance that dies mid-import leaves the job to another once it ends.
 */
export const IMPORT_LEASE_SECONDS = 60;

interface ClaimedJob {
  id: number;
  last_line: number;
}

interface StagedRow {
  line: number;
  data: StagedProduct;
}

const json = (value: unknown) => JSON.stringify(value);

/**
 * Applies staged product imports (product-import.ts starts them): claims a job that is pending,
 * or running with an expired lease (`for update skip locked`: any instance, never two at once),
 * then applies its rows in line order, IMPORT_BATCH_ROWS per transaction. Each transaction
 * writes its products, sizes and photos set-wise through the catalogue's own tables (their
 * change-log triggers bring every instance's catalogue index and product answers up to date)
 * and moves the job's progress with them, so a reload shows it and a restart resumes after the
 * last batch committed. A row that can no longer be applied (its product deleted, its name
 * taken meanwhile) is skipped and listed with its line.
 */
export class ProductImportWorker extends PollingWorker<number> {
  constructor(
    private readonly orm: MikroORM,
    private readonly options: { log: (message: string, error?: unknown) => void; pollMs?: number },
  ) {
    super(options.pollMs ?? 1000, (error) =>
      options.log('No se pudo revisar las importaciones de productos', error),
    );
  }

  /** Claims one due import and applies all its rows; null when none is due. */
  override async deliverOne(): Promise<number | null> {
    const em = this.orm.em.fork();
    const [job] = await em.execute<ClaimedJob[]>(
      `update product_import j
          set status = 'running', started_at = coalesce(j.started_at, now()),
              locked_until = now() + make_interval(secs => ?)
        where j.id = (
          select id from product_import
           where status in ('pending', 'running')
             and (locked_until is null or locked_until <= now())
           order by id limit 1
           for update skip locked)
        returning j.id, j.last_line`,
      [IMPORT_LEASE_SECONDS],
    );
    if (!job) return null;
    try {
      let lastLine = job.last_line;
      for (;;) {
        if (this.stopped) {
          // Stopping (the instance shuts down): the rest is left to the next worker, at once.
          await em.execute('update product_import set locked_until = null where id = ?', [job.id]);
          break;
        }
        const next = await withTransaction(em, (tx) => this.applyBatch(tx, job.id, lastLine));
        if (next === null) break;
        lastLine = next;
      }
    } catch (error) {
      this.options.log(`La importación de productos ${job.id} falló`, error);
      await em.execute(
        `update product_import set status = 'failed', failure = ?, finished_at = now(),
                locked_until = null where id = ?`,
        ['Error inesperado al escribir los productos: se guardó hasta el último lote', job.id],
      );
    }
    return job.id;
  }

  /**
   * One batch after `afterLine`, in the transaction: its products written, the job's progress
   * moved. Returns the last line applied, or null when the job is done.
   */
  private async applyBatch(
    tx: EntityManager,
    jobId: number,
    afterLine: number,
  ): Promise<number | null> {
    const rows = await tx.execute<StagedRow[]>(
      `select line, data from product_import_row
        where import_id = ? and line > ? order by line limit ?`,
      [jobId, afterLine, IMPORT_BATCH_ROWS],
    );
    if (rows.length === 0) {
      await tx.execute(
        `update product_import set status = 'done', finished_at = now(), locked_until = null
          where id = ?`,
        [jobId],
      );
      return null;
    }
    const errors: RowError[] = [];
    const skip = new Set<number>();

    // Names: the same advisory locks as the admin form's (product-repository.ts `nameTaken`),
    // in one order, then the visible products holding them now.
    const names = [...new Set(rows.map((r) => r.data.name.toLowerCase()))].sort();
    await tx.execute(
      `select pg_advisory_xact_lock(hashtext('product-name:' || n))
         from json_array_elements_text(?::json) as n order by n`,
      [json(names)],
    );
    const holders = await tx.execute<{ id: number; lname: string }[]>(
      `select id, lower(name) as lname from product
        where lower(name) in (select json_array_elements_text(?::json)) and hidden_at is null`,
      [json(names)],
    );
    const holderOf = new Map(holders.map((h) => [h.lname, h.id]));
    // The products updated, locked; those deleted since the file was checked are skipped.
    const updateIds = rows.flatMap((r) => (r.data.id === null ? [] : [r.data.id]));
    const present = new Set(
      updateIds.length === 0
        ? []
        : (
            await tx.execute<{ id: number }[]>(
              `select id from product
                where id in (select json_array_elements_text(?::json)::int) and hidden_at is null
                order by id for update`,
              [json(updateIds)],
            )
          ).map((r) => r.id),
    );
    for (const { line, data } of rows) {
      const holder = holderOf.get(data.name.toLowerCase());
      if (data.id !== null && !present.has(data.id)) {
        errors.push({ fila: line, mensaje: inColumn(CSV_MESSAGES.gone(data.id), 'id') });
        skip.add(line);
      } else if (holder !== undefined && holder !== data.id) {
        errors.push({
          fila: line,
          mensaje: inColumn(
            `${PRODUCT_MESSAGES.duplicateName}. ${CSV_MESSAGES.nameTakenNow}`,
            'nombre',
          ),
        });
        skip.add(line);
      }
    }
    const apply = rows.filter((r) => !skip.has(r.line)).map((r) => r.data);
    const updates = apply.filter((p) => p.id !== null);
    const creates = apply.filter((p) => p.id === null);

    // New products get their ids first, so their sizes and photos can name them.
    if (creates.length > 0) {
      const ids = await tx.execute<{ id: number }[]>(
        `select nextval(pg_get_serial_sequence('product', 'id'))::int as id
           from generate_series(1, ?)`,
        [creates.length],
      );
      creates.forEach((p, i) => (p.id = ids[i]!.id));
      await tx.execute(
        `insert into product (id, name, description, price_cents, promotion, promotion_price_cents,
                              special, gender, type_id, brand_id, color_id)
         select v.id, v.name, v.description, v."priceCents", v.promotion, v."promotionPriceCents",
                v.special, v.gender, v."typeId", v."brandId", v."colorId"
           from json_to_recordset(?::json) as v(id int, name text, description text,
                "priceCents" int, promotion boolean, "promotionPriceCents" int, special boolean,
                gender text, "typeId" int, "brandId" int, "colorId" int)`,
        [json(creates)],
      );
    }
    if (updates.length > 0) {
      await tx.execute(
        `update product p
            set name = v.name, description = v.description, price_cents = v."priceCents",
                promotion = v.promotion, promotion_price_cents = v."promotionPriceCents",
                special = v.special, gender = v.gender, type_id = v."typeId",
                brand_id = v."brandId", color_id = v."colorId", updated_at = now()
           from json_to_recordset(?::json) as v(id int, name text, description text,
                "priceCents" int, promotion boolean, "promotionPriceCents" int, special boolean,
                gender text, "typeId" int, "brandId" int, "colorId" int)
          where p.id = v.id
            and (p.name, p.description, p.price_cents, p.promotion, p.promotion_price_cents,
                 p.special, p.gender, p.type_id, p.brand_id, p.color_id)
                is distinct from
                (v.name, v.description, v."priceCents", v.promotion, v."promotionPriceCents",
                 v.special, v.gender, v."typeId", v."brandId", v."colorId")`,
        [json(updates)],
      );
    }
    await writeStock(
      tx,
      apply.filter((p) => p.stockChanged),
      updates.filter((p) => p.stockChanged).map((p) => p.id!),
    );
    await writePhotos(
      tx,
      apply.filter((p) => p.photosChanged),
      updates.filter((p) => p.photosChanged).map((p) => p.id!),
    );
    const lastLine = rows[rows.length - 1]!.line;
    await tx.execute(
      `update product_import
          set processed_rows = processed_rows + ?, created_count = created_count + ?,
              updated_count = updated_count + ?, errors = errors || ?::jsonb, last_line = ?,
              locked_until = now() + make_interval(secs => ?)
        where id = ?`,
      [
        rows.length,
        creates.length,
        updates.length,
        json(errors),
        lastLine,
        IMPORT_LEASE_SECONDS,
        jobId,
      ],
    );
    return lastLine;
  }
}

/**
 * The products' sizes become the rows' (in their order, with their quantities): sizes left out
 * of an updated product go, the others are upserted. Three statements whatever the batch size.
 */
async function writeStock(
  tx: EntityManager,
  products: readonly StagedProduct[],
  updatedIds: readonly number[],
): Promise<void> {
  if (products.length === 0) return;
  const updated = new Set(updatedIds);
  if (updatedIds.length > 0) {
    await tx.execute(
      `delete from product_stock s
        using json_to_recordset(?::json) as v(id int, sizes jsonb)
        where s.product_id = v.id and not jsonb_exists(v.sizes, s.size)`,
      [json(products.filter((p) => updated.has(p.id!)).map((p) => ({ id: p.id, sizes: p.sizes })))],
    );
  }
  await tx.execute(
    `insert into product_stock (product_id, size, position, quantity)
     select v.product_id, v.size, v.position, v.quantity
       from json_to_recordset(?::json) as v(product_id int, size text, position int, quantity int)
     on conflict (product_id, size) do update
       set position = excluded.position, quantity = excluded.quantity
       where (product_stock.position, product_stock.quantity)
             is distinct from (excluded.position, excluded.quantity)`,
    [
      json(
        products.flatMap((p) =>
          p.sizes.map((size, i) => ({
            product_id: p.id,
            size,
            position: i,
            quantity: p.quantities[i],
          })),
        ),
      ),
    ],
  );
}

/**
 * The products' photos become the rows' file names in their order: photos left out of an
 * updated product go (their files stay in the store, where another row may name them), the
 * kept ones move to their new place, the new ones are added. Four statements.
 */
async function writePhotos(
  tx: EntityManager,
  products: readonly StagedProduct[],
  updatedIds: readonly number[],
): Promise<void> {
  if (products.length === 0) return;
  const wanted = products.flatMap((p) =>
    p.photos.map((fileName, position) => ({ product_id: p.id, file_name: fileName, position })),
  );
  if (updatedIds.length > 0) {
    const updated = new Set(updatedIds);
    const lists = products
      .filter((p) => updated.has(p.id!))
      .map((p) => ({ id: p.id, photos: p.photos }));
    await tx.execute(
      `delete from product_image i
        using json_to_recordset(?::json) as v(id int, photos jsonb)
        where i.product_id = v.id and not jsonb_exists(v.photos, i.file_name)`,
      [json(lists)],
    );
    // (product_id, position) is unique row by row: out of the way first, then in place.
    await tx.execute(
      `update product_image set position = -1 - position
        where product_id in (select json_array_elements_text(?::json)::int)`,
      [json(updatedIds)],
    );
    await tx.execute(
      `update product_image i set position = v.position
         from json_to_recordset(?::json) as v(product_id int, file_name text, position int)
        where i.product_id = v.product_id and i.file_name = v.file_name`,
      [json(wanted)],
    );
  }
  await tx.execute(
    `insert into product_image (product_id, file_name, position)
     select v.product_id, v.file_name, v.position
       from json_to_recordset(?::json) as v(product_id int, file_name text, position int)
      where not exists (select 1 from product_image i
                         where i.product_id = v.product_id and i.file_name = v.file_name)`,
    [json(wanted)],
  );
}
