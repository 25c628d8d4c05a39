import { captureLogs } from '../src/http/logger.js';
import { databaseChecksum, send, type Sent } from './support/hostile-shop.js';

/**
 * Counterexamples the hostile-bodies fuzz found, kept as named regressions
 * (support/hostile-shop.ts).
 */

describe('counterexamples the fuzz found, kept as named regressions', () => {
  test('rule a body that is not JSON on a JSON route answers 415: a DELETE with a text body deleted the address', async () => {
    const before = await databaseChecksum();
    const res = await send({
      method: 'delete',
      path: '/api/direcciones/1',
      contentType: 'text/plain',
      raw: '\u{41667}\u{58225}\u{9AE1B}',
      who: 'customer',
    });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      error: 'Tipo de contenido no admitido: el cuerpo debe ser JSON',
      reason: 'UNSUPPORTED_MEDIA_TYPE',
    });
    expect(await databaseChecksum()).toEqual(before);
  });

  test('rule a sign-out sent as a form answers 415 and the session stays', async () => {
    const before = await databaseChecksum();
    const res = await send({
      method: 'post',
      path: '/api/auth/logout',
      contentType: 'application/x-www-form-urlencoded',
      raw: 'a=1',
      who: 'admin',
    });
    expect(res.status).toBe(415);
    expect(await databaseChecksum()).toEqual(before);
    expect((await send({ method: 'get', path: '/api/auth/me', who: 'admin' })).status).toBe(200);
  });

  test('rule GraphQL request errors are in Spanish, with the technical detail after', async () => {
    const parse = await send({
      method: 'post',
      path: '/graphql',
      json: { query: 'mut' },
      who: 'anonymous',
    });
    expect(parse.status).toBe(400);
    expect(parse.body.errors[0].message).toMatch(/^La consulta no es GraphQL válido: Syntax Error/);
    expect(parse.body.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
    const variables = await send({
      method: 'post',
      path: '/graphql',
      json: {
        query: 'query ($id: Int!) { product(id: $id) { id } }',
        variables: { id: '../../etc/passwd' },
      },
      who: 'anonymous',
    });
    expect(variables.status).toBe(400);
    expect(variables.body.errors[0].message).toMatch(
      /^Las variables de la consulta no son válidas: /,
    );
    const envelope = await send({
      method: 'post',
      path: '/graphql',
      json: { query: 2147483630 },
      who: 'anonymous',
    });
    expect(envelope.body.errors[0].message).toMatch(/^La petición GraphQL no es válida: /);
    const csrf = await send({
      method: 'post',
      path: '/graphql',
      contentType: 'text/plain',
      raw: '{"query":"{ appVersion }"}',
      who: 'anonymous',
    });
    expect(csrf.status).toBe(400);
    expect(csrf.body.errors[0].message).toMatch(/^La petición GraphQL no es válida: /);
  });
});

/** Sends `req` while capturing the log at debug level; returns the answer and the log lines. */
async function sendLogged(req: Sent) {
  const logs = captureLogs('debug');
  try {
    return { res: await send(req), lines: logs.lines };
  } finally {
    logs.stop();
  }
}

/** No log line at warn or above, and nothing in the log that looks like SQL or a stack. */
function expectQuietLog(lines: Record<string, unknown>[]) {
  expect(lines.filter((l) => Number(l.level) >= 40)).toEqual([]);
  expect(JSON.stringify(lines)).not.toMatch(/\bselect\b|invalid input syntax|stack/i);
}

const MALFORMED = { error: 'El texto enviado no es válido', reason: 'MALFORMED_TEXT' };
const MALFORMED_GRAPHQL = [
  {
    message: 'El texto enviado no es válido',
    extensions: { code: 'BAD_USER_INPUT', reason: 'MALFORMED_TEXT' },
  },
];
const PRODUCTS = 'query ($filter: ProductFilter) { products(filter: $filter) { total } }';

describe('well-formed text only (issue 23 item 3): refused at the edge with 400 MALFORMED_TEXT', () => {
  test.each([
    ['search: "\\ud800x"', { search: '\ud800x' }],
    ['brands: ["\\udfff"]', { brands: ['\udfff'] }],
  ])(
    'rule malformed text (GraphQL variables): products(filter: { %s }) answers 400, not a 500 with the SQL in the log',
    async (_name, filter) => {
      const before = await databaseChecksum();
      const { res, lines } = await sendLogged({
        method: 'post',
        path: '/graphql',
        json: { query: PRODUCTS, variables: { filter } },
        who: 'anonymous',
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual(MALFORMED_GRAPHQL);
      expect(res.body.data).toBeUndefined();
      expectQuietLog(lines);
      expect(await databaseChecksum()).toEqual(before);
    },
  );

  test('rule malformed text (GraphQL GET variables and literals): a lone surrogate is refused', async () => {
    const get = await send({
      method: 'get',
      path: `/graphql?query=${encodeURIComponent(PRODUCTS)}&variables=${encodeURIComponent('{"filter":{"search":"\\udfffx"}}')}`,
      headers: { 'Apollo-Require-Preflight': 'true' },
      who: 'anonymous',
    });
    expect(get.status).toBe(400);
    expect(get.body.errors).toEqual(MALFORMED_GRAPHQL);
    // The raw character inside a literal: GraphQL's own lexer refuses it.
    const literal = await send({
      method: 'post',
      path: '/graphql',
      json: { query: '{ products(filter: { search: "\ud800" }) { total } }' },
      who: 'anonymous',
    });
    expect(literal.status).toBe(400);
    expect(literal.body.errors[0].extensions.code).not.toBe('INTERNAL_SERVER_ERROR');
  });

  test.each([
    ['an overlong "/"', [0xc0, 0xaf]],
    ['an encoded surrogate', [0xed, 0xa0, 0x80]],
    ['a byte UTF-8 never uses', [0xff]],
  ])(
    'rule malformed text (raw bytes in a JSON body): %s is refused, not turned into U+FFFD',
    async (_name, bytes) => {
      const body = (text: string) => {
        const [a, b] = text.split('@@') as [string, string];
        return Buffer.concat([Buffer.from(a), Buffer.from(bytes), Buffer.from(b)]);
      };
      const { res: gql, lines } = await sendLogged({
        method: 'post',
        path: '/graphql',
        raw: body(`{"query":${JSON.stringify(PRODUCTS)},"variables":{"filter":{"search":"a@@"}}}`),
        who: 'anonymous',
      });
      expect(gql.status).toBe(400);
      expect(gql.body.errors).toEqual(MALFORMED_GRAPHQL);
      expectQuietLog(lines);
      const before = await databaseChecksum();
      const rest = await send({
        method: 'post',
        path: '/api/direcciones',
        raw: body('{"calle":"Reforma@@","numero":"10"}'),
        who: 'customer',
      });
      expect(rest.status).toBe(400);
      expect(rest.body).toEqual(MALFORMED);
      expect(await databaseChecksum()).toEqual(before);
    },
  );

  test.each(['%C0%AF', '%ED%A0%80', '%FF', '%E0%80%AF', '%F4%90%80%80'])(
    'rule malformed text (query string and path): %s percent-encoded is refused',
    async (bytes) => {
      const { res: query, lines } = await sendLogged({
        method: 'get',
        path: `/api/productos?busqueda=a${bytes}`,
        who: 'anonymous',
      });
      expect(query.status).toBe(400);
      expect(query.body).toEqual(MALFORMED);
      expectQuietLog(lines);
      const path = await send({
        method: 'get',
        path: `/api/productos/1${bytes}`,
        who: 'anonymous',
      });
      expect(path.status).toBe(400);
      expect(path.body).toEqual(MALFORMED);
      const page = await send({ method: 'get', path: `/p/1-a${bytes}`, who: 'anonymous' });
      expect(page.status).toBe(400);
      expect(page.text).toBe('El texto enviado no es válido');
    },
  );

  test('rule malformed text (REST JSON): a lone surrogate in a body field or key is refused', async () => {
    const before = await databaseChecksum();
    for (const json of [{ calle: 'Reforma\udc00' }, { ['\ud800']: 1 }]) {
      const res = await send({ method: 'post', path: '/api/direcciones', json, who: 'customer' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(MALFORMED);
    }
    expect(await databaseChecksum()).toEqual(before);
  });

  test.each(['User-Agent', 'Cookie', 'Authorization', 'X-Forwarded-For'])(
    'rule malformed text (headers): a %s that is not UTF-8 is refused',
    async (header) => {
      const res = await send({
        method: 'get',
        path: '/api/auth/me',
        headers: { [header]: `a${Buffer.from([0xc0, 0xaf]).toString('latin1')}` },
        who: 'anonymous',
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(MALFORMED);
    },
  );

  test('rule malformed text: UTF-8 text (accents, ñ, emoji) in bodies, queries and headers is accepted', async () => {
    const search = await send({
      method: 'get',
      path: `/api/productos?busqueda=${encodeURIComponent('Ñandú 😀')}`,
      headers: { 'User-Agent': Buffer.from('Navegador ñ').toString('latin1') },
      who: 'anonymous',
    });
    expect(search.status).toBe(200);
    const gql = await send({
      method: 'post',
      path: '/graphql',
      raw: Buffer.from(
        JSON.stringify({ query: PRODUCTS, variables: { filter: { search: 'Ñandú 😀' } } }),
      ),
      who: 'anonymous',
    });
    expect(gql.status).toBe(200);
    expect(gql.body.errors).toBeUndefined();
  });
});

describe('well-formed text only in forms with files (multipart)', () => {
  /** A multipart body with one text field whose value holds `bytes` that are not UTF-8. */
  const form = (fields: [string, Buffer][]) => {
    const boundary = 'limite-de-prueba';
    const parts = fields.map(([name, value]) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
        value,
        Buffer.from('\r\n'),
      ]),
    );
    return {
      contentType: `multipart/form-data; boundary=${boundary}`,
      raw: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    };
  };
  const bad = Buffer.concat([Buffer.from('Playera '), Buffer.from([0xc0, 0xaf])]);

  test('rule malformed text (REST multipart): a product form field that is not UTF-8 is refused', async () => {
    const before = await databaseChecksum();
    const res = await send({
      method: 'post',
      path: '/api/productos',
      ...form([
        ['nombre', bad],
        ['precio', Buffer.from('100')],
      ]),
      who: 'admin',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'El texto enviado no es válido', reason: 'MALFORMED_TEXT' });
    expect(await databaseChecksum()).toEqual(before);
  });

  test('rule malformed text (GraphQL multipart): operations that are not UTF-8 are refused', async () => {
    const before = await databaseChecksum();
    const operations = Buffer.concat([
      Buffer.from('{"query":"mutation ($n: String!) { __typename }","variables":{"n":"'),
      bad,
      Buffer.from('"}}'),
    ]);
    const res = await send({
      method: 'post',
      path: '/graphql',
      ...form([
        ['operations', operations],
        ['map', Buffer.from('{}')],
      ]),
      headers: { 'Apollo-Require-Preflight': 'true' },
      who: 'admin',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      {
        message: 'El texto enviado no es válido',
        extensions: { code: 'BAD_USER_INPUT', reason: 'MALFORMED_TEXT' },
      },
    ]);
    expect(await databaseChecksum()).toEqual(before);
  });
});
