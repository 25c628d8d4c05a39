import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PRESS_WAIT_MS,
  controlKey,
  findControl,
  handOver,
  watchDrawnScreen,
} from './first-screen-handoff';

/** The same screen twice, as the server drew it and as the app renders it (other ids). */
const SCREEN = (id: string) => `
  <button type="button" aria-label="Abrir menú" data-testid="menu-button">≡</button>
  <input type="search" aria-label="Buscar productos" data-testid="header-search" value="" />
  <select id="${id}" data-testid="sort-select">
    <option value="NEWEST" selected>Más nuevos</option>
    <option value="PRICE_ASC">Precio</option>
  </select>
  <button type="button" data-testid="pagination-next">Siguiente</button>
  <button type="button" data-testid="pagination-next">Siguiente</button>
  <a href="#/producto/42" data-testid="product-card">Tenis</a>`;

function screens() {
  document.body.innerHTML = `<div id="root"></div><div id="first-screen">${SCREEN('_R_drawn_')}</div>`;
  const app = document.getElementById('root')!;
  return {
    drawn: document.getElementById('first-screen')!,
    app,
    render: () => {
      app.innerHTML = SCREEN('_R_app_');
    },
  };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the drawn screen before the app (issue 27)', () => {
  it('names a control the same way in the drawn screen and in the app, the second of two alike included', () => {
    const { drawn, app, render } = screens();
    render();
    const second = drawn.querySelectorAll('[data-testid="pagination-next"]')[1]!;
    const key = controlKey(second, drawn);
    expect(findControl(app, key)).toBe(app.querySelectorAll('[data-testid="pagination-next"]')[1]);
    expect(findControl(app, 'BUTTON|nada|||button|#0')).toBeUndefined();
  });

  it('wakes the app once, at the first sign of the shopper, and keeps their taps on drawn buttons', () => {
    const { drawn } = screens();
    const wake = vi.fn();
    const watch = watchDrawnScreen(drawn, wake, vi.fn());
    document.dispatchEvent(new Event('pointermove'));
    document.dispatchEvent(new Event('keydown'));
    expect(wake).toHaveBeenCalledTimes(1);
    drawn.querySelector<HTMLElement>('[data-testid="menu-button"]')!.click();
    expect(watch.state.presses).toHaveLength(1);
    // A link is the browser's to follow, not a kept tap.
    drawn.querySelector<HTMLElement>('[data-testid="product-card"]')!.click();
    expect(watch.state.presses).toHaveLength(1);
    watch.stop();
  });

  it("does not take the screen's own focus (its autofocus field) for a sign of the shopper; their focus is one", () => {
    const { drawn } = screens();
    const wake = vi.fn();
    const watch = watchDrawnScreen(drawn, wake, vi.fn());
    const field = drawn.querySelector<HTMLInputElement>('[data-testid="header-search"]')!;
    watch.focus(field);
    expect(document.activeElement).toBe(field);
    expect(wake).not.toHaveBeenCalled();
    field.blur();
    field.focus();
    expect(wake).toHaveBeenCalledTimes(1);
    watch.stop();
  });

  it('forgets the kept taps when a drawn link leads elsewhere, and says so', () => {
    const { drawn } = screens();
    const leave = vi.fn();
    const watch = watchDrawnScreen(drawn, vi.fn(), leave);
    drawn.querySelector<HTMLElement>('[data-testid="menu-button"]')!.click();
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(leave).toHaveBeenCalledTimes(1);
    expect(watch.state).toEqual({ navigated: true, presses: [] });
    watch.stop();
  });

  it('lets the app take over between presses: after a press on the drawn screen ends and its click is kept', async () => {
    const { drawn } = screens();
    const watch = watchDrawnScreen(drawn, vi.fn(), vi.fn());
    const menu = drawn.querySelector<HTMLElement>('[data-testid="menu-button"]')!;
    const then = vi.fn();
    // No pointer pressed: nothing to wait for.
    expect(watch.afterPress(then)).toBe(false);
    // A press outside the drawn screen is not its own.
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(watch.afterPress(then)).toBe(false);
    document.body.dispatchEvent(new Event('pointerup', { bubbles: true }));
    // A press on a drawn button: the app waits for its release and the click that follows it.
    menu.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(watch.afterPress(then)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(then).not.toHaveBeenCalled();
    menu.dispatchEvent(new Event('pointerup', { bubbles: true }));
    menu.click();
    expect(then).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(then).toHaveBeenCalledTimes(1);
    expect(watch.state.presses).toHaveLength(1);
    watch.stop();
  });

  it(`takes over anyway after a press held for PRESS_WAIT_MS (${PRESS_WAIT_MS} ms), or cancelled`, () => {
    vi.useFakeTimers();
    try {
      const { drawn } = screens();
      const watch = watchDrawnScreen(drawn, vi.fn(), vi.fn());
      const menu = drawn.querySelector<HTMLElement>('[data-testid="menu-button"]')!;
      const held = vi.fn();
      menu.dispatchEvent(new Event('pointerdown', { bubbles: true }));
      expect(watch.afterPress(held)).toBe(true);
      vi.advanceTimersByTime(PRESS_WAIT_MS - 1);
      expect(held).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(held).toHaveBeenCalledTimes(1);
      // Its late release runs nothing twice.
      menu.dispatchEvent(new Event('pointerup', { bubbles: true }));
      vi.runAllTimers();
      expect(held).toHaveBeenCalledTimes(1);
      // A cancelled press (the browser took it for a scroll) ends it too.
      const cancelled = vi.fn();
      menu.dispatchEvent(new Event('pointerdown', { bubbles: true }));
      expect(watch.afterPress(cancelled)).toBe(true);
      menu.dispatchEvent(new Event('pointercancel', { bubbles: true }));
      vi.runAllTimers();
      expect(cancelled).toHaveBeenCalledTimes(1);
      watch.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it("carries the typed text, the choice, the focus and caret, then the taps over to the app's same controls", () => {
    const { drawn, app, render } = screens();
    const watch = watchDrawnScreen(drawn, vi.fn(), vi.fn());
    const typed = drawn.querySelector<HTMLInputElement>('[data-testid="header-search"]')!;
    typed.value = 'tenis';
    typed.focus();
    typed.setSelectionRange(2, 2);
    drawn.querySelector<HTMLSelectElement>('[data-testid="sort-select"]')!.value = 'PRICE_ASC';
    drawn.querySelectorAll<HTMLElement>('[data-testid="pagination-next"]')[1]!.click();
    render();
    const events: string[] = [];
    app.addEventListener('input', (e) => events.push(`input ${(e.target as Element).tagName}`));
    app.addEventListener('change', (e) => events.push(`change ${(e.target as Element).tagName}`));
    const second = app.querySelectorAll<HTMLElement>('[data-testid="pagination-next"]')[1]!;
    second.addEventListener('click', () => events.push('click second'));
    const carryOn = handOver(drawn, app, watch.state.presses);
    watch.stop();
    drawn.remove();
    carryOn();
    const search = app.querySelector<HTMLInputElement>('[data-testid="header-search"]')!;
    expect(search.value).toBe('tenis');
    expect(document.activeElement).toBe(search);
    expect([search.selectionStart, search.selectionEnd]).toEqual([2, 2]);
    expect(app.querySelector<HTMLSelectElement>('[data-testid="sort-select"]')!.value).toBe(
      'PRICE_ASC',
    );
    expect(events).toEqual([
      'input INPUT',
      'change INPUT',
      'input SELECT',
      'change SELECT',
      'click second',
    ]);
  });

  it('leaves untouched fields alone', () => {
    const { drawn, app, render } = screens();
    render();
    const events: string[] = [];
    app.addEventListener('input', () => events.push('input'));
    handOver(drawn, app, [])();
    expect(events).toEqual([]);
  });
});
