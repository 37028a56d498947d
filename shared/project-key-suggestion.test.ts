import { describe, expect, it } from "vitest";
import { projectKeyProblem, suggestProjectKey } from "./project-key-suggestion.ts";
import { isValidProjectKey } from "./task-key.ts";

describe("the key suggested for a new project", () => {
  it("is the first three letters of a one-word name", () => {
    expect(suggestProjectKey("Website")).toBe("WEB");
    expect(suggestProjectKey("  api  ")).toBe("API");
  });

  it("is the initials of a name of several words", () => {
    expect(suggestProjectKey("Mobile app")).toBe("MA");
    expect(suggestProjectKey("customer-support portal v2")).toBe("CSPV");
  });

  it("keeps at most eight initials", () => {
    expect(suggestProjectKey("a b c d e f g h i j")).toBe("ABCDEFGH");
  });

  it("starts with a letter, skipping leading numbers and symbols", () => {
    expect(suggestProjectKey("2024 roadmap")).toBe("ROA");
    expect(suggestProjectKey("42 things to do")).toBe("TTD");
    expect(suggestProjectKey("#launch!")).toBe("LAU");
  });

  it("drops accents rather than the letters that carry them", () => {
    expect(suggestProjectKey("Équipe")).toBe("EQU");
  });

  it("pads a one-letter name to the two characters a key needs", () => {
    expect(suggestProjectKey("x")).toBe("XX");
  });

  it("is empty when the name has no letter", () => {
    expect(suggestProjectKey("")).toBe("");
    expect(suggestProjectKey("2024")).toBe("");
  });

  it("numbers a key already used in the workspace", () => {
    expect(suggestProjectKey("Website", ["WEB"])).toBe("WEB2");
    expect(suggestProjectKey("Website", ["WEB", "WEB2"])).toBe("WEB3");
    expect(suggestProjectKey("a b c d e f g h", ["ABCDEFGH"])).toBe("ABCDEFG2");
  });

  it.each(["Website", "Mobile app", "x", "a b c d e f g h i", "2024 roadmap", "Été"])(
    "%s gives a valid key",
    (name) => {
      expect(isValidProjectKey(suggestProjectKey(name))).toBe(true);
    },
  );
});

describe("a typed project key", () => {
  it("is refused unless it is 2–8 uppercase letters or digits starting with a letter", () => {
    expect(projectKeyProblem("W", [])).toBe("invalid");
    expect(projectKeyProblem("2FA", [])).toBe("invalid");
    expect(projectKeyProblem("web", [])).toBe("invalid");
    expect(projectKeyProblem("WEB", [])).toBeNull();
  });

  it("is refused when another project of the workspace has it", () => {
    expect(projectKeyProblem("WEB", ["API", "WEB"])).toBe("taken");
  });
});
