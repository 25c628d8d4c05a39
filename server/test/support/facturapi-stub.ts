import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CFDI_USES, TAX_REGIMES } from '@tienda/rules';

/**
 * A local Facturapi (https://www.facturapi.io/v2) speaking the HTTP API the SDK calls, for the
 * tests and the e2e harness: POST /v2/invoices, GET /v2/invoices (the start-up check),
 * GET /v2/invoices/{id}/pdf|xml and DELETE /v2/invoices/{id}?motive=. It checks what it is sent
 * against the API's published shapes (the bearer key; customer legal_name, tax_id, tax_system,
 * address.zip, email; items with quantity, discount and product {description, product_key,
 * unit_key, price, tax_included, taxes}; use; payment_form; payment_method; idempotency_key)
 * and answers Facturapi's errors: `{ message, status }` with 400 (in Spanish, as it writes them).
 * `sat` plays the SAT's records: a tax_id there must come with its name and zip, as the SAT
 * refuses a CFDI 4.0 whose receiver does not match its Constancia.
 */
export interface StubInvoice {
  id: string;
  uuid: string;
  status: 'valid' | 'canceled';
  cancellation_status: 'none' | 'accepted' | 'pending';
  total: number;
  body: Record<string, unknown>;
  idempotency_key: string;
  motive?: string;
  /** The substitute's id, for a cancellation with motive 01. */
  substitution?: string;
}

export interface FacturapiStub {
  url: string;
  key: string;
  invoices: StubInvoice[];
  /** POST /v2/invoices calls received (a replay of an idempotency key included). */
  createCalls: number;
  /** The SAT's records: tax_id → the legal name and zip on its Constancia. */
  sat: Map<string, { legalName: string; zip: string }>;
  /** When set, the next cancellations answer 'pending' (the receiver must accept). */
  cancelPending: boolean;
  /** The issuer's (the key's organisation's) fiscal zip: GET /v2/organizations/me. */
  issuerZip: string;
  /** Cut the stub off: every call answers 503 until set back. */
  down: boolean;
  close(): Promise<void>;
}

const PAYMENT_FORMS = ['01', '02', '03', '04', '05', '06', '08', '28', '29', '30', '31', '99'];
const RFC = /^[A-ZÑ&]{3,4}\d{6}[A-Z\d]{3}$/;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The first problem of an invoice body, in Facturapi's words; null when it is well formed. */
export function invoiceProblem(
  body: unknown,
  sat: FacturapiStub['sat'],
  issuerZip = '06600',
  /** The invoices stamped so far, which `related_documents` may name. */
  stamped: readonly StubInvoice[] = [],
): string | null {
  if (!isObject(body)) return 'El cuerpo de la solicitud debe ser un objeto JSON';
  const related = relatedProblem(body, stamped);
  if (related) return related;
  const c = body.customer;
  if (!isObject(c)) return 'El campo customer es requerido';
  if (typeof c.legal_name !== 'string' || c.legal_name.trim() === '') {
    return 'El campo customer.legal_name es requerido';
  }
  if (typeof c.tax_id !== 'string' || !RFC.test(c.tax_id)) {
    return 'El campo customer.tax_id no es un RFC válido';
  }
  if (!TAX_REGIMES.some((r) => r.code === c.tax_system)) {
    return 'El campo customer.tax_system no es un régimen fiscal válido';
  }
  if (!isObject(c.address) || typeof c.address.zip !== 'string' || !/^\d{5}$/.test(c.address.zip)) {
    return 'El campo customer.address.zip debe ser un código postal de 5 dígitos';
  }
  if (c.email !== undefined && (typeof c.email !== 'string' || !c.email.includes('@'))) {
    return 'El campo customer.email no es un correo válido';
  }
  const record = sat.get(c.tax_id);
  if (record && record.legalName !== c.legal_name) {
    return 'El campo Nombre del receptor debe pertenecer al nombre asociado al RFC registrado en el campo Rfc del Receptor';
  }
  if (record && record.zip !== c.address.zip) {
    return 'El campo DomicilioFiscalReceptor del receptor debe pertenecer al nombre asociado al RFC registrado en el campo Rfc del Receptor';
  }
  // The global invoice (Facturapi's `global`, the SAT's InformacionGlobal): only to the public in
  // general, whose zip is the issuer's, régimen 616 and use S01.
  const generic = c.tax_id === 'XAXX010101000';
  if (generic) {
    if (c.legal_name !== 'PUBLICO EN GENERAL') {
      return 'El campo Nombre del receptor debe ser PUBLICO EN GENERAL para el RFC genérico';
    }
    if (c.tax_system !== '616') return 'El RFC genérico requiere el régimen fiscal 616';
    if (c.address.zip !== issuerZip) {
      return 'El DomicilioFiscalReceptor del público en general debe ser el LugarExpedicion del emisor';
    }
    if (body.use !== 'S01') return 'El RFC genérico requiere el uso S01';
    const g = body.global;
    if (!isObject(g)) return 'El campo global es requerido en una factura al público en general';
    if (!['day', 'week', 'fortnight', 'month', 'two_months'].includes(g.periodicity as string)) {
      return 'El campo global.periodicity no es una periodicidad válida';
    }
    if (typeof g.months !== 'string' || !/^(0[1-9]|1[0-2]|1[3-8])$/.test(g.months)) {
      return 'El campo global.months no es un mes válido';
    }
    if (typeof g.year !== 'number' || !Number.isInteger(g.year) || g.year < 2022) {
      return 'El campo global.year no es un año válido';
    }
  } else if (body.global !== undefined) {
    return 'El campo global solo se admite con el RFC genérico XAXX010101000';
  }
  if (!Array.isArray(body.items) || body.items.length === 0) {
    return 'El campo items debe tener al menos un concepto';
  }
  for (const [n, item] of body.items.entries()) {
    if (!isObject(item)) return `items[${n}] debe ser un objeto`;
    if (typeof item.quantity !== 'number' || item.quantity <= 0) {
      return `items[${n}].quantity debe ser mayor que 0`;
    }
    const p = item.product;
    if (!isObject(p)) return `items[${n}].product es requerido`;
    if (typeof p.description !== 'string' || p.description.trim() === '') {
      return `items[${n}].product.description es requerido`;
    }
    if (p.sku !== undefined && (typeof p.sku !== 'string' || p.sku === '')) {
      return `items[${n}].product.sku debe ser texto`;
    }
    if (generic && (p.product_key !== '01010101' || p.unit_key !== 'ACT' || !p.sku)) {
      return `items[${n}] de una factura global debe llevar product_key 01010101, unit_key ACT y sku (el número de la venta)`;
    }
    if (typeof p.product_key !== 'string' || !/^\d{8}$/.test(p.product_key)) {
      return `items[${n}].product.product_key debe ser una clave de 8 dígitos del catálogo c_ClaveProdServ`;
    }
    if (typeof p.unit_key !== 'string' || !/^[A-Z0-9]{2,3}$/.test(p.unit_key)) {
      return `items[${n}].product.unit_key no es una clave del catálogo c_ClaveUnidad`;
    }
    if (
      typeof p.price !== 'number' ||
      p.price <= 0 ||
      // At most 2 decimals (within float error: 7594.93 * 100 is 759492.99999…).
      Math.abs(Math.round(p.price * 100) - p.price * 100) > 1e-6
    ) {
      return `items[${n}].product.price debe ser mayor que 0, con a lo más 2 decimales`;
    }
    if (p.tax_included !== true && p.tax_included !== false) {
      return `items[${n}].product.tax_included debe ser booleano`;
    }
    if (
      !Array.isArray(p.taxes) ||
      !p.taxes.every((t) => isObject(t) && t.type === 'IVA' && t.rate === 0.16)
    ) {
      return `items[${n}].product.taxes debe ser IVA al 0.16`;
    }
    const discount = item.discount ?? 0;
    if (typeof discount !== 'number' || discount < 0) {
      return `items[${n}].discount no puede ser negativo`;
    }
    if (discount >= item.quantity * p.price) {
      return `items[${n}].discount debe ser menor que el importe del concepto`;
    }
  }
  const use = CFDI_USES.find((u) => u.code === body.use);
  if (!use) return 'El campo use no es un uso de CFDI válido';
  if (!use.regimes.includes(c.tax_system as string)) {
    return 'La clave del campo UsoCFDI debe corresponder con el tipo de persona y el régimen del receptor';
  }
  if (typeof body.payment_form !== 'string' || !PAYMENT_FORMS.includes(body.payment_form)) {
    return 'El campo payment_form no es una forma de pago válida';
  }
  if (body.payment_method !== 'PUE') return 'El campo payment_method debe ser PUE';
  if (typeof body.idempotency_key !== 'string' || body.idempotency_key === '') {
    return 'El campo idempotency_key es requerido';
  }
  return null;
}

/**
 * `type` ('I' by default, 'E' egreso) and `related_documents` ([{ relationship, documents: [uuid]
 * }], the SAT's CfdiRelacionados as Facturapi takes them): an egreso (credit note) must relate
 * with '01' to a valid ingreso of the same receiver and not exceed it; a '04' (substitution)
 * names a stamped invoice of the same type. Every UUID named must be one the stub stamped.
 */
function relatedProblem(body: Json, stamped: readonly StubInvoice[]): string | null {
  const type = body.type ?? 'I';
  if (type !== 'I' && type !== 'E') return 'El campo type debe ser I o E';
  const relations = body.related_documents;
  if (relations !== undefined && !Array.isArray(relations)) {
    return 'El campo related_documents debe ser un arreglo';
  }
  const list = (relations ?? []) as unknown[];
  for (const [n, r] of list.entries()) {
    if (!isObject(r) || typeof r.relationship !== 'string' || !/^0[1-7]$/.test(r.relationship)) {
      return `related_documents[${n}].relationship no es una clave de c_TipoRelacion`;
    }
    if (
      !Array.isArray(r.documents) ||
      r.documents.length === 0 ||
      !r.documents.every((d) => typeof d === 'string' && /^[0-9A-F-]{36}$/i.test(d))
    ) {
      return `related_documents[${n}].documents debe ser una lista de UUID`;
    }
    for (const uuid of r.documents as string[]) {
      const original = stamped.find((i) => i.uuid.toUpperCase() === uuid.toUpperCase());
      if (!original) return `El CFDI relacionado ${uuid} no existe`;
      const customer = (body.customer ?? {}) as Json;
      if ((original.body.customer as Json).tax_id !== customer.tax_id) {
        if (r.relationship === '01') {
          return `El CFDI relacionado ${uuid} es de otro receptor`;
        }
      }
      if (r.relationship === '01') {
        if (type !== 'E') return 'La relación 01 (nota de crédito) solo se admite en un egreso';
        if ((original.body.type ?? 'I') !== 'I') {
          return `El CFDI relacionado ${uuid} no es un ingreso`;
        }
        if (original.status !== 'valid') return `El CFDI relacionado ${uuid} está cancelado`;
      }
      if (r.relationship === '04' && (original.body.type ?? 'I') !== type) {
        return `El CFDI que se sustituye (${uuid}) debe ser del mismo tipo`;
      }
    }
  }
  if (type === 'E') {
    const credit = list.find((r) => isObject(r) && r.relationship === '01') as Json | undefined;
    if (!credit) {
      return 'Un CFDI de egreso debe relacionar con la relación 01 la factura que corrige';
    }
    if (body.global !== undefined) return 'El campo global no se admite en un egreso';
    const original = stamped.find((i) => i.uuid === (credit.documents as string[])[0]);
    if (original && Array.isArray(body.items) && body.items.every(isObject)) {
      const credited = stamped
        .filter(
          (i) =>
            i.status === 'valid' &&
            i.body.type === 'E' &&
            (i.body.related_documents as Json[] | undefined)?.some((r) =>
              (r.documents as string[]).includes(original.uuid),
            ),
        )
        .reduce((sum, i) => sum + Math.round(i.total * 100), 0);
      if (credited + Math.round(totalOf(body) * 100) > Math.round(original.total * 100)) {
        return 'El total de las notas de crédito excede el de la factura que corrigen';
      }
    }
  }
  return null;
}

/** The invoice's total in pesos, prices with IVA included, as Facturapi computes it. */
function totalOf(body: Json): number {
  const cents = (body.items as Json[]).reduce((sum, item) => {
    const product = item.product as Json;
    return (
      sum +
      Math.round((item.quantity as number) * (product.price as number) * 100) -
      Math.round(((item.discount as number | undefined) ?? 0) * 100)
    );
  }, 0);
  return cents / 100;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => resolve(text));
  });

export async function startFacturapiStub(key = 'sk_test_tienda_stub'): Promise<FacturapiStub> {
  const stub: Omit<FacturapiStub, 'url' | 'close'> = {
    key,
    invoices: [],
    createCalls: 0,
    sat: new Map(),
    cancelPending: false,
    issuerZip: '06600',
    down: false,
  };
  const fail = (res: ServerResponse, status: number, message: string) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ message, status }));
  };
  const json = (res: ServerResponse, value: unknown) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(value));
  };
  const answerOf = (i: StubInvoice) => ({
    id: i.id,
    uuid: i.uuid,
    status: i.status,
    cancellation_status: i.cancellation_status,
    total: i.total,
    idempotency_key: i.idempotency_key,
    customer: (i.body as Json).customer,
    items: (i.body as Json).items,
    use: (i.body as Json).use,
    payment_form: (i.body as Json).payment_form,
    payment_method: (i.body as Json).payment_method,
    global: (i.body as Json).global,
    type: (i.body as Json).type ?? 'I',
    related_documents: (i.body as Json).related_documents ?? [],
  });

  const server: Server = createServer((req, res) => {
    void (async () => {
      const text = await readBody(req);
      if (stub.down) return fail(res, 503, 'Servicio no disponible');
      if (req.headers.authorization !== `Bearer ${key}`) {
        return fail(res, 401, 'La API key enviada es inválida');
      }
      const url = new URL(req.url ?? '/', 'http://stub');
      const path = url.pathname.replace(/\/+$/, '');
      if (req.method === 'GET' && path === '/v2/organizations/me') {
        return json(res, {
          id: 'org_stub',
          legal: {
            name: 'Tienda',
            legal_name: 'TIENDA DE PRUEBA',
            tax_id: 'EKU9003173C9',
            tax_system: '601',
            address: { zip: stub.issuerZip },
          },
        });
      }
      if (req.method === 'GET' && path === '/v2/invoices') {
        return json(res, {
          page: 1,
          total_pages: 1,
          total_results: stub.invoices.length,
          data: stub.invoices.slice(0, 1).map(answerOf),
        });
      }
      if (req.method === 'POST' && path === '/v2/invoices') {
        stub.createCalls += 1;
        if (!/^application\/json\b/.test(req.headers['content-type'] ?? '')) {
          return fail(res, 400, 'El cuerpo debe ser JSON');
        }
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          return fail(res, 400, 'El cuerpo no es JSON válido');
        }
        // A key already stamped answers that invoice (before validating: a retry of a credit
        // note must not count itself against the original's total).
        const replay = isObject(body)
          ? stub.invoices.find((i) => i.idempotency_key === body.idempotency_key)
          : undefined;
        if (replay) return json(res, answerOf(replay));
        const problem = invoiceProblem(body, stub.sat, stub.issuerZip, stub.invoices);
        if (problem) return fail(res, 400, problem);
        const b = body as Json;
        const invoice: StubInvoice = {
          id: `inv_${randomUUID().replace(/-/g, '').slice(0, 24)}`,
          uuid: randomUUID().toUpperCase(),
          status: 'valid',
          cancellation_status: 'none',
          total: totalOf(b),
          body: b,
          idempotency_key: b.idempotency_key as string,
        };
        stub.invoices.push(invoice);
        return json(res, answerOf(invoice));
      }
      const one = /^\/v2\/invoices\/([\w-]+)(?:\/(pdf|xml))?$/.exec(path);
      const invoice = one && stub.invoices.find((i) => i.id === one[1]);
      if (!one || !invoice) return fail(res, 404, 'No se encontró la factura');
      if (req.method === 'GET' && one[2] === 'pdf') {
        res.writeHead(200, { 'Content-Type': 'application/pdf' });
        return res.end(Buffer.from(`%PDF-1.4\n% Factura ${invoice.uuid}\n%%EOF\n`));
      }
      if (req.method === 'GET' && one[2] === 'xml') {
        res.writeHead(200, { 'Content-Type': 'application/xml' });
        return res.end(
          `<?xml version="1.0" encoding="UTF-8"?><cfdi:Comprobante Version="4.0" Total="${invoice.total.toFixed(2)}"><cfdi:Complemento><tfd:TimbreFiscalDigital UUID="${invoice.uuid}"/></cfdi:Complemento></cfdi:Comprobante>`,
        );
      }
      if (req.method === 'DELETE' && !one[2]) {
        const motive = url.searchParams.get('motive');
        if (!motive || !['01', '02', '03', '04'].includes(motive)) {
          return fail(res, 400, 'El parámetro motive debe ser 01, 02, 03 o 04');
        }
        const substitution = url.searchParams.get('substitution');
        if (motive === '01' && !substitution) {
          return fail(res, 400, 'El motivo 01 requiere el parámetro substitution');
        }
        if (motive === '01') {
          // The substitute: a stamped invoice (its id or UUID) relating this one with '04'.
          const substitute = stub.invoices.find(
            (i) => i.id === substitution || i.uuid === substitution,
          );
          const relates = (substitute?.body.related_documents as Json[] | undefined)?.some(
            (r) => r.relationship === '04' && (r.documents as string[]).includes(invoice.uuid),
          );
          if (!substitute || substitute.status !== 'valid' || !relates) {
            return fail(
              res,
              400,
              'El parámetro substitution debe ser la factura vigente que sustituye a esta (relación 04)',
            );
          }
          invoice.substitution = substitute.id;
        }
        if (motive !== '01' && substitution) {
          return fail(res, 400, 'El parámetro substitution solo se admite con el motivo 01');
        }
        if (invoice.status === 'canceled') return json(res, answerOf(invoice));
        invoice.motive = motive;
        if (stub.cancelPending) invoice.cancellation_status = 'pending';
        else {
          invoice.status = 'canceled';
          invoice.cancellation_status = 'accepted';
        }
        return json(res, answerOf(invoice));
      }
      return fail(res, 404, 'Ruta no encontrada');
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`;
  return Object.assign(stub, {
    url,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
