import { describe, expect, it } from 'vitest';
import { inlineGqlDocuments } from '../vite-gql-documents';

const GQL = '/app/client/src/gql/graphql.ts';

describe('inlineGqlDocuments', () => {
  it('turns each graphql() call into an import of its generated document', () => {
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
    expect(inlineGqlDocuments(code, GQL)).toBe(
      [
        'import { AdminProductsDocument as __gql_AdminProductsDocument, ' +
          'AdminProductFieldsFragmentDoc as __gql_AdminProductFieldsFragmentDoc, ' +
          'DeleteProductDocument as __gql_DeleteProductDocument } from "/app/client/src/gql/graphql.ts";',
        "import { graphql } from '../../gql';",
        '',
        'export const AdminProductsQuery = __gql_AdminProductsDocument;',
        'export const Fields = __gql_AdminProductFieldsFragmentDoc;',
        'export const Remove = __gql_DeleteProductDocument;',
      ].join('\n'),
    );
  });

  it('leaves alone code without calls, and calls with several or no named definitions', () => {
    expect(inlineGqlDocuments('const a = 1;', GQL)).toBeUndefined();
    const two = 'graphql(`query A { a } query B { b }`)';
    expect(inlineGqlDocuments(two, GQL)).toBeUndefined();
    const anonymous = 'graphql(`{ version }`)';
    expect(inlineGqlDocuments(anonymous, GQL)).toBeUndefined();
  });
});
