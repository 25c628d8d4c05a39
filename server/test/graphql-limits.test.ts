import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { buildSchema, parse, validate, specifiedRules, type DocumentNode } from 'graphql';
import { ROOT_DIR } from '../src/config.js';
import { GRAPHQL_LIMITS, graphqlArmor, type GraphQLLimits } from '../src/api/graphql/armor.js';
import { capResponseSize, RESPONSE_TOO_LARGE_MESSAGE } from '../src/api/graphql/response-size.js';
import { shopWith } from './support/app.js';

const schema = buildSchema(readFileSync(path.join(ROOT_DIR, 'schema.graphql'), 'utf8'));

/** Every `graphql(`…`)` document of the storefront (client/src/**, generated code excluded). */
function storefrontDocuments(): string[] {
  const documents: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) {
        if (name !== 'gql') walk(file);
      } else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) {
        for (const match of readFileSync(file, 'utf8').matchAll(/graphql\(`([\s\S]*?)`\)/g)) {
          documents.push(match[1]!);
        }
      }
    }
  };
  walk(path.join(ROOT_DIR, 'client', 'src'));
  return documents;
}

/** Each operation with every fragment of the storefront (unused ones are dropped). */
function storefrontOperations(): { name: string; source: string }[] {
  const documents = storefrontDocuments();
  const fragments = documents.filter((d) => d.trim().startsWith('fragment'));
  return documents
    .filter((d) => !d.trim().startsWith('fragment'))
    .map((op) => {
      // The fragments an operation reaches, directly or through other fragments.
      const used: string[] = [];
      let frontier = [op];
      while (frontier.length > 0) {
        const next = fragments.filter(
          (f) =>
            !used.includes(f) &&
            frontier.some((d) => d.includes(`...${/fragment\s+(\w+)/.exec(f)![1]!}`)),
        );
        used.push(...next);
        frontier = next;
      }
      return {
        name: /(query|mutation|subscription)\s+(\w+)/.exec(op)?.[2] ?? '?',
        source: [op, ...used].join('\n'),
      };
    });
}

function limitErrors(document: DocumentNode, limits: GraphQLLimits): string[] {
  const { validationRules } = graphqlArmor({ hideSuggestions: false, limits });
  return validate(schema, document, [...specifiedRules, ...validationRules]).map((e) => e.message);
}

/** Headroom: half of every limit, and two levels less of depth. */
const tighter = (limits: GraphQLLimits): GraphQLLimits => ({
  maxDepth: limits.maxDepth - 2,
  maxCost: Math.floor(limits.maxCost / 2),
  maxAliases: Math.floor(limits.maxAliases / 2),
  maxDirectives: Math.floor(limits.maxDirectives / 2),
  maxTokens: Math.floor(limits.maxTokens / 2),
});

describe('GraphQL limits: the storefront’s real operations fit with headroom', () => {
  const operations = storefrontOperations();

  test('the storefront’s operations are found (client/src/**/api.ts)', () => {
    expect(operations.map((o) => o.name)).toEqual(expect.arrayContaining(['CatalogPage']));
  });

  test.each(operations.map((o) => [o.name, o.source]))(
    'rules: %s fits in half of every limit (depth: two levels less)',
    (_name, source) => {
      const document = parse(source, { maxTokens: Math.floor(GRAPHQL_LIMITS.maxTokens / 2) });
      expect(limitErrors(document, tighter(GRAPHQL_LIMITS))).toEqual([]);
    },
  );
});

describe('GraphQL limits: each rule refuses on its own', () => {
  const limits = GRAPHQL_LIMITS;
  test('rule max depth: one level more than allowed is refused in Spanish', () => {
    const deep = `{ __type(name: "Product") { fields { type { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } }`;
    expect(limitErrors(parse(deep), limits)).toEqual([
      `La consulta es demasiado profunda: como máximo ${limits.maxDepth} niveles`,
    ]);
  });

  test('rule cost limit: many costly fields under the alias limit are refused', () => {
    const page = `products(limit: 10) { items { id name description priceCents unitPriceCents onPromotion promotionPriceCents totalStock brand { id name } type { id name } color { id name } sizes { size stock } images { id url fileName } } facets { brands { value count } types { value count } sizes { value count } sexes { value count } colors { value count } priceRanges { value count } } }`;
    const query = `{ ${Array.from({ length: limits.maxAliases }, (_, i) => `p${i}: ${page}`).join(' ')} }`;
    const document = parse(query);
    expect(limitErrors(document, { ...limits, maxTokens: 1e6 })).toEqual([
      `La consulta es demasiado costosa: como máximo ${limits.maxCost} puntos`,
    ]);
  });

  test('rule max aliases: one alias more than allowed is refused', () => {
    const query = `{ ${Array.from({ length: limits.maxAliases + 1 }, (_, i) => `a${i}: appVersion`).join(' ')} }`;
    expect(limitErrors(parse(query), limits)).toEqual([
      `La consulta tiene demasiados alias: como máximo ${limits.maxAliases}`,
    ]);
  });

  test('rule max directives: one directive more than allowed is refused', () => {
    const query = `{ appVersion ${'@include(if: true) '.repeat(limits.maxDirectives + 1)} }`;
    const messages = limitErrors(parse(query), limits);
    expect(messages).toContain(
      `La consulta tiene demasiadas directivas: como máximo ${limits.maxDirectives}`,
    );
  });
});

const shop = shopWith([{ name: 'Playera Nike 1 Negro', price: 249.5, brand: 'Nike' }]);

/** No stack, no absolute path, no SQL, no English internals in what a client reads. */
function expectNoLeak(body: unknown) {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(
    /\bat .+\(.*:\d+:\d+\)|stacktrace|\/work\/|\/home\/|\/root\/|node_modules/i,
  );
  expect(text).not.toMatch(/\bselect\b|\bfrom\b.*\bwhere\b|syntax error|postgres/i);
}

async function post(body: unknown) {
  return request(shop.app.app)
    .post('/graphql')
    .set('Content-Type', 'application/json')
    .send(body as object);
}

describe('GraphQL limits over HTTP: abuse is refused before it runs', () => {
  test('rule max tokens: a request with 500 aliases answers 400 in Spanish and runs no SQL', async () => {
    const query = `{ ${Array.from({ length: 500 }, (_, i) => `a${i}: products { total }`).join(' ')} }`;
    const res = await post({ query });
    expect(res.status).toBe(400);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors).toEqual([
      {
        message: `La consulta es demasiado larga: como máximo ${GRAPHQL_LIMITS.maxTokens} símbolos`,
        extensions: { code: 'GRAPHQL_PARSE_FAILED' },
      },
    ]);
    expect(res.headers['server-timing']).toMatch(/db;desc="0 queries"/);
    expectNoLeak(res.body);
  });

  test('rule max tokens: a 7 KB query of aliased products(search) with facets answers 400', async () => {
    let query = '{';
    for (let i = 0; query.length < 7000; i += 1) {
      query += ` s${i}: products(filter: { search: "camisa ${i}" }, limit: 50) { total items { id name } facets { brands { value count } sizes { value count } } }`;
    }
    query += ' }';
    const res = await post({ query });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toMatch(/^La consulta es demasiado larga/);
    expect(res.headers['server-timing']).toMatch(/db;desc="0 queries"/);
    expectNoLeak(res.body);
  });

  test('rule max aliases: 11 aliased searches with facets answer 400 and run no SQL', async () => {
    const query = `{ ${Array.from({ length: 11 }, (_, i) => `s${i}: products(filter: { search: "x${i}" }) { total facets { brands { value count } } }`).join(' ')} }`;
    const res = await post({ query });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      {
        message: `La consulta tiene demasiados alias: como máximo ${GRAPHQL_LIMITS.maxAliases}`,
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
      },
    ]);
    expect(res.headers['server-timing']).toMatch(/db;desc="0 queries"/);
  });

  test('rule max depth: a query deeper than the limit answers 400 in Spanish', async () => {
    const query = `{ __type(name: "Product") { fields { type { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } }`;
    const res = await post({ query });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toEqual({
      message: `La consulta es demasiado profunda: como máximo ${GRAPHQL_LIMITS.maxDepth} niveles`,
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });
    expectNoLeak(res.body);
  });

  test('the storefront’s CatalogPage query still answers', async () => {
    const catalog = storefrontOperations().find((o) => o.name === 'CatalogPage')!;
    const res = await post({
      query: catalog.source,
      variables: { sort: 'NEWEST', offset: 0, limit: 24 },
    });
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.products.total).toBe(1);
  });
});

describe('GraphQL response size cap', () => {
  const app = express();
  app.get('/graphql', capResponseSize(1000), (req, res) => {
    res
      .type('application/json')
      .send(JSON.stringify({ data: { x: 'a'.repeat(Number(req.query.n)) } }));
  });

  test('rule response size: a result within the cap is sent as it is', async () => {
    const res = await request(app).get('/graphql?n=900');
    expect(res.status).toBe(200);
    expect(res.body.data.x).toHaveLength(900);
  });

  test('rule response size: a larger result becomes a coded Spanish error', async () => {
    const res = await request(app).get('/graphql?n=1000');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errors: [{ message: RESPONSE_TOO_LARGE_MESSAGE, extensions: { code: 'RESPONSE_TOO_LARGE' } }],
    });
  });
});
