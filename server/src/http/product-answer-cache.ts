import type { MikroORM } from '@mikro-orm/postgresql';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import {
  Kind,
  parse,
  type DocumentNode,
  type FieldNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import type { CatalogIndex } from '../modules/catalog/catalog-index.js';
import type { SessionCookie } from './session-cookie.js';

/**
 * Answers a visitor's "one product by id" GraphQL read (the product page's `ProductDetail`) from
 * the answer it got before, when nothing that answer shows has changed since: ahead of Apollo's
 * pipeline, the request context and the ORM, which are most of that read's cost (issue 16,
 * bench/notes/product-by-id.md).
 *
 * Never stale: every answer is preceded by the catalogue's freshness statement (`look`, the same
 * one statement `sync` runs; the triggers of product, product_stock, product_image and the lookup
 * lists log every change, whichever instance or script wrote), which tells the products with
 * changes committed before the request that the index has not applied yet. A kept answer is
 * served only when its product is not among them and its change stamp is the one it was computed
 * under: a change applied to the product, its stock or photos, or a full reload (a lookup
 * renamed), moves the stamp. So a read never waits for the catalogue index to apply changes (the
 * index applies them in the background), and never sees an answer older than its request. An
 * answer computed while a change was being applied is not kept. Who is signed in never reaches a
 * kept answer: only requests without a session cookie are served or stored, and only answers
 * without errors.
 *
 * Which documents qualify: one query operation without directives whose root selects `product`
 * (with a literal or variable `id`) and `__typename` only, and under `product` only the fields of
 * `PRODUCT_FIELDS`: those computed from the product's own rows. Anything else, and any failure
 * here, takes the ordinary path.
 */

/**
 * The Product fields whose values come only from product, product_stock, product_image and the
 * lookup rows, all of which log their changes. A test compares this list with the schema, so a
 * new Product field is left out until someone decides it belongs here.
 */
export const PRODUCT_FIELDS: ReadonlySet<string> = new Set([
  '__typename',
  'brand',
  'color',
  'createdAt',
  'description',
  'gender',
  'id',
  'images',
  'name',
  'onPromotion',
  'priceCents',
  'promotionPriceCents',
  'sharePath',
  'sizes',
  'special',
  'totalStock',
  'type',
  'unitPriceCents',
]);

const MAX_DOCUMENT_CHARS = 4_096;
const MAX_DOCUMENTS = 256;
const MAX_ANSWERS = 5_000;
const MAX_ANSWER_BYTES = 32 * 1024 * 1024;
/** Headers the ordinary path sets per response, never replayed from a kept answer. */
const NOT_KEPT = new Set(['set-cookie', 'content-length', 'etag', 'server-timing', 'date']);

/** Where a qualifying document takes its product id from. */
type IdSource = { literal: number } | { variable: string };

interface Kept {
  stamp: number;
  body: string;
  headers: [string, string | number | string[]][];
}

/** Per product, a number that changes whenever anything its answer shows may have changed. */
class ChangeStamps {
  private counter = 1;
  private epoch = 1;
  private byProduct = new Map<number, number>();

  constructor(catalog: CatalogIndex) {
    catalog.onChange((changed) => {
      this.counter += 1;
      if (changed === 'all') {
        this.epoch = this.counter;
        this.byProduct.clear();
      } else {
        for (const id of changed) this.byProduct.set(id, this.counter);
      }
    });
  }

  of(id: number): number {
    return this.byProduct.get(id) ?? this.epoch;
  }
}

/**
 * The catalogue's freshness check, shared by the requests that arrive while one is running: they
 * wait for the next check, which starts after they arrived, so each still sees every change
 * committed before it came (a check already running may have taken its snapshot too early to
 * serve them). Under load one statement serves many reads instead of one each.
 */
export class SharedCatchUp<T> {
  private running: Promise<T> | null = null;
  private next: Promise<T> | null = null;

  constructor(private readonly check: () => Promise<T>) {}

  /** The answer of a check that started after this call. */
  wait(): Promise<T> {
    if (this.next) return this.next;
    const running = this.running;
    if (!running) return this.start();
    this.next = running
      .catch(() => undefined)
      .then(() => {
        this.next = null;
        return this.start();
      });
    return this.next;
  }

  private start(): Promise<T> {
    const run = this.check();
    this.running = run;
    run.then(
      () => this.settle(run),
      () => this.settle(run),
    );
    return run;
  }

  private settle(run: Promise<T>) {
    if (this.running === run) this.running = null;
  }
}

/** Keeps the most recently used entries within a count (and, for answers, a byte budget). */
class Recent<V> {
  private entries = new Map<string, V>();
  private bytes = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes = Infinity,
    private readonly sizeOf: (value: V) => number = () => 0,
  ) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: V) {
    this.delete(key);
    this.entries.set(key, value);
    this.bytes += this.sizeOf(value);
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  private delete(key: string) {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.bytes -= this.sizeOf(value);
    this.entries.delete(key);
  }
}

function onlyProductFields(selection: SelectionSetNode | undefined, doc: DocumentNode): boolean {
  if (!selection) return false;
  return selection.selections.every((s) => {
    if (s.directives?.length) return false;
    if (s.kind === Kind.FIELD) return PRODUCT_FIELDS.has(s.name.value);
    if (s.kind === Kind.INLINE_FRAGMENT) return onlyProductFields(s.selectionSet, doc);
    const fragment = doc.definitions.find(
      (d) => d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === s.name.value,
    );
    return (
      fragment?.kind === Kind.FRAGMENT_DEFINITION && onlyProductFields(fragment.selectionSet, doc)
    );
  });
}

function idSourceOf(value: ValueNode): IdSource | null {
  if (value.kind === Kind.VARIABLE) return { variable: value.name.value };
  if (value.kind === Kind.INT) return { literal: Number(value.value) };
  return null;
}

/** The id source of a qualifying document, or null. Exported for tests. */
export function productReadOf(query: string): IdSource | null {
  let doc: DocumentNode;
  try {
    doc = parse(query, { noLocation: true, maxTokens: 500 });
  } catch {
    return null;
  }
  const operations = doc.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  const operation = operations[0];
  if (operations.length !== 1 || operation?.kind !== Kind.OPERATION_DEFINITION) return null;
  if (operation.operation !== 'query' || operation.directives?.length) return null;
  let product: FieldNode | undefined;
  for (const s of operation.selectionSet.selections) {
    if (s.kind !== Kind.FIELD || s.directives?.length) return null;
    if (s.name.value === '__typename') continue;
    if (s.name.value !== 'product' || product) return null;
    product = s;
  }
  const [arg, ...more] = product?.arguments ?? [];
  if (!product || !arg || more.length > 0 || arg.name.value !== 'id') return null;
  if (!onlyProductFields(product.selectionSet, doc)) return null;
  return idSourceOf(arg.value);
}

function plainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function idOf(source: IdSource, variables: Record<string, unknown>): number | null {
  const id = 'literal' in source ? source.literal : variables[source.variable];
  return typeof id === 'number' && Number.isInteger(id) && Math.abs(id) <= 2 ** 31 - 1 ? id : null;
}

function cleanAnswer(answer: string): boolean {
  try {
    const parsed: unknown = JSON.parse(answer);
    return plainObject(parsed) && parsed.errors === undefined && plainObject(parsed.data);
  } catch {
    return false;
  }
}

/** Middleware for POST /graphql, after the JSON body parser and before the request context. */
export function productAnswerCache(
  orm: MikroORM,
  catalog: CatalogIndex,
  cookie: Pick<SessionCookie, 'presented'>,
  /** Told whether each qualifying read was answered from a kept answer (the metrics). */
  observe?: (outcome: 'hit' | 'miss') => void,
): RequestHandler {
  const stamps = new ChangeStamps(catalog);
  const catchUp = new SharedCatchUp(() => catalog.look(orm.em.fork()));
  const documents = new Recent<{ read: IdSource | null }>(MAX_DOCUMENTS);
  const answers = new Recent<Kept>(MAX_ANSWERS, MAX_ANSWER_BYTES, (k) => k.body.length * 2);

  const readOf = (query: string) => {
    let known = documents.get(query);
    if (!known) documents.set(query, (known = { read: productReadOf(query) }));
    return known.read;
  };

  return async (req: Request, res: Response, next: NextFunction) => {
    const body: unknown = req.body;
    if (req.method !== 'POST' || cookie.presented(req) || !plainObject(body)) return next();
    const { query, variables = {}, operationName = null, extensions } = body;
    if (typeof query !== 'string' || query.length > MAX_DOCUMENT_CHARS) return next();
    if (extensions !== undefined || !plainObject(variables)) return next();
    if (operationName !== null && typeof operationName !== 'string') return next();
    const read = readOf(query);
    const id = read && idOf(read, variables);
    if (id === null || id === undefined) return next();

    let pending: ReadonlySet<number> | 'all';
    try {
      pending = await catchUp.wait();
    } catch {
      return next();
    }
    const key = JSON.stringify([req.get('accept') ?? '', operationName, variables, query]);
    const stamp = stamps.of(id);
    const kept = answers.get(key);
    // Kept and still true: no change to it applied since, none waiting to be applied.
    if (kept?.stamp === stamp && pending !== 'all' && !pending.has(id)) {
      observe?.('hit');
      for (const [name, value] of kept.headers) res.setHeader(name, value);
      res.status(200).send(kept.body);
      return;
    }

    // Not kept: the ordinary path answers, and its answer is kept when it is a clean one.
    observe?.('miss');
    const before = new Set(res.getHeaderNames());
    const send = res.send.bind(res);
    res.send = (answer?: unknown) => {
      if (
        res.statusCode === 200 &&
        typeof answer === 'string' &&
        // A change waiting to be applied would void it at once: keep the next answer instead.
        pending !== 'all' &&
        !pending.has(id) &&
        stamps.of(id) === stamp &&
        cleanAnswer(answer)
      ) {
        const headers = res
          .getHeaderNames()
          .filter((name) => !before.has(name) && !NOT_KEPT.has(name))
          .map((name) => [name, res.getHeader(name)!] as Kept['headers'][number]);
        answers.set(key, { stamp, body: answer, headers });
      }
      return send(answer);
    };
    next();
  };
}
