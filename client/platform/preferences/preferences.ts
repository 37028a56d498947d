import { z } from "zod";

/**
 * The local display preferences of SPEC.md section 3, persisted under `user-preferences`.
 * Every field falls back to its default on its own, so an old or damaged stored value never
 * breaks the app: a bad field is replaced, the good ones are kept.
 */
export const PREFERENCES_STORAGE_KEY = "user-preferences";

export const themes = ["light", "dark", "system"] as const;
export const viewModes = ["board", "list"] as const;

const preferencesSchema = z.object({
  theme: z.enum(themes).catch("dark"),
  viewMode: z.enum(viewModes).catch("board"),
  compactMode: z.boolean().catch(false),
  showTaskNumbers: z.boolean().catch(true),
  showAssignees: z.boolean().catch(true),
  showDueDates: z.boolean().catch(true),
  showLabels: z.boolean().catch(true),
  showPriority: z.boolean().catch(true),
  sidebarDefaultOpen: z.boolean().catch(true),
  activeWorkspaceId: z.string().nullable().catch(null),
  /** Not in the spec's list: lets people who type a lot turn off one-key shortcuts (issue 6). */
  singleKeyShortcuts: z.boolean().catch(true),
});

export type Preferences = z.infer<typeof preferencesSchema>;
export type Theme = Preferences["theme"];

export const defaultPreferences: Preferences = preferencesSchema.parse({});

/** The subset of the Web Storage API used here, so tests can pass their own. */
export type PreferenceStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export function readPreferences(storage: PreferenceStorage): Preferences {
  let stored: unknown = {};
  try {
    stored = JSON.parse(storage.getItem(PREFERENCES_STORAGE_KEY) ?? "{}");
  } catch {
    // Not JSON at all: every field takes its default.
  }
  // An older layout kept the fields inside `{ state: {...}, version }`.
  if (typeof stored === "object" && stored !== null && "state" in stored) stored = stored.state;
  const fields =
    typeof stored === "object" && stored !== null && !Array.isArray(stored) ? stored : {};
  return preferencesSchema.parse(fields);
}

function writePreferences(storage: PreferenceStorage, preferences: Preferences): void {
  try {
    storage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify(preferences));
  } catch {
    // Storage full or blocked: the change holds for this page, it is just not remembered.
  }
}

/** A small observable store: one source for every screen and every tab. */
export function createPreferencesStore(storage: PreferenceStorage) {
  let current = readPreferences(storage);
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());

  return {
    get: () => current,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update(changes: Partial<Preferences>) {
      current = preferencesSchema.parse({ ...current, ...changes });
      writePreferences(storage, current);
      emit();
    },
    reset() {
      // The remembered workspace is where the person works, not a display preference.
      current = { ...defaultPreferences, activeWorkspaceId: current.activeWorkspaceId };
      writePreferences(storage, current);
      emit();
    },
    /** Another tab changed the stored value. */
    reload() {
      current = readPreferences(storage);
      emit();
    },
  };
}

/** The theme actually shown: `system` resolves through the operating system's setting. */
export function resolveTheme(theme: Theme, systemPrefersDark: boolean): "light" | "dark" {
  if (theme === "system") return systemPrefersDark ? "dark" : "light";
  return theme;
}
