/**
 * When a router first navigates from now on (`performance.now()` ms), for the tests of a search
 * box that waits for the typing to stop: they assert a lower bound (not before the delay), which a
 * slow machine only makes later, never a sleep that a slow machine can outrun.
 */
export function watchFirstNavigation(router: {
  subscribe(listener: (state: unknown) => void): () => void;
}): () => number | undefined {
  let at: number | undefined;
  const stop = router.subscribe(() => {
    if (at !== undefined) return;
    at = performance.now();
    stop();
  });
  return () => at;
}
