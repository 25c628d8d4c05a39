import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  fetchImport,
  fetchRecentImports,
  type Importacion,
  ImportRefused,
  isRunning,
  type ResultadoImportacion,
  sendImport,
} from './product-import';

/** How often a running import is asked for its progress. */
export const IMPORT_POLL_MS = 1000;
/** A finished import is still shown on the page this long (after a reload too), until closed. */
export const FINISHED_SHOWN_MS = 10 * 60 * 1000;
const DISMISSED_KEY = 'tienda.importacionCerrada';

function dismissedId(): number | null {
  try {
    const value = Number(window.localStorage.getItem(DISMISSED_KEY));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/** The import the page shows: the latest, while it runs or for a while after, unless closed. */
export function importToShow(jobs: readonly Importacion[], now = Date.now()): Importacion | null {
  const latest = jobs[0];
  if (!latest || latest.id === dismissedId()) return null;
  if (isRunning(latest)) return latest;
  const finished = latest.terminadaEn ? Date.parse(latest.terminadaEn) : 0;
  return now - finished < FINISHED_SHOWN_MS ? latest : null;
}

/** The import dialog's step: choosing a file, its dry run's result, or sending. */
export type ImportStep =
  | { kind: 'choose'; error: string | null }
  | { kind: 'checking'; file: File }
  | { kind: 'checked'; file: File; result: ResultadoImportacion; error: string | null }
  | { kind: 'starting'; file: File; result: ResultadoImportacion };

const messageOf = (error: unknown) =>
  error instanceof ImportRefused
    ? error.message
    : 'No se pudo leer el archivo. Inténtalo de nuevo.';

/**
 * The workflow of 'Importar CSV': the file's dry run, then the import (all rows, or only the
 * valid ones), then the job's progress, polled until it ends. The job followed is the latest
 * running one the server knows, so the progress shows again after a page reload; when it ends,
 * the products list is read again.
 */
export function useProductImport() {
  const client = useApolloClient();
  const [step, setStep] = useState<ImportStep>({ kind: 'choose', error: null });
  const [job, setJob] = useState<Importacion | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    fetchRecentImports()
      .then((jobs) => {
        const shown = importToShow(jobs);
        if (mounted.current && shown) setJob(shown);
      })
      .catch(() => undefined);
    return () => {
      mounted.current = false;
    };
  }, []);

  const running = job !== null && isRunning(job);
  const jobId = job?.id;
  useEffect(() => {
    if (!running || jobId === undefined) return;
    const timer = setInterval(() => {
      fetchImport(jobId)
        .then((next) => {
          if (!mounted.current) return;
          setJob(next);
          if (!isRunning(next)) {
            void client.refetchQueries({ include: ['AdminProducts'] }).catch(() => undefined);
          }
        })
        .catch(() => undefined);
    }, IMPORT_POLL_MS);
    return () => clearInterval(timer);
  }, [running, jobId, client]);

  const check = useCallback(async (file: File) => {
    setStep({ kind: 'checking', file });
    try {
      const result = await sendImport(file, 'dryRun');
      setStep({ kind: 'checked', file, result, error: null });
    } catch (error) {
      setStep({ kind: 'choose', error: messageOf(error) });
    }
  }, []);

  /** The real run; true when the import started (the dialog closes, the page shows progress). */
  const start = useCallback(
    async (onlyValid: boolean): Promise<boolean> => {
      if (step.kind !== 'checked') return false;
      const { file, result } = step;
      setStep({ kind: 'starting', file, result });
      try {
        const started = await sendImport(file, onlyValid ? 'onlyValid' : 'import');
        setJob(started.importacion);
        if (started.importacion && !isRunning(started.importacion)) {
          void client.refetchQueries({ include: ['AdminProducts'] }).catch(() => undefined);
        }
        setStep({ kind: 'choose', error: null });
        return true;
      } catch (error) {
        setStep({ kind: 'checked', file, result, error: messageOf(error) });
        return false;
      }
    },
    [step, client],
  );

  const reset = useCallback(() => setStep({ kind: 'choose', error: null }), []);
  const dismissJob = useCallback(() => {
    setJob((current) => {
      try {
        if (current) window.localStorage.setItem(DISMISSED_KEY, String(current.id));
      } catch {
        // Private mode: closed for this page only.
      }
      return null;
    });
  }, []);

  return { step, check, start, reset, job, dismissJob };
}
