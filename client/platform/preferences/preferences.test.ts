import { describe, expect, it } from "vitest";
import {
  createPreferencesStore,
  defaultPreferences,
  PREFERENCES_STORAGE_KEY,
  readPreferences,
  resolveTheme,
  type PreferenceStorage,
} from "./preferences.ts";

function memoryStorage(initial?: string): PreferenceStorage & { raw: () => string | null } {
  const values = new Map<string, string>();
  if (initial !== undefined) values.set(PREFERENCES_STORAGE_KEY, initial);
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
    raw: () => values.get(PREFERENCES_STORAGE_KEY) ?? null,
  };
}

describe("preferences", () => {
  it("start with the defaults of the spec when nothing is stored", () => {
    expect(readPreferences(memoryStorage())).toEqual({
      theme: "dark",
      viewMode: "board",
      compactMode: false,
      showTaskNumbers: true,
      showAssignees: true,
      showDueDates: true,
      showLabels: true,
      showPriority: true,
      sidebarDefaultOpen: true,
      activeWorkspaceId: null,
      singleKeyShortcuts: true,
    });
  });

  it("persist a change under user-preferences and read it back", () => {
    const storage = memoryStorage();
    const store = createPreferencesStore(storage);
    store.update({ theme: "light", compactMode: true });
    expect(JSON.parse(storage.raw() ?? "{}")).toMatchObject({ theme: "light", compactMode: true });
    expect(createPreferencesStore(storage).get()).toMatchObject({
      theme: "light",
      compactMode: true,
    });
  });

  it("fall back to the defaults when the stored value is not JSON", () => {
    expect(readPreferences(memoryStorage("{not json"))).toEqual(defaultPreferences);
  });

  it("replace only the damaged fields of a stored value", () => {
    const stored = JSON.stringify({ theme: "purple", showLabels: false, viewMode: 7 });
    const preferences = readPreferences(memoryStorage(stored));
    expect(preferences.theme).toBe("dark");
    expect(preferences.viewMode).toBe("board");
    expect(preferences.showLabels).toBe(false);
  });

  it("read the older { state } layout", () => {
    const stored = JSON.stringify({
      state: { theme: "system", activeWorkspaceId: "w1" },
      version: 0,
    });
    expect(readPreferences(memoryStorage(stored))).toMatchObject({
      theme: "system",
      activeWorkspaceId: "w1",
    });
  });

  it("ignore a stored array or number", () => {
    expect(readPreferences(memoryStorage("[1,2]"))).toEqual(defaultPreferences);
    expect(readPreferences(memoryStorage("42"))).toEqual(defaultPreferences);
  });

  it("reset every display preference but keep the remembered workspace", () => {
    const store = createPreferencesStore(memoryStorage());
    store.update({ theme: "light", showPriority: false, activeWorkspaceId: "w1" });
    store.reset();
    expect(store.get()).toEqual({ ...defaultPreferences, activeWorkspaceId: "w1" });
  });

  it("tell subscribers about every change", () => {
    const store = createPreferencesStore(memoryStorage());
    let calls = 0;
    const stop = store.subscribe(() => (calls += 1));
    store.update({ viewMode: "list" });
    store.reset();
    stop();
    store.update({ viewMode: "board" });
    expect(calls).toBe(2);
  });

  it("resolve the system theme through the operating system's setting", () => {
    expect(resolveTheme("system", true)).toBe("dark");
    expect(resolveTheme("system", false)).toBe("light");
    expect(resolveTheme("light", true)).toBe("light");
  });
});
