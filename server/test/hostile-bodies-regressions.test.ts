import { databaseChecksum, send } from './support/hostile-shop.js';

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
