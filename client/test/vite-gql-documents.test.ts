// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { documentModule, inlineGqlDocuments } from '../vite-gql-documents';

describe('inlineGqlDocuments', () => {
  it('turns each graphql() call into an import of its generated document, one module each', () => {
    const code = [
      "import { graphql } from '../../gql';",
      '',
      'export const AdminProductsQuery = graphql(`',
      '  query AdminProducts($offset: Int!) {',
      '    adminProducts(offset: $offset) { total }',
      '  }',
      '`);',
      'export const Fields = graphql(`fragment AdminProductFields on Product { id }`);',
      'export const Remove = graphql(`mutation DeleteProduct($id: Int!) { deleteProduct(id: $id) }`);',
    ].join('\n');
    expect(inlineGqlDocuments(code)).toBe(
      [
        'import { AdminProductsDocument as __gql_AdminProductsDocument } from "tienda-gql:AdminProductsDocument";',
        'import { AdminProductFieldsFragmentDoc as __gql_AdminProductFieldsFragmentDoc } from "tienda-gql:AdminProductFieldsFragmentDoc";',
        'import { DeleteProductDocument as __gql_DeleteProductDocument } from "tienda-gql:DeleteProductDocument";',
        "import { graphql } from '../../gql';",
        '',
        'export const AdminProductsQuery = __gql_AdminProductsDocument;',
        'export const Fields = __gql_AdminProductFieldsFragmentDoc;',
        'export const Remove = __gql_DeleteProductDocument;',
      ].join('\n'),
    );
  });

  it('leaves alone code without calls, and calls with several or no named definitions', () => {
    expect(inlineGqlDocuments('const a = 1;')).toBeUndefined();
    const two = 'graphql(`query A { a } query B { b }`)';
    expect(inlineGqlDocuments(two)).toBeUndefined();
    const anonymous = 'graphql(`{ version }`)';
    expect(inlineGqlDocuments(anonymous)).toBeUndefined();
  });
});

describe('documentModule', () => {
  it("cuts one document out of codegen's graphql.ts, with the fragments it spreads", () => {
    const generated = readFileSync(new URL('../src/gql/graphql.ts', import.meta.url), 'utf8');
    const code = documentModule(generated, 'CatalogPageDocument');
    expect(code).toMatch(/^export const CatalogPageDocument = \{"kind":"Document",.*\};\n$/);
    const literal = JSON.parse(code?.replace(/^export const \w+ = /, '').replace(/;\n$/, '') ?? '');
    const names = (literal as { definitions: { name: { value: string } }[] }).definitions.map(
      (definition) => definition.name.value,
    );
    expect(names[0]).toBe('CatalogPage');
    expect(documentModule(generated, 'NoSuchDocument')).toBeUndefined();
  });
});
