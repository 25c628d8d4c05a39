import { type ComponentType, useCallback, useEffect, useState } from 'react';
import { useDocumentTitle } from '../hooks/use-document-title';
import { LoadErrorAlert } from '../ui/load-error-alert';
import { PageLoading } from '../ui/page-loading';
import { isNewReleaseFailure, reloadOnceForNewRelease, trackScreenLoad } from './chunk-failure';

export const SCREEN_LOAD_FAILED_MESSAGE = 'No pudimos cargar esta página.';

/** Why the screen is not there: its import failed, for a new release or for the connection. */
interface ScreenFailure {
  error: unknown;
  newRelease: boolean;
}

/** The stand-in's message, and the page's title while it shows. */
function ScreenLoadFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  useDocumentTitle(SCREEN_LOAD_FAILED_MESSAGE);
  return (
    <LoadErrorAlert
      title={SCREEN_LOAD_FAILED_MESSAGE}
      titleAs="h1"
      onRetry={onRetry}
      retrying={retrying}
    />
  );
}

export interface ResilientScreenOptions {
  /** Whether a failed import's chunk is gone for a new release (default: ask the server). */
  isNewRelease?: (error: unknown) => Promise<boolean>;
  /** Reloads the page once for that error; false when it already did (default: sessionStorage). */
  reloadOnce?: (error: unknown) => boolean;
}

/**
 * A lazy screen whose code may fail to arrive. The loader it returns never rejects: when the
 * import fails it answers a stand-in screen. For the connection, the stand-in says so, offers
 * 'Reintentar' and retries by itself when the browser is back online, then shows the real screen
 * in place (no page reload). For a new release (the chunk is gone from the server) it reloads the
 * page once, at the screen's own address, and says so if the chunk is still missing afterwards.
 *
 * Routers and `React.lazy` keep whatever the first load answered, a failure included; this is
 * why the stand-in, not the router, does the retrying.
 */
export function resilientScreen<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  {
    isNewRelease = isNewReleaseFailure,
    reloadOnce = reloadOnceForNewRelease,
  }: ResilientScreenOptions = {},
): () => Promise<ComponentType<Props>> {
  let loaded: ComponentType<Props> | undefined;
  let lastFailure: ScreenFailure | undefined;

  /** The screen, or why it did not come. */
  const attempt = async (): Promise<ComponentType<Props> | ScreenFailure> => {
    try {
      loaded = await trackScreenLoad(load());
      return loaded;
    } catch (error) {
      console.error('No se pudo cargar la pantalla', error);
      lastFailure = { error, newRelease: await isNewRelease(error) };
      return lastFailure;
    }
  };

  function ScreenLoadRetry(props: Props) {
    const [screen, setScreen] = useState<ComponentType<Props> | undefined>(() => loaded);
    const [failure, setFailure] = useState(lastFailure);
    const [retrying, setRetrying] = useState(false);
    const [reloading, setReloading] = useState(false);

    // Here the router shows the screen's address: a reload comes back to it.
    useEffect(() => {
      if (!screen && failure?.newRelease) setReloading(reloadOnce(failure.error));
    }, [screen, failure]);

    const retry = useCallback(() => {
      if (retrying) return;
      setRetrying(true);
      void attempt().then((result) => {
        setRetrying(false);
        if (typeof result === 'object' && 'error' in result) setFailure(result);
        else setScreen(() => result);
      });
    }, [retrying]);

    if (screen) {
      const Screen = screen;
      return <Screen {...props} />;
    }
    if (reloading) return <PageLoading />;
    return <ScreenLoadFailed onRetry={retry} retrying={retrying} />;
  }

  return async () => {
    const result = await attempt();
    return typeof result === 'object' && 'error' in result ? ScreenLoadRetry : result;
  };
}
