import { Box } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { LEGAL_TEXT_TITLES, type LegalTextKind } from '@tienda/rules';
import type { LegalTextKind as LegalTextKindValue } from '../../../gql/graphql';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';
import { PageHeading } from '../../../shared/ui/page-heading';
import { PageLoading } from '../../../shared/ui/page-loading';
import { SafeMarkdown } from '../../../shared/ui/markdown';
import { LegalPageQuery } from '../api';

const KIND_VALUES: Record<LegalTextKind, LegalTextKindValue> = {
  privacy: 'PRIVACY',
  terms: 'TERMS',
  returns: 'RETURNS',
};

const updatedFormat = new Intl.DateTimeFormat('es-MX', {
  dateStyle: 'long',
  timeZone: 'America/Mexico_City',
});

/**
 * A legal page (#/aviso-de-privacidad, #/terminos-y-condiciones, #/devoluciones-y-cambios): the
 * admin's Markdown, or the default, with the shop's legal name and contact filled in by the
 * server, drawn by SafeMarkdown (no raw HTML, no unsafe links).
 */
export function LegalPage({ kind }: { kind: LegalTextKind }) {
  const title = LEGAL_TEXT_TITLES[kind];
  useDocumentTitle(title);
  const { data, error, refetch } = useQuery(LegalPageQuery, {
    variables: { kind: KIND_VALUES[kind] },
  });
  const page = data?.legalPage;
  return (
    <Box maxW="3xl" data-testid={`legal-page-${kind}`}>
      <PageHeading
        title={title}
        subtitle={
          page?.updatedAt
            ? `Última actualización: ${updatedFormat.format(new Date(page.updatedAt as string))}`
            : undefined
        }
      />
      {page ? (
        <SafeMarkdown data-testid="legal-text">{page.markdown}</SafeMarkdown>
      ) : error ? (
        <LoadErrorAlert title={`No se pudo cargar: ${title}.`} onRetry={() => void refetch()} />
      ) : (
        <PageLoading />
      )}
    </Box>
  );
}

export function PrivacyNoticePage() {
  return <LegalPage kind="privacy" />;
}
export function TermsPage() {
  return <LegalPage kind="terms" />;
}
export function ReturnsPolicyPage() {
  return <LegalPage kind="returns" />;
}
