import path from 'node:path';
import type { Plugin } from 'vite';

const CALL = /\bgraphql\(\s*`([^`]*)`\s*,?\s*\)/g;
const DEFINITION = /\b(query|mutation|subscription|fragment)\s+([A-Za-z_][A-Za-z0-9_]*)/g;

/**
 * Rewrites each `graphql(`…`)` call of a module into the typed document codegen emitted for it
 * (`query Foo` → `FooDocument`, `fragment Bar` → `BarFragmentDoc`, imported from `gqlModule`).
 *
 * The client preset's `graphql()` looks documents up in one map of every operation of the app
 * (client/src/gql/gql.ts), so every screen that calls it ships every document, the back office's
 * included. Importing each document by name lets the bundler leave out those a chunk never uses.
 * A call that does not hold exactly one named definition is left alone (graphql() still works).
 * Returns undefined when nothing changed.
 */
export function inlineGqlDocuments(code: string, gqlModule: string): string | undefined {
  const imports = new Map<string, string>();
  const rewritten = code.replace(CALL, (call: string, source: string) => {
    const definitions = [...source.matchAll(DEFINITION)];
    const only = definitions.length === 1 ? definitions[0] : undefined;
    if (!only) return call;
    const [, kind, name] = only;
    const exported = kind === 'fragment' ? `${name}FragmentDoc` : `${name}Document`;
    const local = `__gql_${exported}`;
    imports.set(exported, local);
    return local;
  });
  if (imports.size === 0) return undefined;
  const specifiers = [...imports].map(([exported, local]) => `${exported} as ${local}`).join(', ');
  return `import { ${specifiers} } from ${JSON.stringify(gqlModule)};\n${rewritten}`;
}

/** The build's side of inlineGqlDocuments, for the app's own modules (not the generated ones). */
export function gqlDocuments(srcDir: string): Plugin {
  const gqlDir = path.join(srcDir, 'gql');
  const gqlModule = path.join(gqlDir, 'graphql.ts').replaceAll('\\', '/');
  return {
    name: 'tienda-gql-documents',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!/\.tsx?$/.test(file) || !file.startsWith(srcDir) || file.startsWith(gqlDir)) return null;
      if (!code.includes('graphql(')) return null;
      const result = inlineGqlDocuments(code, gqlModule);
      return result === undefined ? null : { code: result, map: null };
    },
  };
}
