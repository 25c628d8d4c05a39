import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createApolloClient } from './app/apollo-client';
import { openFirstScreenPage, readFirstScreenData } from './app/first-screen-data';
import { createAppRouter } from './app/router';
import { shopSystem } from './app/theme';
import { type DrawnScreenWatch, handOver } from './first-screen-handoff';

type Router = ReturnType<typeof createAppRouter>;
type Client = ReturnType<typeof createApolloClient>;

/**
 * The app. main.tsx (the page's entry) imports this module at once, or, over a screen the server
 * drew, when the shopper first shows they are there; `watch` then holds what they did on the
 * drawn screen, which the app's render of that same screen carries on (first-screen-handoff.ts).
 */
export function boot(watch?: DrawnScreenWatch): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('Falta el elemento #root');
  const firstScreen = readFirstScreenData();
  // A share page (/p/42-…) opens its screen's hash route before the router reads the address.
  openFirstScreenPage(firstScreen?.page);

  // index.html's light shell (the layout's frame, painted before any script) and the screen the
  // server drew (and its markup) leave the page as soon as the app has rendered something (CSS
  // hides them in that same frame).
  const stagedScreens = ['shell', 'first-screen', 'first-screen-markup']
    .map((id) => document.getElementById(id))
    .filter((element) => element !== null);
  const drawn = document.getElementById('first-screen');
  // A shopper who followed a drawn link is on another address: the drawn screen no longer shows.
  const html = document.documentElement;
  const drawnScreenShown = html.classList.contains('first-screen');
  // A shopper may have scrolled the drawn screen before the app came: the app, the same page,
  // stays where they were (its router would otherwise open a first load at the top). (Read as
  // the shopper scrolls: by the time the app's render is in the page, the router has reset it.)
  let drawnScreenScroll = window.scrollY;
  const trackScroll = () => {
    drawnScreenScroll = window.scrollY;
  };
  if (drawnScreenShown) window.addEventListener('scroll', trackScroll, { passive: true });
  // Once the app's first render is in the page, `<html data-app="ready">` says so: until then what
  // shows is the drawn screen or the shell (the e2e specs wait for it before they type or click).
  const takeOver = () => {
    html.classList.remove('drawn-pressed');
    watch?.stop();
    const carryOn =
      drawnScreenShown && drawn && watch
        ? handOver(drawn, container, watch.state.presses)
        : undefined;
    for (const element of stagedScreens) element.remove();
    window.removeEventListener('scroll', trackScroll);
    if (drawnScreenShown && drawnScreenScroll > 0) keepScroll(drawnScreenScroll);
    html.dataset.app = 'ready';
    carryOn?.();
  };
  const observer = new MutationObserver(() => {
    if (container.childElementCount === 0) return;
    observer.disconnect();
    // The render came in the middle of a press on the drawn screen: the drawn screen stays up
    // (index.html's CSS, `drawn-pressed`) until the press ends, its tap kept and given to the
    // app's same control.
    if (watch && html.classList.contains('first-screen') && watch.afterPress(takeOver))
      html.classList.add('drawn-pressed');
    else takeOver();
  });
  observer.observe(container, { childList: true });

  // The first render is a transition: React renders it in slices of a few milliseconds, yielding
  // to the browser between them (a tap, a scroll, a paint), instead of one task of hundreds of
  // milliseconds on a phone's CPU (Lighthouse's Total Blocking Time); only its commit is one piece.
  const render = (client: Client, router: Router) =>
    startTransition(() => {
      createRoot(container).render(
        <StrictMode>
          <App client={client} router={router} />
        </StrictMode>,
      );
    });

  /**
   * Over the screen the server drew, the app's first render is that same screen: it waits for
   * the route's chunk (the router is initialised) rather than drawing a spinner over the
   * products, and for the browser to have painted the drawn screen once (where the scripts arrive
   * as fast as the page, their evaluation would otherwise keep it from ever being painted).
   */
  const renderOverDrawnScreen = (client: Client, router: Router) => {
    // Initialised is not enough: a route with a loader of its own (the home page's) is
    // initialised once that loader has run, while its screen's component (lazy) may still be on
    // its way; the router drops a route's `lazy` once all of it has loaded. Checked on each
    // router update, and every 50 ms, for the component's arrival updates nothing.
    const ready = () =>
      router.state.initialized && router.state.matches.every((match) => !match.route.lazy);
    let done = false;
    const go = () => {
      if (done || !ready()) return;
      done = true;
      unsubscribe();
      clearInterval(poll);
      requestAnimationFrame(() => setTimeout(() => render(client, router), 0));
    };
    const unsubscribe = router.subscribe(go);
    const poll = setInterval(go, 50);
    go();
  };

  /**
   * The boot in steps, each a task of its own after the modules' evaluation: the Apollo cache
   * (with the first screen's answers), the router (which starts the route's chunk and loader),
   * the Chakra system, then the first render (a transition, in slices). On a phone's CPU each
   * step is tens of milliseconds; run as one piece with the modules' evaluation they were one
   * task of half a second.
   */
  const start = async () => {
    const client = createApolloClient(firstScreen);
    await nextTask();
    const router = createAppRouter(client);
    await nextTask();
    shopSystem();
    await nextTask();
    if (drawnScreenShown) renderOverDrawnScreen(client, router);
    else render(client, router);
  };
  void start();
}

/** Keeps the page at `top` through the app's first frames (the router's scroll reset included). */
function keepScroll(top: number) {
  const restore = () => {
    if (window.scrollY !== top) window.scrollTo(0, top);
  };
  restore();
  requestAnimationFrame(() => {
    restore();
    requestAnimationFrame(restore);
  });
}

/** A new task: the browser may paint, and answer a tap, between two steps of the boot. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
