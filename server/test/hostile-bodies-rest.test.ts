import querystring from 'node:querystring';
import fc from 'fast-check';
import type { z } from 'zod';
import { findUnacceptableText, isWellFormedUrl } from '../src/http/acceptable-text.js';
import { REST_ROUTES } from '../src/api/rest/router.js';
import type { RouteDef } from '../src/api/rest/route.js';
import { OVERSIZED_BODY, WRONG_CONTENT_TYPES, hostileIdSegment } from './support/hostile.js';
import { hostileObject, hostileQuery, hostileString, hostileValue } from './support/hostile.js';
import {
  malformedJson,
  malformedHeader,
  malformedUtf8,
  malformedUtf8Body,
} from './support/hostile.js';
import { percentEncoded } from './support/hostile.js';
import { RUNS, REFUSALS, ids, databaseChecksum, expectSpanish } from './support/hostile-shop.js';
import { METRICS_TOKEN } from './support/hostile-shop.js';
import { send, describeCase, expectAlive, type Who, type Sent } from './support/hostile-shop.js';

/**
 * Hostile bodies on every REST route of REST_ROUTES (support/hostile-shop.ts): a Spanish 4xx in
 * the shape { error, reason }, never a 500, the app still answering, the database untouched.
 */

/** Keys of a zod object schema (empty for anything else). */
function keysOf(schema: z.ZodType | undefined): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

/** What the route's own door refuses: a schema failure, a control character or malformed text. */
function refusedBy(schema: z.ZodType | undefined, value: unknown): boolean {
  if (findUnacceptableText(value) !== undefined) return true;
  return schema !== undefined && !schema.safeParse(value).success;
}

/** The path with every :param replaced, as Express will hand it to the route. */
const fillPath = (def: RouteDef, segment: string) =>
  `/api${def.path.replace(/:[a-zA-Z]+/g, segment)}`;

/** A request to the route that it must refuse, whoever sends it. */
function hostileRestRequest(def: RouteDef): fc.Arbitrary<Sent> {
  const method = def.method;
  const signedIn: fc.Arbitrary<Who> = fc.constantFrom('customer', 'admin');
  const validPath = fillPath(def, String(ids.customer));
  const queryKeys = keysOf(def.query);
  const bodyKeys = keysOf(def.body);
  const noiseQuery = fc.option(hostileQuery(queryKeys), { nil: undefined });
  const noiseBody = fc.option(hostileObject(bodyKeys), { nil: undefined });
  const withQuery = (path: string, q: string | undefined) => (q ? `${path}?${q}` : path);
  const kinds: fc.Arbitrary<Sent>[] = [
    // JSON that is not JSON (body-parser reads it before any route).
    fc
      .record({ who: signedIn, raw: malformedJson, q: noiseQuery })
      .map(({ who, raw, q }) => ({ method, path: withQuery(validPath, q), raw, who })),
    // A body or a charset a JSON route does not take.
    fc
      .record({
        who: signedIn,
        contentType: fc.constantFrom(...WRONG_CONTENT_TYPES),
        raw: fc.oneof(
          hostileString,
          hostileObject(bodyKeys).map((o) => JSON.stringify(o)),
        ),
      })
      .filter(({ raw }) => raw.length > 0)
      .map(({ who, contentType, raw }) => ({ method, path: validPath, contentType, raw, who })),
  ];
  if (def.body) {
    kinds.push(
      fc
        .record({ who: signedIn, json: fc.oneof(hostileObject(bodyKeys), hostileValue) })
        // A JSON body whose top level is not an object or array is not JSON for body-parser
        // (strict), and an object the route's own schema accepts is not hostile enough.
        .filter(
          ({ json }) => typeof json !== 'object' || json === null || refusedBy(def.body, json),
        )
        .map(({ who, json }) => ({ method, path: validPath, json, who })),
    );
  }
  if (def.query) {
    kinds.push(
      fc
        .record({ who: signedIn, q: hostileQuery(queryKeys) })
        // Invalid UTF-8 in the query string is refused at the edge (querystring.parse would
        // hand the route U+FFFD instead).
        .filter(({ q }) => !isWellFormedUrl(`?${q}`) || refusedBy(def.query, querystring.parse(q)))
        .map(({ who, q }) => ({ method, path: `${validPath}?${q}`, who })),
    );
  }
  if (def.params) {
    kinds.push(
      fc
        .record({ who: signedIn, id: hostileIdSegment, body: noiseBody })
        .map(({ who, id, body }) => ({ method, path: fillPath(def, id), json: body, who })),
    );
  }
  // Text that is not well-formed, anywhere: raw bytes that are not UTF-8 in the JSON body, the
  // same percent-encoded in the query string, or in a header.
  kinds.push(
    fc
      .record({ who: signedIn, raw: malformedUtf8Body(bodyKeys) })
      .map(({ who, raw }) => ({ method, path: validPath, raw, who })),
    fc
      .record({ who: signedIn, bytes: malformedUtf8, key: fc.constantFrom('x', ...queryKeys) })
      .map(({ who, bytes, key }) => ({
        method,
        path: `${validPath}?${key}=a${percentEncoded(bytes)}`,
        who,
      })),
    fc
      .record({ who: signedIn, headers: malformedHeader, body: noiseBody })
      .map(({ who, headers, body }) => ({ method, path: validPath, json: body, headers, who })),
  );
  if (def.access !== 'public') {
    kinds.push(
      fc.record({ body: noiseBody, q: noiseQuery }).map(({ body, q }) => ({
        method,
        path: withQuery(validPath, q),
        json: body,
        who: 'anonymous' as const,
      })),
    );
  }
  // The body limit: seldom, as it is 1 MB a case.
  return fc.oneof(...kinds.map((arbitrary) => ({ weight: 10, arbitrary })), {
    weight: 1,
    arbitrary: signedIn.map((who) => ({ method, path: validPath, raw: OVERSIZED_BODY, who })),
  });
}

async function expectRestRefusal(req: Sent): Promise<void> {
  const res = await send(req);
  const context = `${describeCase(req)} → ${res.status} ${res.text.slice(0, 300)}`;
  if (!REFUSALS.has(res.status)) throw new Error(`se esperaba un 4xx: ${context}`);
  const body = res.body as { error?: unknown; reason?: unknown };
  if (Object.keys(body).join() !== 'error,reason') {
    throw new Error(`sin { error, reason }: ${context}`);
  }
  expectSpanish(body.error, context);
  if (typeof body.reason !== 'string' || !/^[A-Z][A-Z_]*$/.test(body.reason)) {
    throw new Error(`reason no es una palabra estable (MAYÚSCULAS_CON_GUIONES): ${context}`);
  }
}

describe('hostile bodies on every REST route: a Spanish 4xx, never a 500, the database untouched', () => {
  test('every route of REST_ROUTES is fuzzed (the list the permission matrix walks)', () => {
    expect(REST_ROUTES.length).toBeGreaterThan(40);
  });

  test.each(REST_ROUTES.map((def) => [`${def.method.toUpperCase()} ${def.path}`, def] as const))(
    '%s refuses hostile input',
    async (_name, def) => {
      const before = await databaseChecksum();
      await fc.assert(fc.asyncProperty(hostileRestRequest(def), expectRestRefusal), {
        numRuns: RUNS,
        endOnFailure: true,
      });
      await expectAlive();
      expect(await databaseChecksum()).toEqual(before);
    },
  );
});

describe('hostile requests on /metrics (outside /api, METRICS_TOKEN its credential): refused, never a 500', () => {
  /** Anything but the token: sessions, malformed headers, bodies, queries, near-miss tokens. */
  const hostileMetricsRequest: fc.Arbitrary<Sent> = fc.oneof(
    fc
      .record({
        who: fc.constantFrom<Who>('anonymous', 'customer', 'admin'),
        headers: malformedHeader,
        q: fc.option(hostileQuery(['name', 'format']), { nil: undefined }),
      })
      .map(({ who, headers, q }) => ({
        method: 'get',
        path: q ? `/metrics?${q}` : '/metrics',
        headers,
        who,
      })),
    fc
      .record({
        who: fc.constantFrom<Who>('anonymous', 'customer', 'admin'),
        raw: malformedJson,
        token: fc.oneof(
          hostileString,
          fc.constantFrom(METRICS_TOKEN.slice(1), `${METRICS_TOKEN}x`, METRICS_TOKEN.toUpperCase()),
        ),
      })
      .map(({ who, raw, token }) => ({
        method: 'get',
        path: '/metrics',
        raw,
        headers: {
          Authorization: `Bearer ${Buffer.from(token, 'utf8')
            .toString('latin1')
            .replace(/[\r\n]/g, '')}`,
        },
        who,
      })),
  );

  test('every hostile request answers 401 (or 400 for malformed text), in Spanish, exposing nothing', async () => {
    const before = await databaseChecksum();
    await fc.assert(
      fc.asyncProperty(hostileMetricsRequest, async (req) => {
        const context = describeCase(req);
        let res;
        try {
          res = await send(req);
        } catch {
          return; // A header Node itself refuses to send never reaches the shop.
        }
        // Headers past Node's 16 KB limit are refused by its HTTP parser, before the shop.
        if (res.status === 431) return;
        if (![400, 401].includes(res.status)) {
          throw new Error(`estado ${res.status} inesperado: ${context}`);
        }
        expect(res.text).not.toContain('tienda_');
        expectSpanish(res.text, context);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    await expectAlive();
    expect(await databaseChecksum()).toEqual(before);
  });
});
