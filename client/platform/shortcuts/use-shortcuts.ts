import { useEffect, useRef } from "react";
import { preferencesStore } from "../preferences/use-preferences.ts";
import { createShortcutEngine, isTypingTarget } from "./shortcut-engine.ts";
import { shortcutList, type ShortcutName } from "./shortcut-list.ts";

export const isMac = /mac|iphone|ipad/i.test(navigator.platform || navigator.userAgent);

/** How this keyboard's modifier for app shortcuts is written: ⌘ on a Mac, Ctrl elsewhere. */
export const modKeyLabel = isMac ? "⌘" : "Ctrl";

const engine = createShortcutEngine({
  mac: isMac,
  singleKeysEnabled: () => preferencesStore.get().singleKeyShortcuts,
  isTyping: isTypingTarget,
});

/** Inside a modal dialog the page behind is inert: its shortcuts wait until it closes. */
function inModal(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest("dialog[open], [aria-modal='true']") !== null;
}

document.addEventListener("keydown", (event) => {
  if (event.defaultPrevented || inModal(event.target)) {
    engine.reset();
    return;
  }
  if (engine.handle(event)) event.preventDefault();
});

/** A handler returning `false` leaves the key to the page (e.g. Enter with no card focused). */
type ShortcutHandlers = Partial<Record<ShortcutName, () => boolean | void>>;

/**
 * Binds shortcuts of the list to handlers while the calling screen is mounted. `screen`
 * shortcuts outrank the app's (the board's `t c` over the shell's). Handlers may change on
 * every render; the keys are bound once per set of names.
 */
export function useShortcuts(handlers: ShortcutHandlers, level: "app" | "screen" = "screen") {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const names = Object.keys(handlers)
    .filter((name): name is ShortcutName => name in shortcutList)
    .sort()
    .join(",");

  useEffect(() => {
    const bindings = names
      .split(",")
      .filter((name): name is ShortcutName => name in shortcutList)
      .flatMap((name) =>
        shortcutList[name].keys.map((keys) => ({
          keys,
          // A handler dropped since the last render leaves the key to the page.
          run: () => {
            const handler = latest.current[name];
            return handler ? handler() : false;
          },
        })),
      );
    return engine.register(bindings, level === "screen" ? 1 : 0);
  }, [names, level]);
}
