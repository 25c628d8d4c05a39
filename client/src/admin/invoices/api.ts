import { graphql } from '../../gql';

/** The global invoices (issue 25 item 5) of the admin's 'Facturas globales'. */
export const GlobalInvoicesQuery = graphql(`
  query GlobalInvoices {
    invoicingAvailable
    globalInvoices {
      id
      status
      uuid
      from
      to
      periodicity
      totalCents
      orderIds
      pdfUrl
      xmlUrl
    }
  }
`);

export const IssueGlobalInvoiceMutation = graphql(`
  mutation IssueGlobalInvoice($from: String!, $to: String!) {
    issueGlobalInvoice(from: $from, to: $to) {
      id
      uuid
      orderIds
      totalCents
    }
  }
`);
