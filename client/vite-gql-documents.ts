import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

const CALL = /\bgraphql\(\s*`([^`]*)`\s*,?\s*\)/g;
const DEFINITION = /\b(query|mutation|subscription|fragment)\s+([A-Za-z_][A-Za-z0-9_]*)/g;
/** The module id of one generated document: `import { FooDocument } from 'tienda-gql:FooDocument'`. */
export const DOCUMENT_MODULE = 'tienda-gql:';

/**
 * Rewrites each `graphql(`…`)` call of a module into the typed document codegen emitted for it
 * (`query Foo` → `FooDocument`, `fragment Bar` → `BarFragmentDoc`), imported from a module of
 * its own (`tienda-gql:FooDocument`, see gqlDocuments).
 *
 * The client preset's `graphql()` looks documents up in one map of every operation of the app
 * (client/src/gql/gql.ts), so every screen that calls it ships every document, the back office's
 * included. And the generated documents all live in one module (client/src/gql/graphql.ts): a
 * bundler keeps a module whole in one chunk, so importing them from there would put every
 * document some screen uses into the chunk of the first screen. One module per document lets
 * each land in the chunk of the screens that use it.
 * A call that does not hold exactly one named definition is left alone (graphql() still works).
 * Returns undefined when nothing changed.
 */
export function inlineGqlDocuments(code: string): string | undefined {
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
  const statements = [...imports].map(
    ([exported, local]) =>
      `import { ${exported} as ${local} } from ${JSON.stringify(DOCUMENT_MODULE + exported)};`,
  );
  return `${statements.join('\n')}\n${rewritten}`;
}

/**
 * The module of one generated document: its object literal, cut out of codegen's graphql.ts
 * (`export const FooDocument = {…} as unknown as DocumentNode<…>;`, one line each, fragments the
 * document spreads included in it). Undefined when graphql.ts has no such document.
 */
export function documentModule(generated: string, exported: string): string | undefined {
  const line = generated
    .split('\n')
    .find((text) => text.startsWith(`export const ${exported} = {`));
  const literal =
    line && /^export const \w+ = (\{.*\}) as unknown as DocumentNode<.*>;$/.exec(line);
  return literal ? `export const ${exported} = ${literal[1]};\n` : undefined;
}

/** The build's side of inlineGqlDocuments, for the app's own modules (not the generated ones). */
export function gqlDocuments(srcDir: string): Plugin {
  const gqlDir = path.join(srcDir, 'gql');
  const generatedFile = path.join(gqlDir, 'graphql.ts');
  const RESOLVED = `\0${DOCUMENT_MODULE}`;
  return {
    name: 'tienda-gql-documents',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return source.startsWith(DOCUMENT_MODULE) ? `\0${source}` : null;
    },
    async load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      this.addWatchFile(generatedFile);
      const exported = id.slice(RESOLVED.length);
      const code = documentModule(await readFile(generatedFile, 'utf8'), exported);
      if (code === undefined)
        this.error(`${exported} is not in ${generatedFile}: run npm run codegen`);
      return { code, map: null };
    },
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!/\.tsx?$/.test(file) || !file.startsWith(srcDir) || file.startsWith(gqlDir)) return null;
      if (!code.includes('graphql(')) return null;
      const result = inlineGqlDocuments(code);
      return result === undefined ? null : { code: result, map: null };
    },
  };
}
