import {
  Badge,
  Box,
  Button,
  Field,
  HStack,
  Heading,
  Input,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { SatKeysSection } from '../components/sat-keys-section';
import type { ApolloCache } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { serverProblemOf } from '../../../shared/forms/server-errors';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { notify } from '../../../shared/notifications/toaster';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';
import { PageHeading } from '../../../shared/ui/page-heading';
import {
  AdminLookupsQuery,
  AdminSearchSynonymsQuery,
  CreateBrandMutation,
  CreateSearchSynonymMutation,
  DeleteSearchSynonymMutation,
  UpdateSearchSynonymMutation,
  CreateColorMutation,
  CreateProductTypeMutation,
  DeleteBrandMutation,
  DeleteColorMutation,
  DeleteProductTypeMutation,
  UpdateBrandMutation,
  UpdateColorMutation,
  UpdateProductTypeMutation,
} from '../api';
import { SearchMissList } from '../components/search-miss-list';

export const LOOKUP_MESSAGES = {
  created: 'Elemento creado correctamente',
  updated: 'Elemento actualizado correctamente',
  deleted: 'Elemento eliminado correctamente',
  failed: 'Ocurrió un error al procesar la solicitud',
  deleteFailed: 'Error al eliminar el elemento',
  confirmDelete: '¿Estás seguro de eliminar este elemento?',
  required: 'El nombre es obligatorio',
  loadFailed: (message: string) => `Error al cargar datos: ${message}`,
} as const;

interface Item {
  id: number;
  name: string;
}

/** The lists: the root field that lists each and the typename its items carry. */
type ListField = 'types' | 'brands' | 'colors' | 'searchSynonyms';
const TYPENAMES: Record<ListField, 'ProductType' | 'Brand' | 'Color' | 'SearchSynonym'> = {
  types: 'ProductType',
  brands: 'Brand',
  colors: 'Color',
  searchSynonyms: 'SearchSynonym',
};

/**
 * The server's own words for a refusal it explains (a duplicate, a missing name, a brand whose
 * variants cannot be made, an item in use); the generic message for anything else.
 */
function refusalOf(error: unknown): string | undefined {
  const problem = serverProblemOf(error);
  return problem && (problem.code === 'CONFLICT' || problem.code === 'BAD_USER_INPUT')
    ? problem.message
    : undefined;
}

/** Adds created items to the cached list (the items themselves are normalised by the answer). */
function addToList(cache: ApolloCache, field: ListField, items: readonly Item[]) {
  cache.modify({
    id: 'ROOT_QUERY',
    fields: {
      [field]: (existing, { toReference }) => [
        ...(Array.isArray(existing) ? (existing as unknown[]) : []),
        ...items.map((item) => toReference({ __typename: TYPENAMES[field], id: item.id })),
      ],
    },
  });
}

/** Drops a deleted item from the cache: every list that held it stops showing it. */
function evict(cache: ApolloCache, field: ListField, item: Item) {
  cache.evict({ id: cache.identify({ __typename: TYPENAMES[field], id: item.id }) });
  cache.gc();
}

const byName = (a: Item, b: Item) =>
  a.name.localeCompare(b.name, 'es', { sensitivity: 'base' }) || a.id - b.id;

interface LookupListProps {
  field: ListField;
  title: string;
  /** Placeholder of the name input, e.g. 'Nueva marca'. */
  placeholder: string;
  /** The input's name for a screen reader, when not the placeholder. */
  label?: string;
  hint?: string;
  /** The longest entry the input takes (100: a name). */
  maxLength?: number;
  items: readonly Item[];
  /** Saves and says whether it worked (the notification is the caller's). */
  onSave: (name: string, editing: Item | null) => Promise<boolean>;
  onDelete: (item: Item) => void;
}

/** One list: its name form ('Crear', or 'Actualizar' and 'Cancelar' while editing) and rows. */
function LookupList({
  field,
  title,
  placeholder,
  label,
  hint,
  maxLength = 100,
  items,
  onSave,
  onDelete,
}: LookupListProps) {
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<Item | null>(null);
  const [saving, setSaving] = useState(false);
  const inputId = useId();
  const sorted = useMemo(() => [...items].sort(byName), [items]);

  const cancel = () => {
    setEditing(null);
    setName('');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      notify(LOOKUP_MESSAGES.required, { type: 'warning' });
      return;
    }
    setSaving(true);
    try {
      if (await onSave(name.trim(), editing)) cancel();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box
      as="section"
      aria-labelledby={`${inputId}-title`}
      layerStyle="panel"
      rounded="xl"
      p={{ base: '4', md: '5' }}
      data-testid={`lookup-list-${field}`}
    >
      <HStack justify="space-between" mb="3">
        <Heading as="h2" size="md" id={`${inputId}-title`}>
          {title}
        </Heading>
        <Badge variant="subtle" colorPalette="gray">
          {items.length}
        </Badge>
      </HStack>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Field.Root>
          <Field.Label htmlFor={inputId} srOnly>
            {editing ? `Nuevo nombre de ${editing.name}` : (label ?? placeholder)}
          </Field.Label>
          <Input
            id={inputId}
            value={name}
            maxLength={maxLength}
            placeholder={placeholder}
            onChange={(event) => setName(event.target.value)}
            data-testid={`lookup-name-${field}`}
          />
          {hint && !editing ? <Field.HelperText>{hint}</Field.HelperText> : null}
        </Field.Root>
        <HStack mt="2" gap="2">
          <Button
            type="submit"
            size="sm"
            colorPalette="orange"
            loading={saving}
            data-testid={`lookup-submit-${field}`}
          >
            {editing ? 'Actualizar' : 'Crear'}
          </Button>
          {editing ? (
            <Button type="button" size="sm" variant="outline" onClick={cancel}>
              Cancelar
            </Button>
          ) : null}
        </HStack>
      </form>
      {sorted.length === 0 ? (
        <Text mt="4" color="gray.600" fontSize="sm">
          No hay elementos todavía.
        </Text>
      ) : (
        <Stack as="ul" listStyleType="none" mt="4" gap="0" maxH="md" overflowY="auto">
          {sorted.map((item) => (
            <HStack
              as="li"
              key={item.id}
              justify="space-between"
              gap="2"
              py="2"
              borderTopWidth="1px"
              borderColor="gray.100"
              bg={editing?.id === item.id ? 'orange.50' : undefined}
              data-testid="lookup-row"
              data-name={item.name}
            >
              <Text flex="1" minW="0" overflowWrap="anywhere" fontSize="sm">
                {item.name}
              </Text>
              <HStack gap="1" flexShrink={0}>
                <Button
                  size="xs"
                  variant="outline"
                  aria-label={`Editar ${item.name}`}
                  onClick={() => {
                    setEditing(item);
                    setName(item.name);
                  }}
                >
                  Editar
                </Button>
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="red"
                  aria-label={`Eliminar ${item.name}`}
                  onClick={() => onDelete(item)}
                >
                  Eliminar
                </Button>
              </HStack>
            </HStack>
          ))}
        </Stack>
      )}
    </Box>
  );
}

/** /admin/tiposMarcasColores: the type, brand and colour lists (spec §2, §5, §8). */
export function AdminLookupsPage() {
  useDocumentTitle('Tipos, marcas y colores · Administración');
  const { data, error, refetch } = useQuery(AdminLookupsQuery);
  const [pendingDelete, setPendingDelete] = useState<{ field: ListField; item: Item } | null>(null);
  const [deleting, setDeleting] = useState(false);

  const [createType] = useMutation(CreateProductTypeMutation, {
    update: (cache, { data: d }) => d && addToList(cache, 'types', [d.createProductType]),
  });
  const [updateType] = useMutation(UpdateProductTypeMutation);
  const [deleteType] = useMutation(DeleteProductTypeMutation, {
    update: (cache, { data: d }) => d && evict(cache, 'types', d.deleteProductType),
  });
  const [createBrand] = useMutation(CreateBrandMutation, {
    update: (cache, { data: d }) =>
      d && addToList(cache, 'brands', [d.createBrand.brand, ...d.createBrand.variants]),
  });
  const [updateBrand] = useMutation(UpdateBrandMutation);
  const [deleteBrand] = useMutation(DeleteBrandMutation, {
    update: (cache, { data: d }) => d && evict(cache, 'brands', d.deleteBrand),
  });
  const [createColor] = useMutation(CreateColorMutation, {
    update: (cache, { data: d }) => d && addToList(cache, 'colors', [d.createColor]),
  });
  const [updateColor] = useMutation(UpdateColorMutation);
  const [deleteColor] = useMutation(DeleteColorMutation, {
    update: (cache, { data: d }) => d && evict(cache, 'colors', d.deleteColor),
  });

  const synonyms = useQuery(AdminSearchSynonymsQuery);
  const [createSynonym] = useMutation(CreateSearchSynonymMutation, {
    update: (cache, { data: d }) =>
      d && addToList(cache, 'searchSynonyms', [d.createSearchSynonym]),
  });
  const [updateSynonym] = useMutation(UpdateSearchSynonymMutation);
  const [deleteSynonym] = useMutation(DeleteSearchSynonymMutation, {
    update: (cache, { data: d }) => d && evict(cache, 'searchSynonyms', d.deleteSearchSynonym),
  });

  useEffect(() => {
    if (error) notify(LOOKUP_MESSAGES.loadFailed(error.message), { type: 'error' });
  }, [error]);

  const save =
    (
      create: (name: string) => Promise<unknown>,
      update: (id: number, name: string) => Promise<unknown>,
    ) =>
    async (name: string, editing: Item | null): Promise<boolean> => {
      try {
        if (editing) await update(editing.id, name);
        else await create(name);
        notify(editing ? LOOKUP_MESSAGES.updated : LOOKUP_MESSAGES.created, { type: 'success' });
        return true;
      } catch (err) {
        notify(refusalOf(err) ?? LOOKUP_MESSAGES.failed, { type: 'error' });
        return false;
      }
    };

  const removers: Record<ListField, (id: number) => Promise<unknown>> = {
    types: (id) => deleteType({ variables: { id } }),
    brands: (id) => deleteBrand({ variables: { id } }),
    colors: (id) => deleteColor({ variables: { id } }),
    searchSynonyms: (id) => deleteSynonym({ variables: { id } }),
  };

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    setDeleting(true);
    try {
      await removers[pendingDelete.field](pendingDelete.item.id);
      notify(LOOKUP_MESSAGES.deleted, { type: 'success' });
    } catch (err) {
      const reason = refusalOf(err);
      notify(reason ? `${LOOKUP_MESSAGES.deleteFailed}. ${reason}` : LOOKUP_MESSAGES.deleteFailed, {
        type: 'error',
      });
    } finally {
      setDeleting(false);
      setPendingDelete(null);
    }
  };

  const askDelete = (field: ListField) => (item: Item) => setPendingDelete({ field, item });

  return (
    <>
      <PageHeading
        compact
        title="Administración de Tipos, Marcas y Colores"
        subtitle="Los nombres con que se arman los productos y se filtra la tienda, y las palabras de su búsqueda."
      />
      {error && !data ? (
        <LoadErrorAlert
          title="No se pudieron cargar los tipos, marcas y colores."
          onRetry={() => void refetch().catch(() => undefined)}
        />
      ) : !data ? (
        <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4" aria-busy="true">
          <Skeleton h="xs" rounded="xl" />
          <Skeleton h="xs" rounded="xl" />
          <Skeleton h="xs" rounded="xl" />
        </SimpleGrid>
      ) : (
        <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4" alignItems="start">
          <LookupList
            field="types"
            title="Tipos"
            placeholder="Nuevo tipo"
            items={data.types}
            onSave={save(
              (name) => createType({ variables: { name } }),
              (id, name) => updateType({ variables: { id, name } }),
            )}
            onDelete={askDelete('types')}
          />
          <LookupList
            field="brands"
            title="Marcas"
            placeholder="Nueva marca"
            hint="Se crean también «Marca Dama» y «Marca Niño»."
            items={data.brands}
            onSave={save(
              (name) => createBrand({ variables: { name } }),
              (id, name) => updateBrand({ variables: { id, name } }),
            )}
            onDelete={askDelete('brands')}
          />
          <LookupList
            field="colors"
            title="Colores"
            placeholder="Nuevo color"
            items={data.colors}
            onSave={save(
              (name) => createColor({ variables: { name } }),
              (id, name) => updateColor({ variables: { id, name } }),
            )}
            onDelete={askDelete('colors')}
          />
        </SimpleGrid>
      )}
      <SimpleGrid mt="4" columns={{ base: 1, lg: 2 }} gap="4" alignItems="start">
        <Box>
          {synonyms.error && !synonyms.data ? (
            <LoadErrorAlert
              title="No se pudieron cargar los sinónimos."
              onRetry={() => void synonyms.refetch().catch(() => undefined)}
            />
          ) : !synonyms.data ? (
            <Skeleton h="40" rounded="xl" aria-busy="true" />
          ) : (
            <LookupList
              field="searchSynonyms"
              title="Sinónimos"
              placeholder="tenis = sneakers = zapatillas"
              label="Nuevo grupo de sinónimos"
              hint="Palabras que la búsqueda de la tienda toma como iguales, separadas por «=»."
              maxLength={500}
              items={synonyms.data.searchSynonyms}
              onSave={save(
                (name) => createSynonym({ variables: { name } }),
                (id, name) => updateSynonym({ variables: { id, name } }),
              )}
              onDelete={askDelete('searchSynonyms')}
            />
          )}
        </Box>
        <SearchMissList />
      </SimpleGrid>
      <SatKeysSection />

      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        title={LOOKUP_MESSAGES.confirmDelete}
        onConfirm={() => void confirmDelete()}
        busy={deleting}
        data-testid="lookup-delete-dialog"
        confirmTestId="lookup-confirm-delete"
      >
        <Text>{pendingDelete?.item.name}</Text>
      </ConfirmDialog>
    </>
  );
}
