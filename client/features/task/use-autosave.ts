import { useCallback, useEffect, useLayoutEffect, useRef } from "react";

/**
 * Saves text shortly after the person pauses typing, and at once when they leave the field,
 * the screen (unmount) or the page (pagehide), so no keystroke is lost. Remount the owner per
 * record (a React `key`): a pending value belongs to the record it was typed into.
 */
export function useAutosave(save: (value: string) => Promise<void>, delayMs = 300) {
  const saveRef = useRef(save);
  const pending = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useLayoutEffect(() => {
    saveRef.current = save;
  }, [save]);

  const flush = useCallback((): Promise<void> => {
    clearTimeout(timer.current);
    const value = pending.current;
    if (value === null) return Promise.resolve();
    pending.current = null;
    return saveRef.current(value);
  }, []);

  const schedule = useCallback(
    (value: string) => {
      pending.current = value;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), delayMs);
    },
    [flush, delayMs],
  );

  useEffect(() => {
    const onPageHide = () => void flush();
    window.addEventListener("pagehide", onPageHide);
    return () => {
      window.removeEventListener("pagehide", onPageHide);
      void flush();
    };
  }, [flush]);

  return { schedule, flush };
}
