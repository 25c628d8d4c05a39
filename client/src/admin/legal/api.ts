import { graphql } from '../../gql';

export const AdminLegalTextFragment = graphql(`
  fragment AdminLegalTextFields on LegalText {
    kind
    title
    markdown
    defaultMarkdown
    isDefault
    updatedAt
  }
`);

export const AdminLegalTextsQuery = graphql(`
  query AdminLegalTexts {
    adminLegalTexts {
      ...AdminLegalTextFields
    }
  }
`);

export const UpdateLegalTextMutation = graphql(`
  mutation UpdateLegalText($kind: LegalTextKind!, $markdown: String!) {
    updateLegalText(kind: $kind, markdown: $markdown) {
      ...AdminLegalTextFields
    }
  }
`);
