import { useSyncExternalStore } from "react";

/** Whether a CSS media query matches now, following it live (a rotated phone, a resized window). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", listener);
      return () => list.removeEventListener("change", listener);
    },
    () => window.matchMedia(query).matches,
  );
}

/** Under 768 px wide the sidebar is a drawer and dialogs fill the screen (client/ui/dialog.css). */
export const PHONE_QUERY = "(max-width: 767px)";
