import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * Typed GraphQL operations for the storefront.
 *
 * schema.graphql (emitted by the server) + the `graphql()` documents written in client/src
 * → client/src/gql/ (generated, committed, never edited by hand).
 */
const config: CodegenConfig = {
  schema: 'schema.graphql',
  documents: ['client/src/**/*.{ts,tsx}', '!client/src/gql/**/*'],
  ignoreNoDocuments: false,
  generates: {
    'client/src/gql/': {
      preset: 'client',
      presetConfig: {
        // Apollo Client 4 hooks get the full result type; no useFragment() unmasking dance.
        fragmentMasking: false,
      },
      config: {
        useTypeImports: true,
        enumType: 'string-literal',
        strictScalars: true,
        // Upload: a browser File sent as a GraphQL multipart request (graphql-upload on the server).
        scalars: { DateTimeISO: 'string', Upload: 'File', SafeInt: 'number' },
        defaultScalarType: 'unknown',
        avoidOptionals: { field: true, inputValue: false, object: true, defaultValue: false },
        nonOptionalTypename: true,
        skipTypeNameForRoot: true,
      },
    },
  },
};

export default config;
