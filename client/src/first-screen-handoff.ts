/**
 * The screen the server drew, used before the app runs (issue 27: a phone that can tap as soon
 * as it sees). Over a drawn screen the app is not fetched nor run until the shopper shows they are
 * there (a touch, a pointer, a key, a focus, a tap on a link): a first visit's phone spends its
 * first seconds painting and fetching photos, not compiling and running 250 KiB of scripts. What
 * they do before the app takes over is not lost:
 *
 * - a drawn link is a real hash link (`#/producto/42`): the browser follows it at once, the drawn
 *   screen gives way to the light shell, and the app starts at that address;
 * - a tap on a drawn button (the menu, 'Filtrar', a page of results) is kept and given, once the
 *   app has drawn the same screen, to the app's same button;
 * - what the shopper typed or chose in a drawn field (the search box, the sort order) goes into the
 *   app's same field, as if typed there (its own events: the app's search runs), with the focus and
 *   the caret where they were.
 *
 * No React here: this module is part of the page's entry, a few KiB.
 */

/**
 * The events that start the app over a drawn screen: the shopper is there (a field changed
 * without any of the others: an assistive technology, the browser's autofill).
 */
export const WAKE_EVENTS = [
  'pointerdown',
  'pointermove',
  'touchstart',
  'keydown',
  'focusin',
  'click',
  'wheel',
  'input',
  'change',
] as const;

const FIELDS = 'input, select, textarea';
const PRESSABLE = 'button, [role="button"], summary';

/**
 * What identifies a control in the drawn screen and in the app's render of the same screen: the
 * two are the same components (first-screen-render.tsx), but not the same ids (React's useId of a
 * server render without hydration differs). Its tag, test id, label, name and text, and which of
 * the controls with that same description it is.
 */
export function controlKey(element: Element, root: Element): string {
  const describe = (e: Element) =>
    [
      e.tagName,
      e.getAttribute('data-testid') ?? '',
      e.getAttribute('aria-label') ?? '',
      e.getAttribute('name') ?? '',
      e.getAttribute('type') ?? '',
      (e.textContent ?? '').trim().slice(0, 60),
    ].join('|');
  const own = describe(element);
  const selector = element.tagName.toLowerCase();
  const same = [...root.querySelectorAll(selector)].filter((e) => describe(e) === own);
  return `${own}#${same.indexOf(element)}`;
}

/** The control in `root` with that key, if the app drew it. */
export function findControl(root: Element, key: string): HTMLElement | undefined {
  const tag = key.slice(0, key.indexOf('|')).toLowerCase();
  for (const element of root.querySelectorAll<HTMLElement>(tag))
    if (controlKey(element, root) === key) return element;
  return undefined;
}

interface FieldState {
  key: string;
  value: string;
}

interface FocusState {
  key: string;
  selectionStart: number | null;
  selectionEnd: number | null;
}

/** Past this long a press on the drawn screen, the app takes over anyway (ms). */
export const PRESS_WAIT_MS = 3_000;

/** What the shopper did on the drawn screen, for the app to carry on. */
export interface DrawnScreenState {
  /** The shopper followed a drawn link: the app opens that address instead (no drawn screen). */
  navigated: boolean;
  presses: string[];
}

/** The watch over a drawn screen (`watchDrawnScreen`). */
export interface DrawnScreenWatch {
  state: DrawnScreenState;
  stop: () => void;
  focus: (field: HTMLElement) => void;
  /**
   * While a pointer is pressed on the drawn screen: runs `then` once, after its release (and the
   * click that follows it) or PRESS_WAIT_MS, and answers true. Else answers false, runs nothing.
   */
  afterPress: (then: () => void) => boolean;
}

/** A field whose value the shopper changed. */
function changedValue(field: Element): string | undefined {
  if (field instanceof HTMLSelectElement) {
    const chosen = field.selectedOptions[0];
    return chosen && !chosen.defaultSelected ? field.value : undefined;
  }
  if (field instanceof HTMLInputElement) {
    if (field.type === 'checkbox' || field.type === 'radio')
      return field.checked !== field.defaultChecked ? String(field.checked) : undefined;
    return field.value !== field.defaultValue ? field.value : undefined;
  }
  if (field instanceof HTMLTextAreaElement)
    return field.value !== field.defaultValue ? field.value : undefined;
  return undefined;
}

/** Sets a field's value as typing would: through the element's own setter, then its events. */
function typeInto(field: HTMLElement, value: string): void {
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    if (String(field.checked) !== value) field.click();
    return;
  }
  const prototype =
    field instanceof HTMLSelectElement
      ? HTMLSelectElement.prototype
      : field instanceof HTMLTextAreaElement
        ? HTMLTextAreaElement.prototype
        : HTMLInputElement.prototype;
  // React tracks the value its last render set: the prototype's setter goes around that tracker,
  // so the `input` event reads as a change (as a keystroke would).
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

/**
 * Watches the drawn screen until the app takes over. `wake` runs once, at the first sign of the
 * shopper; `leave` when a drawn link took them to another address (the drawn screen no longer
 * fits it). Taps on drawn buttons are kept (`state.presses`). `focus` gives a field the focus as
 * the screen's own doing (its `autofocus` field), not taken for a sign of the shopper.
 * `afterPress` lets the app take over between presses, never in the middle of one (a mouse
 * pressed on a drawn button and released on the app's would click neither).
 */
export function watchDrawnScreen(
  drawn: Element,
  wake: () => void,
  leave: () => void,
): DrawnScreenWatch {
  const state: DrawnScreenState = { navigated: false, presses: [] };
  let awake = false;
  let focusing = false;
  let pressed = false;
  let afterRelease: (() => void) | undefined;
  const onPointerDown = (event: Event) => {
    if (event.target instanceof Node && drawn.contains(event.target)) pressed = true;
  };
  // A mouse's click follows its release in the same task (a drawn tap, kept); a touch's comes
  // after, on whatever is under the finger then (the drawn control, or the app's same one).
  const onRelease = () => {
    if (!pressed) return;
    pressed = false;
    setTimeout(() => afterRelease?.(), 0);
  };
  const onWake = (event: Event) => {
    if (awake || (focusing && event.type === 'focusin')) return;
    awake = true;
    for (const type of WAKE_EVENTS) document.removeEventListener(type, onWake, true);
    wake();
  };
  const onClick = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target || !drawn.contains(target) || target.closest('a[href]')) return;
    const pressed = target.closest(PRESSABLE);
    if (!pressed || !drawn.contains(pressed)) return;
    event.preventDefault();
    state.presses.push(controlKey(pressed, drawn));
  };
  // A form of the drawn screen must not send the page anywhere: the app answers it.
  const onSubmit = (event: Event) => {
    if (event.target instanceof Element && drawn.contains(event.target)) event.preventDefault();
  };
  const onHashChange = () => {
    state.navigated = true;
    state.presses = [];
    leave();
  };
  for (const type of WAKE_EVENTS) document.addEventListener(type, onWake, true);
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  document.addEventListener('pointerdown', onPointerDown, true);
  document.addEventListener('pointerup', onRelease, true);
  document.addEventListener('pointercancel', onRelease, true);
  window.addEventListener('hashchange', onWake);
  window.addEventListener('hashchange', onHashChange);
  return {
    state,
    focus: (field) => {
      focusing = true;
      try {
        field.focus({ preventScroll: true });
      } finally {
        focusing = false;
      }
    },
    afterPress: (then) => {
      if (!pressed) return false;
      let done = false;
      const once = () => {
        if (done) return;
        done = true;
        clearTimeout(bound);
        then();
      };
      // A press held on and on (a long touch the browser did not cancel) is not waited for.
      const bound = setTimeout(once, PRESS_WAIT_MS);
      afterRelease = once;
      return true;
    },
    stop: () => {
      for (const type of WAKE_EVENTS) document.removeEventListener(type, onWake, true);
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('submit', onSubmit, true);
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('pointerup', onRelease, true);
      document.removeEventListener('pointercancel', onRelease, true);
      window.removeEventListener('hashchange', onWake);
      window.removeEventListener('hashchange', onHashChange);
    },
  };
}

/**
 * Carries the shopper's doings on the drawn screen (`drawn`, still in the page) over to the app's
 * render of that screen (`app`): the fields' values, the focus and caret, then the kept taps, in
 * their order. Call it once the app's first render is in the page, before the drawn screen goes.
 */
export function handOver(drawn: Element, app: Element, presses: readonly string[]): () => void {
  const fields = [...drawn.querySelectorAll(FIELDS)].flatMap((field) => {
    const value = changedValue(field);
    return value === undefined ? [] : [{ key: controlKey(field, drawn), value } as FieldState];
  });
  const active = document.activeElement;
  const selection = active ? selectionOf(active) : undefined;
  const focus: FocusState | undefined =
    active && active !== document.body && drawn.contains(active)
      ? {
          key: controlKey(active, drawn),
          selectionStart: selection?.[0] ?? null,
          selectionEnd: selection?.[1] ?? null,
        }
      : undefined;
  // Run after the drawn screen has left the page (the caller removes it).
  return () => {
    for (const field of fields) {
      const target = findControl(app, field.key);
      if (target) typeInto(target, field.value);
    }
    if (focus) {
      const target = findControl(app, focus.key);
      target?.focus({ preventScroll: true });
      if (
        target instanceof HTMLInputElement &&
        focus.selectionStart !== null &&
        focus.selectionEnd !== null
      ) {
        try {
          target.setSelectionRange(focus.selectionStart, focus.selectionEnd);
        } catch {
          // An input type without a caret (a number field): the focus is enough.
        }
      }
    }
    for (const key of presses) findControl(app, key)?.click();
  };
}

function selectionOf(element: Element): [number | null, number | null] | undefined {
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement))
    return undefined;
  try {
    return [element.selectionStart, element.selectionEnd];
  } catch {
    return undefined;
  }
}
