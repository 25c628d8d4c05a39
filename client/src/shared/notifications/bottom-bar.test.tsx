import { fireEvent, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOTTOM_BAR_SPACE_VAR, useBottomBar } from './bottom-bar';

function Bar() {
  const ref = useRef<HTMLDivElement>(null);
  useBottomBar(ref);
  return <div ref={ref}>Agregar al carrito</div>;
}

describe('useBottomBar: the phone notifications keep clear of a bar at the bottom', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('publishes the space from the bar to the screen bottom, following size and scroll, and none once it goes', () => {
    let resized: (() => void) | undefined;
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          resized = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    vi.stubGlobal('innerHeight', 844);
    let top = 775;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(
      () => ({ top }) as DOMRect,
    );
    const root = document.documentElement;
    const { unmount } = render(<Bar />);
    // Stuck to the bottom: its own height.
    expect(root.style.getPropertyValue(BOTTOM_BAR_SPACE_VAR)).toBe('69px');
    // It grows (the 'Inicia sesión' link under the button).
    top = 746;
    resized?.();
    expect(root.style.getPropertyValue(BOTTOM_BAR_SPACE_VAR)).toBe('98px');
    // A short page: the bar sits higher than the bottom, and the space follows the scroll.
    top = 714.5;
    fireEvent.scroll(window);
    expect(root.style.getPropertyValue(BOTTOM_BAR_SPACE_VAR)).toBe('130px');
    unmount();
    expect(root.style.getPropertyValue(BOTTOM_BAR_SPACE_VAR)).toBe('');
  });
});
