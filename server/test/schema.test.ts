import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { buildGraphQLSchema } from '../src/api/graphql/build-schema.js';
import { printSchemaFile, SCHEMA_FILE } from '../src/api/graphql/schema-file.js';

test('schema.graphql is what the resolvers emit (run `npm run codegen` when this fails)', async () => {
  const emitted = printSchemaFile(await buildGraphQLSchema());
  expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(emitted);
});
