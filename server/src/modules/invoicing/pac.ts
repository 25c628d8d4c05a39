import facturapiModule from 'facturapi';
import { Readable } from 'node:stream';

/**
 * The shop's PAC (Proveedor Autorizado de Certificación): Facturapi through its SDK. The issuer
 * is the organisation of the key's account, as Facturapi works. Only this file knows the SDK;
 * the invoicing service talks to `Pac`, which tests point at a local server speaking the same
 * HTTP API (FACTURAPI_URL, test/support/facturapi-stub.ts).
 */
const Facturapi = facturapiModule.default;

export interface PacSettings {
  key?: string;
  /** Overrides https://www.facturapi.io/v2. */
  url?: string;
}

/** An invoice as Facturapi's POST /v2/invoices takes it (the fields the shop sends). */
export interface PacInvoiceBody {
  /** c_TipoDeComprobante: 'I' ingreso (Facturapi's default), 'E' egreso (a credit note). */
  type?: 'I' | 'E';
  /**
   * CfdiRelacionados: the credit note's original (relationship '01', nota de crédito), or the
   * invoice a corrected one substitutes ('04', sustitución de los CFDI previos).
   */
  related_documents?: { relationship: '01' | '04'; documents: string[] }[];
  customer: {
    legal_name: string;
    tax_id: string;
    tax_system: string;
    /** Absent on the global invoice (nobody to send it to). */
    email?: string;
    address: { zip: string };
  };
  /** The global invoice's InformacionGlobal (Facturapi's `GlobalInfo`). */
  global?: { periodicity: 'day' | 'week' | 'month'; months: string; year: number };
  items: {
    quantity: number;
    discount: number;
    product: {
      description: string;
      /** NoIdentificacion: on the global invoice, the order's number. */
      sku?: string;
      product_key: string;
      unit_key: string;
      price: number;
      tax_included: true;
      taxes: { type: 'IVA'; rate: 0.16 }[];
    };
  }[];
  use: string;
  payment_form: string;
  payment_method: 'PUE';
  /** The same key for every try of one invoice: the PAC stamps it once. */
  idempotency_key: string;
  external_id: string;
}

export interface PacInvoice {
  id: string;
  uuid: string;
  status: string;
  total: number;
}

/** A refusal the PAC answered (its message is Spanish, as Facturapi writes them). */
export class PacError extends Error {
  constructor(
    message: string,
    /** The HTTP status; 4xx: the invoice itself was refused (a retry will not help). */
    readonly status: number | undefined,
  ) {
    super(message);
    this.name = 'PacError';
  }

  get refused(): boolean {
    return this.status !== undefined && this.status >= 400 && this.status < 500;
  }
}

export interface Pac {
  /** Answers when the PAC is reachable with this key (the start-up check). */
  check(): Promise<void>;
  /** The issuer's fiscal postal code: the zip of the key's organisation (the global invoice's). */
  issuerZip(): Promise<string>;
  createInvoice(body: PacInvoiceBody): Promise<PacInvoice>;
  downloadPdf(id: string): Promise<Buffer>;
  downloadXml(id: string): Promise<Buffer>;
  /** Motive '02' (errors without relation) unless said. */
  cancel(id: string, motive: '01' | '02' | '03' | '04', substitution?: string): Promise<PacInvoice>;
}

async function bytesOf(download: unknown): Promise<Buffer> {
  if (Buffer.isBuffer(download)) return download;
  if (download instanceof Readable) {
    const chunks: Buffer[] = [];
    for await (const chunk of download) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  }
  if (download instanceof Blob) return Buffer.from(await download.arrayBuffer());
  if (typeof download === 'string') return Buffer.from(download, 'utf8');
  throw new Error('Respuesta de descarga inesperada del PAC');
}

const pacErrorOf = (error: unknown): unknown => {
  const e = error as { name?: string; message?: string; status?: number };
  return e?.name === 'FacturapiError'
    ? new PacError(e.message ?? 'Error del PAC', e.status)
    : error;
};

const wrap =
  <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
  async (...args: A): Promise<R> => {
    try {
      return await call(...args);
    } catch (error) {
      throw pacErrorOf(error);
    }
  };

/** The PAC the settings ask for; null without a key (invoicing is off). */
export function createPac(settings: PacSettings): Pac | null {
  if (!settings.key) return null;
  const client = new Facturapi(settings.key);
  if (settings.url) client.BASE_URL = settings.url;
  const toPacInvoice = (i: { id: string; uuid: string; status: string; total: number }) => ({
    id: i.id,
    uuid: i.uuid,
    status: i.status,
    total: i.total,
  });
  return {
    check: wrap(async () => {
      await client.invoices.list({ limit: 1 });
    }),
    issuerZip: wrap(async () => {
      const organization = await client.organizations.me();
      return organization.legal.address.zip;
    }),
    createInvoice: wrap(async (body: PacInvoiceBody) =>
      toPacInvoice(await client.invoices.create(body as unknown as Record<string, unknown>)),
    ),
    downloadPdf: wrap(async (id: string) => bytesOf(await client.invoices.downloadPdf(id))),
    downloadXml: wrap(async (id: string) => bytesOf(await client.invoices.downloadXml(id))),
    cancel: wrap(async (id: string, motive: '01' | '02' | '03' | '04', substitution?: string) =>
      toPacInvoice(
        await client.invoices.cancel(id, {
          motive: motive as never,
          ...(substitution ? { substitution } : {}),
        }),
      ),
    ),
  };
}
