import { graphql } from '../../gql';

export const LegalPageQuery = graphql(`
  query LegalPage($kind: LegalTextKind!) {
    legalPage(kind: $kind) {
      kind
      title
      markdown
      updatedAt
    }
  }
`);
