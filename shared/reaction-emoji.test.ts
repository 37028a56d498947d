import { describe, expect, it } from "vitest";
import { isSingleEmoji } from "./reaction-emoji.ts";

describe("a reaction's emoji", () => {
  it.each([
    ["a plain emoji", "👍"],
    ["an emoji with the variation selector", "❤️"],
    ["a skin tone", "👍🏽"],
    ["a ZWJ sequence with a skin tone", "🧑🏿‍🚀"],
    ["a family", "👨‍👩‍👧‍👦"],
    ["a flag", "🇫🇷"],
    ["a subdivision flag", "🏴󠁧󠁢󠁳󠁣󠁴󠁿"],
    ["a keycap", "1️⃣"],
  ])("is one emoji: %s", (_, emoji) => {
    expect(isSingleEmoji(emoji)).toBe(true);
  });

  it.each([
    ["nothing", ""],
    ["a letter", "a"],
    ["a word", "ok"],
    ["two emoji", "👍👍"],
    ["two flags", "🇫🇷🇩🇪"],
    ["an emoji and a space", "👍 "],
    ["an emoji and a NUL", "👍\u0000"],
    ["a slash", "/"],
    ["a joiner alone", "\u200D"],
    ["markup", "<b>"],
    ["a long text", "👍".repeat(20)],
  ])("is not one emoji: %s", (_, text) => {
    expect(isSingleEmoji(text)).toBe(false);
  });
});
