import { useSyncExternalStore } from "react";

/**
 * Whether the search index is still catching up with the store after it opened. The search
 * screen says so rather than "No results" while it is.
 */
let building = false;
const listeners = new Set<() => void>();

export function setIndexBuilding(value: boolean) {
  if (building === value) return;
  building = value;
  for (const listener of listeners) listener();
}

export function useIndexBuilding(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => building,
  );
}
