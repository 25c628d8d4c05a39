import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { Response } from 'supertest';
import { openApiPath } from '../../src/api/rest/openapi.js';

/** The parts of the served document the checks read. */
export interface OpenApiDoc {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, ResponseObject>; schemas: Record<string, unknown> };
  [key: string]: unknown;
}
interface Operation {
  summary?: string;
  'x-access'?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, ResponseObject | { $ref: string }>;
}
interface ResponseObject {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema: unknown }>;
}

const pointer = (...parts: string[]) =>
  parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/**
 * Checks real answers against the OpenAPI document the app serves: the status must be one the
 * operation documents, and the JSON body must match that response's schema (ajv, JSON Schema
 * 2020-12, over the document itself, so `$ref`s resolve as an integrator's tool resolves them).
 * Formats are not asserted by ajv (zod writes a `pattern` beside `date-time`, which is).
 */
export class DocumentedAnswers {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(readonly doc: OpenApiDoc) {
    this.ajv.addSchema(doc as object, 'openapi.json');
  }

  /** The operation of `METHOD /express/path`, or undefined when the document lacks it. */
  operation(method: string, expressPath: string): Operation | undefined {
    return this.doc.paths[openApiPath(expressPath)]?.[method.toLowerCase()];
  }

  /** Throws (with the route, status and the schema's complaints) unless the answer is documented. */
  expectDocumented(method: string, expressPath: string, res: Response): void {
    const where = `${method.toUpperCase()} ${expressPath} → ${res.status}`;
    const operation = this.operation(method, expressPath);
    if (!operation) throw new Error(`${where}: la operación no está en el documento`);
    let response = operation.responses[String(res.status)];
    let ref = pointer('paths', openApiPath(expressPath), method.toLowerCase(), 'responses');
    ref = `${ref}/${res.status}`;
    if (!response) {
      throw new Error(`${where}: el estado no está documentado (${res.text.slice(0, 200)})`);
    }
    if ('$ref' in response) {
      ref = response.$ref.slice(2);
      response = this.doc.components.responses[ref.split('/').pop()!]!;
    }
    if (!response.content) {
      if (res.text) throw new Error(`${where}: se documentó sin cuerpo y llegó «${res.text}»`);
      return;
    }
    // A file (the products' CSV): its media type is the one documented; the body is the file.
    const mediaType = Object.keys(response.content)[0]!;
    if (mediaType !== 'application/json') {
      if (!String(res.headers['content-type']).startsWith(mediaType)) {
        throw new Error(`${where}: se esperaba ${mediaType}, llegó ${res.headers['content-type']}`);
      }
      return;
    }
    if (!/^application\/json\b/.test(String(res.headers['content-type']))) {
      throw new Error(`${where}: se esperaba JSON, llegó ${res.headers['content-type']}`);
    }
    for (const header of Object.keys(response.headers ?? {})) {
      if (header !== 'Retry-After' && res.headers[header.toLowerCase()] === undefined) {
        throw new Error(`${where}: falta la cabecera documentada ${header}`);
      }
    }
    const schemaRef = `openapi.json#/${ref}/${pointer('content', 'application/json', 'schema')}`;
    let validate = this.validators.get(schemaRef);
    if (!validate) {
      validate = this.ajv.getSchema(schemaRef);
      if (!validate) throw new Error(`${where}: no se encontró el esquema ${schemaRef}`);
      this.validators.set(schemaRef, validate);
    }
    if (!validate(res.body)) {
      const problems = this.ajv.errorsText(validate.errors, { separator: '\n  ' });
      throw new Error(
        `${where}: la respuesta no cumple su esquema:\n  ${problems}\n${res.text.slice(0, 500)}`,
      );
    }
  }
}
