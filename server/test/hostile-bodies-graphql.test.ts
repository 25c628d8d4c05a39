import fc from 'fast-check';
import {
  getNamedType,
  getNullableType,
  getVariableValues,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  parse,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { buildGraphQLSchema } from '../src/api/graphql/build-schema.js';
import { rootAccessRules } from '../src/api/graphql/access.js';
import { findUnacceptableText } from '../src/http/acceptable-text.js';
import { OVERSIZED_BODY, WRONG_CONTENT_TYPES, hostileObject } from './support/hostile.js';
import { hostileString, hostileValue, malformedJson } from './support/hostile.js';
import { loneSurrogateString, malformedHeader, malformedUtf8 } from './support/hostile.js';
import { percentEncoded } from './support/hostile.js';
import { RUNS, REFUSALS, databaseChecksum, expectSpanish, send } from './support/hostile-shop.js';
import { describeCase, expectAlive, type Who, type Sent } from './support/hostile-shop.js';

/**
 * Hostile bodies on every GraphQL operation of the schema (support/hostile-shop.ts): a Spanish
 * error with a stable code, never a 500 nor data, the app still answering, the database untouched.
 */

interface Operation {
  name: string;
  kind: 'query' | 'mutation';
  access: string | undefined;
  field: GraphQLField<unknown, unknown>;
  document: string;
  definition: OperationDefinitionNode;
}

/** `mutation Op($a: T!, …) { op(a: $a, …) { __typename } }` for a root field. */
function operationOf(
  schema: GraphQLSchema,
  kind: 'query' | 'mutation',
  field: GraphQLField<unknown, unknown>,
  access: string | undefined,
): Operation {
  const vars = field.args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
  const args = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const selection = isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
  const document = `${kind} Fuzz${vars ? `(${vars})` : ''} { ${field.name}${args ? `(${args})` : ''}${selection} }`;
  const definition = parse(document).definitions[0] as OperationDefinitionNode;
  return {
    name: `${kind === 'query' ? 'Query' : 'Mutation'}.${field.name}`,
    kind,
    access,
    field,
    document,
    definition,
  };
}

/** Keys one level down an input object argument, for wrong types inside it. */
function argumentKeys(field: GraphQLField<unknown, unknown>): Record<string, string[]> {
  return Object.fromEntries(
    field.args.map((a) => {
      const type = getNamedType(getNullableType(a.type));
      return [a.name, isInputObjectType(type) ? Object.keys(type.getFields()) : []];
    }),
  );
}

/**
 * A value of `type` that GraphQL accepts (required input fields filled in, optional ones left
 * out), so that one hostile string placed among them reaches past validation to the resolver.
 */
function validValue(type: GraphQLInputType, depth = 0): unknown {
  if (isNonNullType(type)) return validValue(type.ofType, depth);
  if (isListType(type)) return [validValue(type.ofType, depth + 1)];
  if (isEnumType(type)) return type.getValues()[0]!.name;
  if (isInputObjectType(type)) {
    if (depth > 3) return {};
    return Object.fromEntries(
      Object.values(type.getFields())
        .filter((f) => isNonNullType(f.type))
        .map((f) => [f.name, validValue(f.type, depth + 1)]),
    );
  }
  return { Int: 1, Float: 1, Boolean: false }[type.name] ?? 'a';
}

function hostileGraphQLRequest(schema: GraphQLSchema, op: Operation): fc.Arbitrary<Sent> {
  const who: fc.Arbitrary<Who> = fc.constantFrom('anonymous', 'customer', 'admin');
  const signedIn: fc.Arbitrary<Who> = fc.constantFrom('customer', 'admin');
  const path = '/graphql';
  const nested = argumentKeys(op.field);
  const variables = fc.tuple(
    fc.record(
      Object.fromEntries(
        op.field.args.map((a) => [
          a.name,
          nested[a.name]!.length > 0
            ? fc.oneof(hostileObject(nested[a.name]!), hostileValue)
            : hostileValue,
        ]),
      ),
      { requiredKeys: [] },
    ),
    // Variables the document does not declare.
    hostileObject([]),
  );
  const refusedVariables = (vars: Record<string, unknown>) =>
    findUnacceptableText(vars) !== undefined ||
    getVariableValues(schema, op.definition.variableDefinitions ?? [], vars).errors !== undefined;
  const kinds: fc.Arbitrary<Sent>[] = [
    // A broken document: a real one cut short.
    fc
      .record({ who, cut: fc.nat({ max: op.document.length - 1 }), vars: variables })
      .map(({ who, cut, vars: [v, extra] }) => ({
        method: 'post',
        path,
        json: { query: op.document.slice(0, cut), variables: { ...extra, ...v } },
        who,
      })),
    // An overlong document: the real one and a fragment of thousands of tokens.
    fc.record({ who, n: fc.integer({ min: 1000, max: 20_000 }) }).map(({ who, n }) => ({
      method: 'post',
      path,
      json: {
        query: `${op.document} fragment F on Query { ${'__typename '.repeat(n)}}`,
      },
      who,
    })),
    // The envelope of wrong types: query, variables, operationName.
    fc
      .record({
        who,
        query: fc.oneof(
          hostileValue.filter((q) => typeof q !== 'string'),
          hostileString,
        ),
        variables: fc.oneof(
          hostileValue.filter((v) => typeof v !== 'object' || v === null || Array.isArray(v)),
        ),
        operationName: fc.option(hostileValue),
      })
      .map(({ who, query, variables, operationName }) => ({
        method: 'post',
        path,
        json: { query, variables, operationName },
        who,
      }))
      .filter(({ json }) => typeof json.query !== 'string' || json.variables !== undefined),
    // Not JSON, a wrong content type, or a GET that would change something.
    fc
      .record({ who, raw: malformedJson })
      .map(({ who, raw }) => ({ method: 'post', path, raw, who })),
    fc
      .record({ who, contentType: fc.constantFrom(...WRONG_CONTENT_TYPES) })
      .map(({ who, contentType }) => ({
        method: 'post',
        path,
        contentType,
        raw: JSON.stringify({ query: op.document }),
        who,
      })),
  ];
  // Text that is not well-formed: raw bytes that are not UTF-8 in the body, percent-encoded in a
  // GET's variables, or in a header.
  kinds.push(
    fc.record({ who, bytes: malformedUtf8 }).map(({ who, bytes }) => {
      const [before, after] = JSON.stringify({
        query: op.document,
        variables: { s: 'a@@b' },
      }).split('@@') as [string, string];
      return {
        method: 'post',
        path,
        raw: Buffer.concat([Buffer.from(before), Buffer.from(bytes), Buffer.from(after)]),
        who,
      };
    }),
    fc.record({ who, bytes: malformedUtf8 }).map(({ who, bytes }) => ({
      method: 'get',
      path: `${path}?query=${encodeURIComponent(op.document)}&variables=%7B%22s%22%3A%22${percentEncoded(bytes)}%22%7D`,
      who,
    })),
    fc.record({ who, headers: malformedHeader }).map(({ who, headers }) => ({
      method: 'post',
      path,
      json: { query: op.document },
      headers,
      who,
    })),
  );
  if (op.field.args.length > 0) {
    // A lone surrogate in any argument, or one level down an input object, or in a list.
    // The other arguments valid (required ones only), so that validation lets the string through.
    const valid = Object.fromEntries(
      op.field.args.filter((a) => isNonNullType(a.type)).map((a) => [a.name, validValue(a.type)]),
    );
    const inside = (name: string, key: string, s: string) => {
      const base = valid[name];
      const object = base && typeof base === 'object' && !Array.isArray(base) ? base : {};
      return { ...valid, [name]: { ...object, [key]: s } };
    };
    const places = op.field.args.flatMap((a) => [
      (s: string) => ({ ...valid, [a.name]: s }),
      (s: string) => ({ ...valid, [a.name]: [s] }),
      ...nested[a.name]!.map((key) => (s: string) => inside(a.name, key, s)),
    ]);
    kinds.push(
      fc
        .record({ who, s: loneSurrogateString, place: fc.constantFrom(...places) })
        .map(({ who, s, place }) => ({
          method: 'post',
          path,
          json: { query: op.document, variables: place(s) },
          who,
        })),
    );
    kinds.push(
      fc
        .record({ who: signedIn, vars: variables })
        .map(({ who, vars: [v, extra] }) => ({ who, variables: { ...extra, ...v } }))
        .filter(({ variables }) => refusedVariables(variables))
        .map(({ who, variables }) => ({
          method: 'post',
          path,
          json: { query: op.document, variables },
          who,
        })),
    );
  }
  if (op.kind === 'mutation') {
    kinds.push(
      fc.record({ who }).map(({ who }) => ({
        method: 'get',
        path: `${path}?query=${encodeURIComponent(op.document)}`,
        who,
      })),
    );
  }
  if (op.access !== 'public') {
    // No session where one is due, whatever the variables (checked before they are used).
    kinds.push(
      variables.map(([v, extra]) => ({
        method: 'post',
        path,
        json: { query: op.document, variables: { ...extra, ...v } },
        who: 'anonymous' as const,
      })),
    );
  }
  return fc.oneof(...kinds.map((arbitrary) => ({ weight: 10, arbitrary })), {
    weight: 1,
    arbitrary: who.map((who) => ({ method: 'post', path, raw: OVERSIZED_BODY, who })),
  });
}

async function expectGraphQLRefusal(req: Sent): Promise<void> {
  const res = await send({ ...req, contentType: req.contentType });
  const context = `${describeCase(req)} → ${res.status} ${res.text.slice(0, 300)}`;
  if (res.status !== 200 && !REFUSALS.has(res.status)) {
    throw new Error(`se esperaba un 4xx o un error GraphQL: ${context}`);
  }
  const body = res.body as {
    data?: Record<string, unknown> | null;
    errors?: { message?: unknown; extensions?: { code?: unknown } }[];
  };
  if (!Array.isArray(body.errors) || body.errors.length === 0) {
    throw new Error(`sin errors[]: ${context}`);
  }
  for (const error of body.errors) {
    expectSpanish(error.message, context);
    const code = error.extensions?.code;
    if (typeof code !== 'string' || code === 'INTERNAL_SERVER_ERROR') {
      throw new Error(`extensions.code ausente o interno: ${context}`);
    }
  }
  if (body.data && Object.values(body.data).some((v) => v !== null)) {
    throw new Error(`la operación respondió datos: ${context}`);
  }
}

/** The schema's root fields, read at load so each gets its own named test. */
const schema = await buildGraphQLSchema();
const accessRules = rootAccessRules(schema);
const operations: Operation[] = [
  ...Object.values(schema.getQueryType()!.getFields()).map((f) =>
    operationOf(schema, 'query', f, accessRules.get(`Query.${f.name}`)),
  ),
  ...Object.values(schema.getMutationType()!.getFields()).map((f) =>
    operationOf(schema, 'mutation', f, accessRules.get(`Mutation.${f.name}`)),
  ),
];

describe('hostile bodies on every GraphQL operation: a Spanish error, never a 500, the database untouched', () => {
  test('every operation of the schema is fuzzed (the list the permission matrix walks)', () => {
    expect(operations.map((o) => o.name).sort()).toEqual([...accessRules.keys()].sort());
    expect(operations.length).toBeGreaterThan(40);
  });

  test.each(operations.map((op) => [op.name, op] as const))(
    '%s refuses hostile input',
    async (_name, op) => {
      const before = await databaseChecksum();
      await fc.assert(fc.asyncProperty(hostileGraphQLRequest(schema, op), expectGraphQLRefusal), {
        numRuns: RUNS,
        endOnFailure: true,
      });
      await expectAlive();
      expect(await databaseChecksum()).toEqual(before);
    },
  );
});
