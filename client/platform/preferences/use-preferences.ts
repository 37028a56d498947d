import { useEffect, useSyncExternalStore } from "react";
import {
  createPreferencesStore,
  PREFERENCES_STORAGE_KEY,
  resolveTheme,
  type Preferences,
} from "./preferences.ts";

/** The app's one preferences store, on the browser's localStorage. */
export const preferencesStore = createPreferencesStore(window.localStorage);

// Another tab saved preferences: follow it here too.
window.addEventListener("storage", (event) => {
  if (event.key === PREFERENCES_STORAGE_KEY || event.key === null) preferencesStore.reload();
});

export function usePreferences(): Preferences {
  return useSyncExternalStore(preferencesStore.subscribe, preferencesStore.get);
}

const darkQuery = window.matchMedia("(prefers-color-scheme: dark)");

function subscribeToSystemTheme(listener: () => void) {
  darkQuery.addEventListener("change", listener);
  return () => darkQuery.removeEventListener("change", listener);
}

/** The theme on screen: `system` follows the operating system live, without a reload. */
function useResolvedTheme(): "light" | "dark" {
  const { theme } = usePreferences();
  const systemPrefersDark = useSyncExternalStore(subscribeToSystemTheme, () => darkQuery.matches);
  return resolveTheme(theme, systemPrefersDark);
}

/** Puts the resolved theme on <html data-theme>, where the CSS tokens pick it up. */
export function useApplyTheme(): "light" | "dark" {
  const theme = useResolvedTheme();
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.style.colorScheme = theme;
  }, [theme]);
  return theme;
}
