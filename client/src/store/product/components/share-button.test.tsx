import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '../../../shared/notifications/toaster';
import { ShareButton, shareDataOf, whatsAppShareUrl } from './share-button';

const product = {
  name: 'Tenis Nike Air & Más',
  unitPriceCents: 129900,
  sharePath: '/p/42-tenis-nike-air-mas',
};
const data = shareDataOf(product, 'https://tienda.example.mx');

function renderButton() {
  render(
    <ChakraProvider value={defaultSystem}>
      <ShareButton data={data} />
    </ChakraProvider>,
  );
  return screen.getByRole('button', { name: 'Compartir' });
}

const shareDescriptor = Object.getOwnPropertyDescriptor(navigator, 'share');
const clipboardDescriptor = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
function stubNavigator(name: 'share' | 'clipboard', value: unknown) {
  Object.defineProperty(navigator, name, { value, configurable: true, writable: true });
}
function restoreNavigator() {
  for (const [name, descriptor] of [
    ['share', shareDescriptor],
    ['clipboard', clipboardDescriptor],
  ] as const) {
    if (descriptor) Object.defineProperty(navigator, name, descriptor);
    else Reflect.deleteProperty(navigator, name);
  }
}

describe('what a shared product says', () => {
  it('names the product and its price, with the absolute share page', () => {
    expect(data).toEqual({
      title: 'Tenis Nike Air & Más',
      text: 'Tenis Nike Air & Más a $1,299',
      url: 'https://tienda.example.mx/p/42-tenis-nike-air-mas',
    });
  });

  it('writes the text and the link into a WhatsApp chat, encoded', () => {
    const url = new URL(whatsAppShareUrl(data));
    expect(url.origin + url.pathname).toBe('https://wa.me/');
    expect(url.searchParams.get('text')).toBe(
      'Tenis Nike Air & Más a $1,299 https://tienda.example.mx/p/42-tenis-nike-air-mas',
    );
  });
});

describe('ShareButton where the browser has a share sheet', () => {
  let share: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    share = vi.fn(() => Promise.resolve());
    stubNavigator('share', share);
  });
  afterEach(() => {
    cleanup();
    restoreNavigator();
    vi.restoreAllMocks();
  });

  it("opens the phone's share sheet with the name, the price and the link; no menu", async () => {
    fireEvent.click(renderButton());
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(share).toHaveBeenCalledWith(data);
    expect(screen.queryByText('Copiar enlace')).toBeNull();
    expect(screen.getByRole('button', { name: 'Compartir' }).hasAttribute('aria-expanded')).toBe(
      false,
    );
  });

  it('says nothing when the shopper closes the sheet, and says so in Spanish when it fails', async () => {
    const create = vi.spyOn(toaster, 'create');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    share.mockRejectedValueOnce(new DOMException('cancelado', 'AbortError'));
    fireEvent.click(renderButton());
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    await act(() => Promise.resolve());
    expect(create).not.toHaveBeenCalled();

    share.mockRejectedValueOnce(new DOMException('no', 'NotAllowedError'));
    fireEvent.click(screen.getByRole('button', { name: 'Compartir' }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(
        expect.objectContaining({
          description: 'No se pudo compartir el producto',
          type: 'error',
        }),
      ),
    );
  });
});

describe('ShareButton without a share sheet', () => {
  let writeText: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    stubNavigator('share', undefined);
    writeText = vi.fn(() => Promise.resolve());
    stubNavigator('clipboard', { writeText });
  });
  afterEach(() => {
    cleanup();
    restoreNavigator();
    vi.restoreAllMocks();
  });

  /** Opens the panel; it says it is open, and the first option has the focus. */
  function openPanel() {
    const button = renderButton();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const panel = screen.getByTestId('share-menu');
    expect(button.getAttribute('aria-controls')).toBe(panel.id);
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'WhatsApp' }));
    return button;
  }

  it('offers WhatsApp, a link opening a chat in a new tab without access to the shop', () => {
    openPanel();
    const whatsapp = screen.getByRole('link', { name: 'WhatsApp' });
    expect(whatsapp.getAttribute('href')).toBe(whatsAppShareUrl(data));
    expect(whatsapp.getAttribute('target')).toBe('_blank');
    expect(whatsapp.getAttribute('rel')).toContain('noopener');
  });

  it("'Copiar enlace' copies the share page, says 'Enlace copiado' and closes", async () => {
    const create = vi.spyOn(toaster, 'create');
    const button = openPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Copiar enlace' }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(
        expect.objectContaining({ description: 'Enlace copiado', type: 'success' }),
      ),
    );
    expect(writeText).toHaveBeenCalledWith('https://tienda.example.mx/p/42-tenis-nike-air-mas');
    expect(screen.queryByTestId('share-menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('says in Spanish when the link cannot be copied', async () => {
    const create = vi.spyOn(toaster, 'create');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    writeText.mockRejectedValueOnce(new DOMException('denegado', 'NotAllowedError'));
    openPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Copiar enlace' }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(
        expect.objectContaining({ description: 'No se pudo copiar el enlace', type: 'error' }),
      ),
    );
  });

  it('closes with Escape (focus back on the button) and with a click elsewhere', () => {
    const button = openPanel();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByTestId('share-menu')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);

    fireEvent.click(button);
    expect(screen.getByTestId('share-menu')).toBeTruthy();
    fireEvent.focusIn(document.body);
    expect(screen.queryByTestId('share-menu')).toBeNull();
  });
});
