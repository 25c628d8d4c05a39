import {
  Alert,
  Box,
  Button,
  Field,
  Heading,
  Link,
  Skeleton,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import {
  LEGAL_PLACEHOLDER_HELP,
  LEGAL_TEXT_MAX_LENGTH,
  LEGAL_TEXT_PATHS,
  type LegalTextKind,
  legalTextProblems,
} from '@tienda/rules';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ShopSettingsQuery } from '../../../app/layouts/api';
import { LuExternalLink, LuRotateCcw, LuSave } from 'react-icons/lu';
import type { LegalTextKind as LegalTextKindValue } from '../../../gql/graphql';
import { actionFailureMessage, serverProblemOf } from '../../../shared/forms/server-errors';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { notify } from '../../../shared/notifications/toaster';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';
import { PageHeading } from '../../../shared/ui/page-heading';
import { AdminLegalTextsQuery, UpdateLegalTextMutation } from '../api';

export const LEGAL_TEXTS_MESSAGES = {
  saved: (title: string) => `Se guardó el texto de "${title}"`,
  restored: (title: string) => `"${title}" vuelve a mostrar el texto predeterminado`,
  failed: 'No se pudo guardar el texto',
} as const;

const KINDS: Record<LegalTextKindValue, LegalTextKind> = {
  PRIVACY: 'privacy',
  TERMS: 'terms',
  RETURNS: 'returns',
};

/** The settings the legal pages show, in the words of the warning when one is empty. */
const SELLER_DETAILS = [
  ['legalName', 'la razón social'],
  ['address', 'la dirección'],
  ['phone', 'el teléfono'],
  ['email', 'el correo de contacto'],
] as const;

/** 'a', 'a y b', 'a, b y c'. */
const spanishList = (words: readonly string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} y ${words.at(-1)}`;

const PLACEHOLDERS = Object.entries(LEGAL_PLACEHOLDER_HELP)
  .map(([name, help]) => `{${name}} ${help}`)
  .join(', ');

interface LegalTextFields {
  kind: LegalTextKindValue;
  title: string;
  markdown: string;
  defaultMarkdown: string;
  isDefault: boolean;
}

/** One page's text: its Markdown, 'Guardar' and 'Usar el texto predeterminado'. */
function LegalTextEditor({ text }: { text: LegalTextFields }) {
  const kind = KINDS[text.kind];
  const [markdown, setMarkdown] = useState(text.markdown);
  const [isDefault, setIsDefault] = useState(text.isDefault);
  const [error, setError] = useState<string | undefined>();
  const [update, { loading }] = useMutation(UpdateLegalTextMutation);
  const id = `legal-${kind}`;

  const save = async (value: string, restoring: boolean) => {
    const problem = legalTextProblems(kind, value)[0];
    setError(problem?.message);
    if (problem) {
      notify(problem.message, { type: 'warning' });
      return;
    }
    try {
      const { data } = await update({ variables: { kind: text.kind, markdown: value } });
      if (data) {
        setMarkdown(data.updateLegalText.markdown);
        setIsDefault(data.updateLegalText.isDefault);
      }
      notify(
        restoring
          ? LEGAL_TEXTS_MESSAGES.restored(text.title)
          : LEGAL_TEXTS_MESSAGES.saved(text.title),
        { type: 'success' },
      );
    } catch (failure) {
      const refusal = serverProblemOf(failure);
      if (refusal?.code === 'BAD_USER_INPUT') setError(refusal.message);
      notify(actionFailureMessage(failure, LEGAL_TEXTS_MESSAGES.failed), { type: 'error' });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!loading) void save(markdown, false);
  };

  return (
    <Box
      as="section"
      aria-labelledby={`${id}-title`}
      layerStyle="panel"
      rounded="xl"
      p={{ base: '4', md: '5' }}
      data-testid={`legal-editor-${kind}`}
    >
      <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" gap="2" mb="3">
        <Heading as="h2" size="md" id={`${id}-title`}>
          {text.title}
        </Heading>
        <Link
          href={`#${LEGAL_TEXT_PATHS[kind]}`}
          target="_blank"
          rel="noopener"
          fontSize="sm"
          color="orange.700"
        >
          Ver la página <LuExternalLink aria-hidden="true" />
        </Link>
      </Stack>
      <form onSubmit={submit} noValidate>
        <Field.Root invalid={error !== undefined}>
          <Field.Label>Texto (Markdown)</Field.Label>
          <Textarea
            name={`markdown-${kind}`}
            value={markdown}
            onChange={(event) => {
              setMarkdown(event.target.value);
              setError(undefined);
            }}
            rows={14}
            fontFamily="mono"
            fontSize="sm"
            bg="white"
            maxLength={LEGAL_TEXT_MAX_LENGTH}
            data-testid={`legal-markdown-${kind}`}
          />
          {error ? (
            <Field.ErrorText data-testid={`legal-error-${kind}`}>{error}</Field.ErrorText>
          ) : (
            <Field.HelperText>
              {isDefault ? 'Es el texto predeterminado. ' : ''}
              {[...markdown].length.toLocaleString('es-MX')} de{' '}
              {LEGAL_TEXT_MAX_LENGTH.toLocaleString('es-MX')} caracteres.
            </Field.HelperText>
          )}
        </Field.Root>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3" mt="4">
          <Button
            type="submit"
            loading={loading}
            loadingText="Guardando..."
            data-testid={`legal-save-${kind}`}
          >
            <LuSave aria-hidden="true" /> Guardar
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={loading || (isDefault && markdown === text.defaultMarkdown)}
            onClick={() => void save('', true)}
            data-testid={`legal-restore-${kind}`}
          >
            <LuRotateCcw aria-hidden="true" /> Usar el texto predeterminado
          </Button>
        </Stack>
      </form>
    </Box>
  );
}

/**
 * Textos legales (issue 25, item 7): the Markdown of 'Aviso de privacidad', 'Términos y
 * condiciones' and 'Devoluciones y cambios', with their placeholders filled from Ajustes.
 */
export function AdminLegalTextsPage() {
  useDocumentTitle('Textos legales · Administración');
  const query = useQuery(AdminLegalTextsQuery);
  const texts: LegalTextFields[] | undefined = query.data?.adminLegalTexts;
  const shop = useQuery(ShopSettingsQuery).data?.shopSettings;
  const missing = shop ? SELLER_DETAILS.filter(([field]) => !shop[field]).map(([, w]) => w) : [];
  return (
    <>
      <PageHeading
        compact
        title="Textos legales"
        subtitle="Las páginas que la tienda publica en el pie de cada pantalla. Escribe en Markdown; vacío muestra el texto predeterminado."
      />
      <Text fontSize="sm" color="gray.700" mb="4" maxW="4xl" data-testid="legal-placeholders">
        Marcadores que se llenan con los Ajustes: {PLACEHOLDERS}.
      </Text>
      {missing.length > 0 ? (
        <Alert.Root
          status="warning"
          rounded="lg"
          mb="4"
          maxW="4xl"
          data-testid="legal-missing-settings"
        >
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Faltan datos del vendedor en Ajustes</Alert.Title>
            <Alert.Description>
              La ley pide mostrarlos antes de la venta y las páginas legales los usan: escribe{' '}
              {spanishList(missing)} en{' '}
              <Link asChild color="orange.700" fontWeight="semibold">
                <RouterLink to="/admin/ajustes">Ajustes</RouterLink>
              </Link>
              .
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {query.error && !texts ? (
        <LoadErrorAlert
          title="No se pudieron cargar los textos legales."
          onRetry={() => void query.refetch().catch(() => undefined)}
        />
      ) : !texts ? (
        <Stack gap="4" aria-busy="true">
          <Skeleton h="64" rounded="xl" />
        </Stack>
      ) : (
        <Stack gap="4" maxW="4xl" data-testid="legal-texts">
          {texts.map((text) => (
            <LegalTextEditor key={text.kind} text={text} />
          ))}
        </Stack>
      )}
    </>
  );
}
