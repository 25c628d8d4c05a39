import { Clipboard, IconButton } from '@chakra-ui/react';

/** A button that copies `value` and says so ('Copiado'). */
export function CopyValueButton({ value, label }: { value: string; label: string }) {
  return (
    <Clipboard.Root value={value} timeout={2000}>
      <Clipboard.Context>
        {(clipboard) => (
          <Clipboard.Trigger asChild>
            <IconButton
              variant="ghost"
              size="sm"
              colorPalette={clipboard.copied ? 'green' : 'gray'}
              aria-label={clipboard.copied ? `${label}: copiado` : `Copiar ${label}`}
              title={clipboard.copied ? 'Copiado' : `Copiar ${label}`}
            >
              <Clipboard.Indicator />
            </IconButton>
          </Clipboard.Trigger>
        )}
      </Clipboard.Context>
    </Clipboard.Root>
  );
}
