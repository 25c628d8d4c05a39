import { afterEach, describe, expect, it } from 'vitest';
import { focusLost, mainHeading, returnFocus } from './keep-focus';

describe('returnFocus: the focus goes back to the control that started an action', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('gives the focus to the first candidate that can take it when it dropped to the page', () => {
    document.body.innerHTML =
      '<button id="plus" disabled>+</button><button id="minus">−</button><main><h1>Carrito</h1></main>';
    (document.activeElement as HTMLElement | null)?.blur();
    expect(focusLost()).toBe(true);
    const plus = document.getElementById('plus');
    const minus = document.getElementById('minus');
    expect(returnFocus([plus, minus])).toBe(true);
    expect(document.activeElement).toBe(minus);
  });

  it('leaves the focus where the person put it meanwhile', () => {
    document.body.innerHTML = '<button id="a">A</button><button id="b">B</button>';
    const b = document.getElementById('b');
    b?.focus();
    expect(returnFocus([document.getElementById('a')])).toBe(false);
    expect(document.activeElement).toBe(b);
  });

  it('falls back to the page heading, made focusable from script', () => {
    document.body.innerHTML = '<main><h1>Carrito</h1></main>';
    const heading = mainHeading();
    expect(heading?.getAttribute('tabindex')).toBe('-1');
    expect(returnFocus([null, heading])).toBe(true);
    expect(document.activeElement?.tagName).toBe('H1');
  });
});
