import {
  Alert,
  Box,
  Button,
  CloseButton,
  Dialog,
  HStack,
  Portal,
  Spinner,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useId, useRef } from 'react';
import { LuFileSpreadsheet, LuFileUp } from 'react-icons/lu';
import { CSV_COLUMNS_HINT, type FilaConError, rowsWithErrors, summary } from '../product-import';
import type { ImportStep } from '../use-product-import';

/** Bad rows listed in the dialog; the rest are counted (the dry run's answer has them all). */
const LISTED_ERRORS = 200;

export interface ProductImportDialogProps {
  open: boolean;
  step: ImportStep;
  onCheck: (file: File) => void;
  onStart: (onlyValid: boolean) => void;
  onClose: () => void;
}

function BadRows({ errors }: { errors: readonly FilaConError[] }) {
  return (
    <Box>
      <Table.ScrollArea
        maxH="64"
        borderWidth="1px"
        rounded="md"
        tabIndex={0}
        role="region"
        aria-label="Filas con errores"
      >
        <Table.Root size="sm" stickyHeader data-testid="import-errors">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader w="16">Fila</Table.ColumnHeader>
              <Table.ColumnHeader>Error</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {errors.slice(0, LISTED_ERRORS).map((error) => (
              <Table.Row key={error.fila} data-testid="import-error" data-line={error.fila}>
                <Table.Cell fontVariantNumeric="tabular-nums">{error.fila}</Table.Cell>
                <Table.Cell whiteSpace="normal" overflowWrap="anywhere">
                  {error.mensaje}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {errors.length > LISTED_ERRORS ? (
        <Text fontSize="sm" color="gray.600" mt="1">
          Y {(errors.length - LISTED_ERRORS).toLocaleString('es-MX')} filas más con errores.
        </Text>
      ) : null}
    </Box>
  );
}

/**
 * 'Importar CSV': choose a file → its dry run (what it would create and update, every bad row
 * with its line) → 'Importar', or 'Importar las filas válidas' when some rows are bad. The
 * import's progress is then shown on the products page (ImportProgress).
 */
export function ProductImportDialog({
  open,
  step,
  onCheck,
  onStart,
  onClose,
}: ProductImportDialogProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const busy = step.kind === 'checking' || step.kind === 'starting';
  const result = step.kind === 'checked' || step.kind === 'starting' ? step.result : null;
  const badRows = result?.errores.length ?? 0;
  const changes = result ? result.creados + result.actualizados : 0;
  const error = step.kind === 'choose' || step.kind === 'checked' ? step.error : null;

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !busy) onClose();
      }}
      size={{ base: 'full', md: 'lg' }}
      placement="center"
      scrollBehavior="inside"
      closeOnInteractOutside={false}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="product-import-dialog">
            <Dialog.Header>
              <Dialog.Title>Importar productos desde CSV</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text color="gray.700" fontSize="sm">
                  Usa las columnas del archivo de «Exportar CSV» ({CSV_COLUMNS_HINT}). Una fila con{' '}
                  <b>id</b> actualiza ese producto; sin id, crea uno nuevo. Primero revisamos el
                  archivo sin cambiar nada.
                </Text>
                <Box>
                  <input
                    ref={input}
                    id={inputId}
                    type="file"
                    accept=".csv,text/csv"
                    hidden
                    disabled={busy}
                    aria-label="Archivo CSV"
                    data-testid="import-file"
                    onChange={(event) => {
                      const file = event.currentTarget.files?.[0];
                      if (file) onCheck(file);
                      event.currentTarget.value = '';
                    }}
                  />
                  <HStack gap="3" wrap="wrap">
                    <Button
                      variant="outline"
                      disabled={busy}
                      onClick={() => input.current?.click()}
                      data-testid="import-choose"
                    >
                      <LuFileSpreadsheet /> {result ? 'Elegir otro archivo' : 'Elegir archivo CSV'}
                    </Button>
                    {step.kind !== 'choose' ? (
                      <Text fontSize="sm" color="gray.600" overflowWrap="anywhere">
                        {step.file.name}
                      </Text>
                    ) : null}
                  </HStack>
                </Box>
                {step.kind === 'checking' ? (
                  <HStack gap="2" color="gray.700" data-testid="import-checking">
                    <Spinner size="sm" />
                    <Text>Revisando {step.file.name}…</Text>
                  </HStack>
                ) : null}
                {error ? (
                  <Alert.Root status="error" rounded="md" data-testid="import-refused">
                    <Alert.Indicator />
                    <Alert.Description>{error}</Alert.Description>
                  </Alert.Root>
                ) : null}
                {result ? (
                  <Stack gap="3" data-testid="import-dry-run">
                    <Alert.Root status={badRows > 0 ? 'warning' : 'success'} rounded="md">
                      <Alert.Indicator />
                      <Alert.Content>
                        <Alert.Title>{summary(result)}</Alert.Title>
                        <Alert.Description data-testid="import-dry-run-summary">
                          {badRows > 0
                            ? `${rowsWithErrors(badRows)}. Corrígelas y vuelve a elegir el archivo, o importa solo las filas válidas.`
                            : changes > 0
                              ? 'Todo está en orden: nada ha cambiado todavía.'
                              : 'El archivo no cambia ningún producto.'}
                        </Alert.Description>
                      </Alert.Content>
                    </Alert.Root>
                    {badRows > 0 ? <BadRows errors={result.errores} /> : null}
                  </Stack>
                ) : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap">
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" disabled={busy}>
                  Cancelar
                </Button>
              </Dialog.ActionTrigger>
              <Button
                colorPalette="orange"
                loading={step.kind === 'starting'}
                disabled={!result || changes === 0 || busy}
                onClick={() => onStart(badRows > 0)}
                data-testid="import-start"
              >
                <LuFileUp />
                {badRows > 0 ? 'Importar las filas válidas' : 'Importar'}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" disabled={busy} aria-label="Cerrar" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
