import { useCallback, useEffect, useState } from "react";
import { showError } from "../../lib/api-errors.ts";
import { useOnline } from "../browser/use-online.ts";

export type ApiData<T> = {
  /** undefined while loading, offline before it loaded, and after a failure (shown as a toast). */
  data: T | undefined;
  failed: boolean;
  /** The browser is offline: nothing is asked, and it loads by itself once the network is back. */
  offline: boolean;
  reload: () => void;
};

/**
 * Data a screen reads from the server when it opens. `load` must be stable (useCallback): a
 * new function loads again. `failure` is the message shown when the server gives none. Offline
 * nothing is requested (the screen says that it needs the network) and coming back online
 * loads again.
 */
export function useApiData<T>(load: () => Promise<T>, failure: string): ApiData<T> {
  const online = useOnline();
  const [result, setResult] = useState<{ data: T | undefined; failed: boolean }>({
    data: undefined,
    failed: false,
  });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (!online) return;
    let current = true;
    load().then(
      (data) => {
        if (current) setResult({ data, failed: false });
      },
      (error: unknown) => {
        if (!current) return;
        // Cut off on the way: the screen says it is offline, and this runs again once back.
        if (!navigator.onLine) return;
        showError(error, failure);
        setResult((previous) => ({ data: previous.data, failed: true }));
      },
    );
    return () => {
      current = false;
    };
  }, [load, failure, version, online]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { ...result, offline: !online, reload };
}
