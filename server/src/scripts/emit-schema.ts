import 'reflect-metadata';
import { writeFile } from 'node:fs/promises';
import { buildGraphQLSchema } from '../api/graphql/build-schema.js';
import { printSchemaFile, SCHEMA_FILE } from '../api/graphql/schema-file.js';

const schema = await buildGraphQLSchema();
await writeFile(SCHEMA_FILE, printSchemaFile(schema));
console.log(`Esquema escrito en ${SCHEMA_FILE}`);
