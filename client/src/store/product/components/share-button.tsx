import { Box, Button, Stack } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState } from 'react';
import { LuLink, LuShare2 } from 'react-icons/lu';
import { FaWhatsapp } from 'react-icons/fa';
import { formatMoney } from '@tienda/rules';
import { notify } from '../../../shared/notifications/toaster';

export const SHARE_LABEL = 'Compartir';
export const LINK_COPIED_MESSAGE = 'Enlace copiado';
export const COPY_FAILED_MESSAGE = 'No se pudo copiar el enlace';
export const SHARE_FAILED_MESSAGE = 'No se pudo compartir el producto';

export interface ShareData {
  title: string;
  text: string;
  url: string;
}

/**
 * What a shared product says: its name, the price the shopper pays, and its share page (a real
 * path, so that WhatsApp and Facebook show its photo, name and price in the preview).
 */
export function shareDataOf(
  product: { name: string; unitPriceCents: number; sharePath: string },
  // No window where the server draws the first screen (the link is only read on a click).
  origin: string | undefined = globalThis.location?.origin,
): ShareData {
  return {
    title: product.name,
    text: `${product.name} a ${formatMoney(product.unitPriceCents)}`,
    url: origin ? new URL(product.sharePath, origin).href : product.sharePath,
  };
}

/** A WhatsApp link that opens a chat with the text and the link written. */
export function whatsAppShareUrl({ text, url }: ShareData): string {
  return `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;
}

const canShareNatively = () =>
  typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/**
 * 'Compartir': the phone's share sheet where the browser has one (navigator.share), else a small
 * panel under the button with 'WhatsApp' and 'Copiar enlace' (a disclosure: the button says
 * whether it is open, Tab reaches both, Escape or a click elsewhere closes it). Plain Chakra
 * boxes and buttons: Chakra's Menu would add its state machine (19 KB gzip) to the Chakra chunk
 * every first screen loads.
 */
export function ShareButton({ data }: { data: ShareData }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    rootRef.current?.querySelector<HTMLElement>('[data-share-option]')?.focus();
    const outside = (event: Event) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      triggerRef.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  const share = async () => {
    try {
      await navigator.share(data);
    } catch (error) {
      // The shopper closed the sheet: nothing to say.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      console.error('No se pudo compartir', error);
      notify(SHARE_FAILED_MESSAGE, { type: 'error' });
    }
  };

  const copyLink = async () => {
    setOpen(false);
    triggerRef.current?.focus();
    try {
      await navigator.clipboard.writeText(data.url);
      notify(LINK_COPIED_MESSAGE, { type: 'success' });
    } catch (error) {
      console.error('No se pudo copiar el enlace', error);
      notify(COPY_FAILED_MESSAGE, { type: 'error' });
    }
  };

  const native = canShareNatively();
  return (
    <Box position="relative" flexShrink={0} ref={rootRef}>
      <Button
        ref={triggerRef}
        variant="outline"
        size="sm"
        onClick={() => (native ? void share() : setOpen((was) => !was))}
        aria-expanded={native ? undefined : open}
        aria-controls={native || !open ? undefined : panelId}
        data-testid="share-button"
      >
        <LuShare2 /> {SHARE_LABEL}
      </Button>
      {open ? (
        <Stack
          id={panelId}
          gap="0.5"
          position="absolute"
          top="calc(100% + 0.375rem)"
          insetEnd="0"
          zIndex="dropdown"
          minW="48"
          p="1"
          layerStyle="panel"
          rounded="lg"
          shadow="lg"
          data-testid="share-menu"
        >
          <Button
            asChild
            variant="ghost"
            size="sm"
            justifyContent="flex-start"
            fontWeight="medium"
            data-share-option
          >
            <a
              href={whatsAppShareUrl(data)}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => setOpen(false)}
            >
              <FaWhatsapp aria-hidden color="#15803d" /> WhatsApp
            </a>
          </Button>
          <Button
            variant="ghost"
            size="sm"
            justifyContent="flex-start"
            fontWeight="medium"
            onClick={() => void copyLink()}
            data-share-option
          >
            <LuLink aria-hidden /> Copiar enlace
          </Button>
        </Stack>
      ) : null}
    </Box>
  );
}
