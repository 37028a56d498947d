import { useCallback, useRef, useState } from "react";
import { showError } from "../../lib/api-errors.ts";

/**
 * Runs what a button or form does: `pending` is true until it settles (submit buttons are
 * disabled meanwhile, and a second submit is ignored), and a failure becomes an error toast.
 */
export function useAction(): [pending: boolean, run: (action: () => Promise<void>) => void] {
  const [pending, setPending] = useState(false);
  const running = useRef(false);

  const run = useCallback((action: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setPending(true);
    action()
      .catch((error: unknown) => showError(error))
      .finally(() => {
        running.current = false;
        setPending(false);
      });
  }, []);

  return [pending, run];
}
