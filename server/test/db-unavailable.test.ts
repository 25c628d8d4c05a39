import { isDatabaseUnavailable } from '../src/db/unavailable.js';

/** An error as pg raises it, with its SQLSTATE. */
const pgError = (message: string, code?: string) => Object.assign(new Error(message), { code });
/** As knex passes it on: the statement's SQL in front of pg's message. */
const viaKnex = (error: Error) =>
  Object.assign(error, { message: `select * from product where id = 1 - ${error.message}` });
/** As MikroORM's exception converter wraps it. */
const viaOrm = (error: Error) =>
  Object.assign(new Error(error.message), { name: 'DriverException', previous: error });

describe('one home for "the database cannot serve" (issue 16: 503, never 500)', () => {
  test.each([
    [
      'the stall watchdog cut the statement',
      viaOrm(
        viaKnex(pgError('base de datos estancada: la sentencia se canceló por falta de respuesta')),
      ),
    ],
    [
      'a wait for a pool connection ended by the request’s deadline (issue 23)',
      new Error('base de datos estancada: no hubo conexión dentro del plazo de la petición'),
    ],
    ['a lost connection', viaOrm(viaKnex(pgError('Connection terminated unexpectedly')))],
    ['a connect timeout', pgError('Connection terminated due to connection timeout')],
    [
      'knex could not get a connection',
      Object.assign(new Error('Knex: Timeout acquiring a connection. The pool is probably full.'), {
        name: 'KnexTimeoutError',
      }),
    ],
    ['connection refused', pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    [
      'the server is shutting down (57P01)',
      pgError('terminating connection due to administrator command', '57P01'),
    ],
    ['too many connections (53300)', pgError('sorry, too many clients already', '53300')],
    [
      'a statement timeout (57014)',
      pgError('canceling statement due to statement timeout', '57014'),
    ],
  ])('rule database unavailable: %s is a 503', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  test.each([
    [
      'a syntax error (42601)',
      viaOrm(viaKnex(pgError('syntax error at or near "selec"', '42601'))),
    ],
    [
      'a unique violation (23505)',
      pgError('duplicate key value violates unique constraint', '23505'),
    ],
    [
      'a cancel by hand (57014 without timeout)',
      pgError('canceling statement due to user request', '57014'),
    ],
    ['a bug in our code', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error at all', 'texto'],
  ])('rule database unavailable: %s is not (it stays a 500 or its own error)', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
