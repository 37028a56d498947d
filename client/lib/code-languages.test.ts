import { describe, expect, it } from "vitest";
import { codeLanguageName, knownCodeLanguage } from "./code-languages.ts";

describe("codeLanguageName", () => {
  it("names a language by its id or by the short name people type after the fence", () => {
    expect(codeLanguageName("typescript")).toBe("TypeScript");
    expect(codeLanguageName("ts")).toBe("TypeScript");
    expect(codeLanguageName("YML")).toBe("YAML");
    expect(codeLanguageName("c++")).toBe("C++");
  });

  it("keeps a name it does not know as written, and none as none", () => {
    expect(codeLanguageName("elixir")).toBe("elixir");
    expect(codeLanguageName(null)).toBe("Plain text");
    expect(codeLanguageName("")).toBe("Plain text");
  });
});

describe("knownCodeLanguage", () => {
  it("gives the listed language a written name stands for, and nothing for one not listed", () => {
    expect(knownCodeLanguage("TS")).toBe("typescript");
    expect(knownCodeLanguage("python")).toBe("python");
    expect(knownCodeLanguage("")).toBe("");
    expect(knownCodeLanguage("elixir")).toBeUndefined();
  });
});
