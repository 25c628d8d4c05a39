import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { LuX } from 'react-icons/lu';
import {
  type Importacion,
  isRunning,
  progressPercent,
  rowsWithErrors,
  summary,
} from '../product-import';

const TITLES: Record<Importacion['estado'], string> = {
  pendiente: 'Importación en espera',
  en_curso: 'Importando productos',
  terminada: 'Importación terminada',
  fallida: 'La importación se detuvo',
};

/**
 * An import's progress on the products page: a bar of the rows applied of those to apply, read
 * from the server every second while it runs (so a reload shows it again), then what it did.
 */
export function ImportProgress({ job, onDismiss }: { job: Importacion; onDismiss: () => void }) {
  const percent = progressPercent(job);
  const running = isRunning(job);
  const color =
    job.estado === 'fallida' ? 'red.500' : job.estado === 'terminada' ? 'green.500' : 'orange.500';
  return (
    <Box
      layerStyle="panel"
      rounded="lg"
      px="4"
      py="3"
      mb="4"
      data-testid="import-progress"
      data-state={job.estado}
      aria-live="polite"
    >
      <HStack justify="space-between" align="start" gap="3">
        <Stack gap="0" minW="0">
          <Text fontWeight="semibold">{TITLES[job.estado]}</Text>
          <Text fontSize="sm" color="gray.600" overflowWrap="anywhere">
            {job.archivo}
          </Text>
        </Stack>
        {!running ? (
          <Button size="xs" variant="ghost" onClick={onDismiss} data-testid="import-dismiss">
            <LuX /> Cerrar
          </Button>
        ) : null}
      </HStack>
      <Box
        mt="2"
        h="2.5"
        bg="gray.200"
        rounded="full"
        overflow="hidden"
        role="progressbar"
        aria-label="Avance de la importación"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent} %`}
        data-testid="import-progress-bar"
      >
        <Box h="full" w={`${percent}%`} bg={color} transition="width 0.4s ease" />
      </Box>
      <Text mt="1" fontSize="sm" color="gray.700" data-testid="import-progress-text">
        {running
          ? `${job.procesadas.toLocaleString('es-MX')} de ${job.aImportar.toLocaleString('es-MX')} filas (${percent} %)`
          : job.estado === 'terminada'
            ? `${summary(job)}${job.errores.length > 0 ? `; ${rowsWithErrors(job.errores.length)} sin importar` : ''}.`
            : (job.fallo ?? 'Error inesperado.')}
      </Text>
    </Box>
  );
}
