import { useCallback, useEffect, useState } from "react";
import { showError } from "./api-errors.ts";

export type ApiData<T> = {
  /** undefined while loading, and after a failure (already shown as a toast). */
  data: T | undefined;
  failed: boolean;
  reload: () => void;
};

/**
 * Data a screen reads from the server when it opens. `load` must be stable (useCallback): a
 * new function loads again. `failure` is the message shown when the server gives none.
 */
export function useApiData<T>(load: () => Promise<T>, failure: string): ApiData<T> {
  const [result, setResult] = useState<{ data: T | undefined; failed: boolean }>({
    data: undefined,
    failed: false,
  });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let current = true;
    load().then(
      (data) => {
        if (current) setResult({ data, failed: false });
      },
      (error: unknown) => {
        if (!current) return;
        showError(error, failure);
        setResult((previous) => ({ data: previous.data, failed: true }));
      },
    );
    return () => {
      current = false;
    };
  }, [load, failure, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { ...result, reload };
}
