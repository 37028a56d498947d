/**
 * Keyboard shortcuts without React or the DOM (SPEC.md section 4): single keys (`j`, `?`),
 * two-key sequences whose first key stays active for 2 seconds (`t c`), and modifier
 * combinations (`Mod+K`, `Alt+T`; `Mod` is Cmd on macOS and Ctrl elsewhere).
 *
 * Rules the spec leaves open, decided here:
 * - While typing (input, textarea, select, contenteditable) only Ctrl or Cmd combinations
 *   run: they never type a character, so `Mod+K` still opens the palette from a text field.
 * - With `singleKeysEnabled()` false, every shortcut without Ctrl, Cmd or Alt is off:
 *   single keys and sequences alike, since both fire on ordinary typing.
 * - Screens outrank the app (`priority`), then the newest registration wins. A key that is
 *   a single shortcut in the winning layer runs at once even if an older layer uses it as the
 *   start of a sequence (on the task page `p` is priority, not the start of `p c`).
 * - A key that does not complete the pending sequence is handled as a first key.
 */

const PREFIX_TIMEOUT_MS = 2000;

/** The parts of a `KeyboardEvent` the engine reads. */
export type KeyInput = {
  key: string;
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  isComposing?: boolean;
  target?: unknown;
};

type Binding = {
  /** `"Mod+K"`, `"Shift+Enter"`, `"?"`, `"t c"`: steps separated by a space, `+` within one. */
  keys: string;
  /** Returning `false` lets the key through, as if the shortcut were not bound. */
  run: () => boolean | void;
};

type Chord = {
  key: string;
  ctrl: boolean;
  meta: boolean;
  alt: boolean;
  shift: boolean;
};

type Parsed = {
  first: Chord;
  /** The second key of a sequence. */
  second: Chord | null;
  run: () => boolean | void;
  priority: number;
  order: number;
};

export type EngineOptions = {
  mac: boolean;
  singleKeysEnabled: () => boolean;
  /** Whether the key went to a place where people type text. */
  isTyping: (target: unknown) => boolean;
  prefixTimeoutMs?: number;
};

const modifierKeys = new Set(["shift", "control", "alt", "meta", "os", "altgraph"]);

function normaliseKey(key: string): string {
  if (key === " ") return "space";
  return key.toLowerCase();
}

/** Parses one step such as `Mod+Shift+K`; throws on a typo so a bad binding fails loudly. */
function parseChord(step: string, mac: boolean): Chord {
  const parts = step.split("+");
  const key = parts.pop();
  if (!key) throw new Error(`Shortcut step "${step}" has no key`);
  const chord: Chord = {
    key: normaliseKey(key),
    ctrl: false,
    meta: false,
    alt: false,
    shift: false,
  };
  for (const part of parts) {
    const name = part.toLowerCase();
    if (name === "mod") chord[mac ? "meta" : "ctrl"] = true;
    else if (name === "ctrl" || name === "control") chord.ctrl = true;
    else if (name === "cmd" || name === "meta") chord.meta = true;
    else if (name === "alt" || name === "option") chord.alt = true;
    else if (name === "shift") chord.shift = true;
    else throw new Error(`Unknown modifier "${part}" in shortcut "${step}"`);
  }
  return chord;
}

const chordId = (chord: Chord) =>
  `${chord.ctrl ? "c" : ""}${chord.meta ? "m" : ""}${chord.alt ? "a" : ""}${chord.shift ? "s" : ""}+${chord.key}`;

/** Punctuation such as `?` or `[` needs Shift on some layouts and not on others. */
const shiftIsPartOfKey = (key: string) => key.length === 1 && !/[a-z0-9]/.test(key);

function matches(chord: Chord, input: KeyInput): boolean {
  if (chord.ctrl !== input.ctrlKey || chord.meta !== input.metaKey || chord.alt !== input.altKey) {
    return false;
  }
  if (!shiftIsPartOfKey(chord.key) && chord.shift !== input.shiftKey) return false;
  if (normaliseKey(input.key) === chord.key) return true;
  // With Alt, or on a non-Latin layout, `key` is another character: the physical key decides.
  const withModifier = chord.ctrl || chord.meta || chord.alt;
  if (!withModifier || !input.code) return false;
  if (/^[a-z]$/.test(chord.key)) return input.code === `Key${chord.key.toUpperCase()}`;
  if (/^[0-9]$/.test(chord.key)) return input.code === `Digit${chord.key}`;
  return false;
}

const hasModifier = (chord: Chord) => chord.ctrl || chord.meta || chord.alt;
const typesNothing = (chord: Chord) => chord.ctrl || chord.meta;

export function createShortcutEngine(options: EngineOptions) {
  const timeout = options.prefixTimeoutMs ?? PREFIX_TIMEOUT_MS;
  let bindings: Parsed[] = [];
  let order = 0;
  let pending: string | null = null;
  let pendingTimer: ReturnType<typeof setTimeout> | undefined;

  const clearPending = () => {
    pending = null;
    clearTimeout(pendingTimer);
  };

  const startPending = (prefix: string) => {
    clearPending();
    pending = prefix;
    pendingTimer = setTimeout(() => (pending = null), timeout);
  };

  /** Bindings that may run for this key, best first. */
  const candidates = (typing: boolean) => {
    const singleKeys = options.singleKeysEnabled();
    return bindings.filter((binding) => {
      if (typing) return binding.second === null && typesNothing(binding.first);
      return (
        singleKeys ||
        (hasModifier(binding.first) && (!binding.second || hasModifier(binding.second)))
      );
    });
  };

  return {
    /** Adds a layer of bindings; the returned function removes it. */
    register(layer: readonly Binding[], priority = 0): () => void {
      order += 1;
      const parsed = layer.map((binding) => {
        const [first, second, ...rest] = binding.keys.trim().split(/\s+/);
        if (!first || rest.length > 0) throw new Error(`"${binding.keys}": one or two steps`);
        return {
          first: parseChord(first, options.mac),
          second: second === undefined ? null : parseChord(second, options.mac),
          run: binding.run,
          priority,
          order,
        };
      });
      bindings = [...bindings, ...parsed].sort(
        (a, b) => b.priority - a.priority || b.order - a.order,
      );
      return () => {
        bindings = bindings.filter((binding) => !parsed.includes(binding));
      };
    },

    /** Runs the shortcut this key completes; true when the key was used (prevent its default). */
    handle(input: KeyInput): boolean {
      if (input.isComposing || modifierKeys.has(input.key.toLowerCase())) return false;
      const typing = options.isTyping(input.target);
      const choices = candidates(typing);
      const prefix = pending;
      clearPending();

      if (prefix !== null && !typing) {
        const completed = choices.find(
          (binding) =>
            binding.second !== null &&
            chordId(binding.first) === prefix &&
            matches(binding.second, input),
        );
        if (completed && completed.run() !== false) return true;
      }

      for (const binding of choices) {
        if (!matches(binding.first, input)) continue;
        if (binding.second !== null) {
          startPending(chordId(binding.first));
          return true;
        }
        if (binding.run() !== false) return true;
      }
      return false;
    },

    /** The first key of a sequence waiting for its second, if any. */
    pendingPrefix: () => pending,

    reset: clearPending,
  };
}

/** Whether a key event's target is a place where people type text. */
export function isTypingTarget(target: unknown): boolean {
  if (typeof target !== "object" || target === null) return false;
  if (!("tagName" in target) || typeof target.tagName !== "string") return false;
  const tag = target.tagName.toLowerCase();
  if (tag === "textarea" || tag === "select") return true;
  if (tag === "input") {
    const type = "type" in target && typeof target.type === "string" ? target.type : "text";
    // Buttons, checkboxes and radios take keys without typing them.
    return !["button", "submit", "reset", "checkbox", "radio", "range", "color", "file"].includes(
      type,
    );
  }
  return "isContentEditable" in target && target.isContentEditable === true;
}
