/**
 * One interaction in Chromium, measured with the browser's Event Timing entries (INP): the
 * recorder installed in each page of a context, and the measure of a click.
 */
import type { BrowserContext, Page } from 'playwright-core';

export interface InteractionFigures {
  /**
   * The interaction's duration (Event Timing: the longest entry with its interactionId, from the
   * input to the next paint), ms; 0 when no entry reached the 16 ms threshold.
   */
  inpMs: number;
  /** The entries' names and durations, for the report ("pointerdown 24, click 96"). */
  entries: string;
  /** Where the interaction's time went: input delay, handlers, to the next paint (`breakdown`). */
  breakdown: string;
  /** From the input to the outcome on screen (drawer open, notification shown), ms. */
  outcomeMs: number;
  problem: string | undefined;
}

/** An interaction that could not be measured, and why. */
export function failedInteraction(problem: string): InteractionFigures {
  return { inpMs: NaN, entries: '', breakdown: '', outcomeMs: NaN, problem };
}
/** An Event Timing entry of an interaction, as recorded in the page. */
interface RecordedEvent {
  id: number;
  name: string;
  duration: number;
  start: number;
  processingStart: number;
  processingEnd: number;
}

/**
 * Installed before any script of each page: records Event Timing entries (the INP method:
 * durationThreshold 16, buffered) and the last pointerdown's time, for the interactions.
 */
const RECORD_EVENTS = () => {
  const w = window as unknown as {
    __benchEvents: RecordedEvent[];
    __benchPointerDown: number;
  };
  w.__benchEvents = [];
  w.__benchPointerDown = NaN;
  addEventListener('pointerdown', (e) => (w.__benchPointerDown = e.timeStamp), true);
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { interactionId?: number })[]) {
        if (e.interactionId) {
          const timing = e as PerformanceEventTiming;
          w.__benchEvents.push({
            id: e.interactionId,
            name: e.name,
            duration: e.duration,
            start: e.startTime,
            processingStart: timing.processingStart,
            processingEnd: timing.processingEnd,
          });
        }
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  } catch {
    // No Event Timing: the interactions report a problem.
  }
};

export async function recordInteractions(context: BrowserContext): Promise<void> {
  await context.addInitScript(RECORD_EVENTS);
}
/**
 * Where one interaction's time went: from the input to its first handler (input delay), in its
 * handlers (each event's processing), and from the last handler's end to the next paint
 * (rendering, style, layout, paint).
 */
function breakdown(events: RecordedEvent[]): string {
  if (events.length === 0) return '';
  const round = (x: number) => Math.round(x);
  const start = Math.min(...events.map((e) => e.start));
  const end = Math.max(...events.map((e) => e.start + e.duration));
  const handlers = events.map((e) => `${e.name} ${round(e.processingEnd - e.processingStart)}`);
  return (
    `input delay ${round(Math.min(...events.map((e) => e.processingStart)) - start)} ms, ` +
    `handlers ${round(events.reduce((n, e) => n + e.processingEnd - e.processingStart, 0))} ms ` +
    `(${handlers.join(', ')}), ` +
    `to the next paint ${round(end - Math.max(...events.map((e) => e.processingEnd)))} ms`
  );
}

/**
 * Clicks `target` with real input and measures the interaction: Event Timing entries recorded
 * since the click (see RECORD_EVENTS; the context must record them), and the time until
 * `outcome` (run in the page, polled on each frame) answers the `performance.now()` at which it
 * saw the expected result.
 */
export async function measureInteraction(
  page: Page,
  click: () => Promise<void>,
  outcome: () => number | false,
  what: string,
): Promise<InteractionFigures> {
  const from = await page.evaluate(() => {
    const w = window as unknown as { __benchEvents?: unknown[]; __benchPointerDown: number };
    w.__benchPointerDown = NaN;
    return w.__benchEvents?.length ?? -1;
  });
  if (from < 0) {
    return failedInteraction('no Event Timing recorder');
  }
  await click();
  let problem: string | undefined;
  const shownAt = await page
    .waitForFunction(outcome, null, { polling: 'raf', timeout: 30_000 })
    .then((handle) => handle.jsonValue() as Promise<number>)
    .catch(() => {
      problem = `${what} did not happen`;
      return NaN;
    });
  // Event Timing entries are queued after the next paint: give them time to be delivered.
  await page.waitForTimeout(1000);
  const recorded = await page.evaluate((start) => {
    const w = window as unknown as {
      __benchEvents: RecordedEvent[];
      __benchPointerDown: number;
    };
    return { events: w.__benchEvents.slice(start), pointerDown: w.__benchPointerDown };
  }, from);
  // One interaction per id; the click's is the longest of them (pointerdown, pointerup and
  // click share one id), and so is the INP of this page.
  const byId = new Map<number, number>();
  for (const e of recorded.events) byId.set(e.id, Math.max(byId.get(e.id) ?? 0, e.duration));
  const inpMs = Math.max(0, ...byId.values());
  const firstStart = recorded.events[0]?.start ?? NaN;
  const inputAt = Number.isFinite(recorded.pointerDown) ? recorded.pointerDown : firstStart;
  const longestId = [...byId].find(([, duration]) => duration === inpMs)?.[0];
  const round = (x: number) => Math.round(x);
  return {
    inpMs,
    entries: recorded.events.map((e) => `${e.name} ${round(e.duration)}`).join(', '),
    breakdown: breakdown(recorded.events.filter((e) => e.id === longestId)),
    outcomeMs: shownAt - inputAt,
    problem,
  };
}
