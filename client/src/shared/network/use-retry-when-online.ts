import { useEffect, useRef } from 'react';

/**
 * Calls `retry` when the browser comes back online (its `online` event), for as long as the
 * component that failed to load is on screen: the shopper need not find 'Reintentar'.
 */
export function useRetryWhenOnline(retry: () => void): void {
  const latest = useRef(retry);
  useEffect(() => {
    latest.current = retry;
  }, [retry]);
  useEffect(() => {
    const onOnline = () => latest.current();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, []);
}
