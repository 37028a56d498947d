import { describe, expect, it } from "vitest";
import { highlightText, queryWords, snippet, textWords } from "./search-text.ts";

describe("the words of a text", () => {
  it("are lower case without accents, each once", () => {
    expect(textWords("Résumé of the RESUME, café")).toEqual(["resume", "of", "the", "cafe"]);
  });

  it("keep a task key whole as well as in parts", () => {
    expect(textWords("See WEB-12 first")).toEqual(["see", "web", "12", "first", "web-12"]);
  });

  it("come from every text given", () => {
    expect(textWords("Fix login", "WEB-3", "Users cannot sign in").sort()).toEqual(
      ["fix", "login", "web", "3", "web-3", "users", "cannot", "sign", "in"].sort(),
    );
  });

  it("are cut at 40 characters, and a huge text gives a bounded number of words", () => {
    expect(textWords("a".repeat(100))).toEqual(["a".repeat(40)]);
    const huge = Array.from({ length: 5000 }, (_, index) => `word${index}`).join(" ");
    expect(textWords(huge)).toHaveLength(2000);
  });
});

describe("the words of a query", () => {
  it("split at anything that is not a letter or digit, folded like the texts", () => {
    expect(queryWords("  Fix   the Löğin! ")).toEqual(["fix", "the", "login"]);
  });

  it("keep a task key as one word, in any case", () => {
    expect(queryWords("web-12")).toEqual(["web-12"]);
    expect(queryWords("WEB-12 crash")).toEqual(["web-12", "crash"]);
  });

  it("are none for an empty or punctuation-only query", () => {
    expect(queryWords("")).toEqual([]);
    expect(queryWords(" -- ")).toEqual([]);
  });
});

describe("highlighting", () => {
  it("marks the part of each word that a query word begins, keeping the original spelling", () => {
    expect(highlightText("Café crème", ["caf"])).toEqual([
      { text: "Caf", match: true },
      { text: "é crème", match: false },
    ]);
  });

  it("marks only at the start of a word", () => {
    expect(highlightText("reload the load", ["load"])).toEqual([
      { text: "reload the ", match: false },
      { text: "load", match: true },
    ]);
  });

  it("marks every query word and a task key whole", () => {
    expect(highlightText("WEB-12: fix login", ["web-12", "login"])).toEqual([
      { text: "WEB-12", match: true },
      { text: ": fix ", match: false },
      { text: "login", match: true },
    ]);
  });

  it("leaves a text without matches as one part", () => {
    expect(highlightText("Nothing here", ["zebra"])).toEqual([
      { text: "Nothing here", match: false },
    ]);
  });
});

describe("snippets of long texts", () => {
  it("show a short text whole, on one line", () => {
    expect(snippet("Line one\nline two", ["two"])).toBe("Line one line two");
  });

  it("show the part of a long text around its first match, marking the cuts", () => {
    const text = `${"filler ".repeat(50)}the zebra crossing ${"more ".repeat(50)}`;
    const shown = snippet(text, ["zebra"], 60);
    expect(shown).toContain("zebra");
    expect(shown.startsWith("…")).toBe(true);
    expect(shown.endsWith("…")).toBe(true);
    expect(shown.length).toBeLessThanOrEqual(62);
  });
});
