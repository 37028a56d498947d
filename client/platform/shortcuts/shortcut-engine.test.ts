import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import {
  createShortcutEngine,
  isTypingTarget,
  type EngineOptions,
  type KeyInput,
} from "./shortcut-engine.ts";

const textField = { tagName: "INPUT", type: "text" };
const checkbox = { tagName: "INPUT", type: "checkbox" };
const body = { tagName: "BODY", isContentEditable: false };

function press(key: string, modifiers: Partial<KeyInput> = {}): KeyInput {
  return {
    key,
    code: /^[a-z]$/i.test(key) ? `Key${key.toUpperCase()}` : undefined,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    target: body,
    ...modifiers,
  };
}

function engineWith(options: Partial<EngineOptions> = {}) {
  return createShortcutEngine({
    mac: false,
    singleKeysEnabled: () => true,
    isTyping: isTypingTarget,
    ...options,
  });
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("two-key sequences", () => {
  test("t then c within 2 seconds opens what t c opens", () => {
    const engine = engineWith();
    const newTask = vi.fn();
    engine.register([{ keys: "t c", run: newTask }]);

    expect(engine.handle(press("t"))).toBe(true);
    vi.advanceTimersByTime(1999);
    expect(engine.handle(press("c"))).toBe(true);
    expect(newTask).toHaveBeenCalledOnce();
  });

  test("c more than 2 seconds after t does nothing: the t has expired", () => {
    const engine = engineWith();
    const newTask = vi.fn();
    engine.register([{ keys: "t c", run: newTask }]);

    engine.handle(press("t"));
    vi.advanceTimersByTime(2001);
    expect(engine.pendingPrefix()).toBeNull();
    expect(engine.handle(press("c"))).toBe(false);
    expect(newTask).not.toHaveBeenCalled();
  });

  test("a key that does not finish the sequence counts as a key of its own", () => {
    const engine = engineWith();
    const newTask = vi.fn();
    const next = vi.fn();
    engine.register([
      { keys: "t c", run: newTask },
      { keys: "j", run: next },
    ]);

    engine.handle(press("t"));
    engine.handle(press("j"));
    engine.handle(press("c"));
    expect(next).toHaveBeenCalledOnce();
    expect(newTask).not.toHaveBeenCalled();
  });

  test("sequences sharing a first key each run their own action", () => {
    const engine = engineWith();
    const board = vi.fn();
    const backlog = vi.fn();
    engine.register([
      { keys: "g b", run: board },
      { keys: "g l", run: backlog },
    ]);

    engine.handle(press("g"));
    engine.handle(press("l"));
    expect(backlog).toHaveBeenCalledOnce();
    expect(board).not.toHaveBeenCalled();
  });
});

describe("modifier combinations", () => {
  test("Mod+K is Ctrl+K off macOS, and K alone or Cmd+K does not open it", () => {
    const engine = engineWith({ mac: false });
    const palette = vi.fn();
    engine.register([{ keys: "Mod+K", run: palette }]);

    expect(engine.handle(press("k"))).toBe(false);
    expect(engine.handle(press("k", { metaKey: true }))).toBe(false);
    expect(engine.handle(press("k", { ctrlKey: true }))).toBe(true);
    expect(palette).toHaveBeenCalledOnce();
  });

  test("Mod+K is Cmd+K on macOS", () => {
    const engine = engineWith({ mac: true });
    const palette = vi.fn();
    engine.register([{ keys: "Mod+K", run: palette }]);

    expect(engine.handle(press("k", { ctrlKey: true }))).toBe(false);
    expect(engine.handle(press("k", { metaKey: true }))).toBe(true);
    expect(palette).toHaveBeenCalledOnce();
  });

  test("Alt and Shift combinations need exactly their modifiers", () => {
    const engine = engineWith();
    const altT = vi.fn();
    const shiftEnter = vi.fn();
    engine.register([
      { keys: "Alt+T", run: altT },
      { keys: "Shift+Enter", run: shiftEnter },
    ]);

    // macOS types "†" for Alt+T: the physical key still counts.
    engine.handle(press("†", { altKey: true, code: "KeyT" }));
    engine.handle(press("Enter"));
    engine.handle(press("Enter", { shiftKey: true }));
    engine.handle(press("t", { altKey: true, ctrlKey: true }));
    expect(altT).toHaveBeenCalledOnce();
    expect(shiftEnter).toHaveBeenCalledOnce();
  });

  test("? runs whether or not the layout needs Shift for it", () => {
    const engine = engineWith();
    const help = vi.fn();
    engine.register([{ keys: "?", run: help }]);

    engine.handle(press("?", { shiftKey: true }));
    engine.handle(press("?"));
    expect(help).toHaveBeenCalledTimes(2);
  });
});

describe("while typing", () => {
  test("single keys and sequences are typed, not run, in a text field", () => {
    const engine = engineWith();
    const next = vi.fn();
    const newTask = vi.fn();
    engine.register([
      { keys: "j", run: next },
      { keys: "t c", run: newTask },
    ]);

    for (const target of [
      textField,
      { tagName: "TEXTAREA" },
      { tagName: "SELECT" },
      { tagName: "DIV", isContentEditable: true },
    ]) {
      expect(engine.handle(press("j", { target }))).toBe(false);
      expect(engine.handle(press("t", { target }))).toBe(false);
      expect(engine.handle(press("c", { target }))).toBe(false);
    }
    expect(next).not.toHaveBeenCalled();
    expect(newTask).not.toHaveBeenCalled();
  });

  test("Mod+K still opens the palette from a text field; Alt and Shift combinations do not run", () => {
    const engine = engineWith();
    const palette = vi.fn();
    const altT = vi.fn();
    engine.register([
      { keys: "Mod+K", run: palette },
      { keys: "Alt+T", run: altT },
    ]);

    engine.handle(press("k", { ctrlKey: true, target: textField }));
    engine.handle(press("t", { altKey: true, target: textField }));
    expect(palette).toHaveBeenCalledOnce();
    expect(altT).not.toHaveBeenCalled();
  });

  test("a checkbox or a button is not a place to type: shortcuts run there", () => {
    const engine = engineWith();
    const next = vi.fn();
    engine.register([{ keys: "j", run: next }]);

    engine.handle(press("j", { target: checkbox }));
    engine.handle(press("j", { target: { tagName: "BUTTON" } }));
    expect(next).toHaveBeenCalledTimes(2);
  });

  test("a sequence started outside a field does not finish inside one", () => {
    const engine = engineWith();
    const newTask = vi.fn();
    engine.register([{ keys: "t c", run: newTask }]);

    engine.handle(press("t"));
    engine.handle(press("c", { target: textField }));
    expect(newTask).not.toHaveBeenCalled();
  });
});

describe("the single-key preference", () => {
  test("off: single keys and sequences do nothing, modifier combinations still work", () => {
    let singleKeys = false;
    const engine = engineWith({ singleKeysEnabled: () => singleKeys });
    const next = vi.fn();
    const newTask = vi.fn();
    const palette = vi.fn();
    engine.register([
      { keys: "j", run: next },
      { keys: "t c", run: newTask },
      { keys: "Mod+K", run: palette },
    ]);

    expect(engine.handle(press("j"))).toBe(false);
    engine.handle(press("t"));
    engine.handle(press("c"));
    engine.handle(press("k", { ctrlKey: true }));
    expect(next).not.toHaveBeenCalled();
    expect(newTask).not.toHaveBeenCalled();
    expect(palette).toHaveBeenCalledOnce();

    singleKeys = true;
    engine.handle(press("j"));
    expect(next).toHaveBeenCalledOnce();
  });
});

describe("layers", () => {
  test("a screen's shortcut outranks the app's, whichever registered first", () => {
    const engine = engineWith();
    const screenNewTask = vi.fn();
    const appNewTask = vi.fn();
    const removeScreen = engine.register([{ keys: "t c", run: screenNewTask }], 1);
    engine.register([{ keys: "t c", run: appNewTask }], 0);

    engine.handle(press("t"));
    engine.handle(press("c"));
    expect(screenNewTask).toHaveBeenCalledOnce();

    removeScreen();
    engine.handle(press("t"));
    engine.handle(press("c"));
    expect(appNewTask).toHaveBeenCalledOnce();
  });

  test("a screen's single key wins over the app's sequence starting with it", () => {
    const engine = engineWith();
    const priority = vi.fn();
    const newProject = vi.fn();
    engine.register([{ keys: "p c", run: newProject }], 0);
    engine.register([{ keys: "p", run: priority }], 1);

    engine.handle(press("p"));
    engine.handle(press("c"));
    expect(priority).toHaveBeenCalledOnce();
    expect(newProject).not.toHaveBeenCalled();
  });

  test("a screen's shortcut that declines the key lets it through to the app or the page", () => {
    const engine = engineWith();
    const appEnter = vi.fn();
    engine.register([{ keys: "Enter", run: appEnter }], 0);
    engine.register([{ keys: "Enter", run: () => false }], 1);

    expect(engine.handle(press("Enter"))).toBe(true);
    expect(appEnter).toHaveBeenCalledOnce();
  });

  test("a bad binding is refused when registered", () => {
    const engine = engineWith();
    expect(() => engine.register([{ keys: "Hyper+K", run: () => {} }])).toThrow(/Unknown modifier/);
    expect(() => engine.register([{ keys: "a b c", run: () => {} }])).toThrow(/one or two/);
  });
});
