import path from 'node:path';
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { ROOT_DIR } from '../../config.js';

/** The committed schema that the client's typed operations are generated from. */
export const SCHEMA_FILE = path.join(ROOT_DIR, 'schema.graphql');

const HEADER =
  "# Emitted by `npm run codegen` from the server's type-graphql resolvers. Do not edit.\n\n";

export function printSchemaFile(schema: GraphQLSchema): string {
  return `${HEADER}${printSchema(lexicographicSortSchema(schema))}\n`;
}
