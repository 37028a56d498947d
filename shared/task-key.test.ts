import { describe, expect, it } from "vitest";
import { formatTaskKey, isValidProjectKey, parseTaskKey } from "./task-key.ts";

describe("project keys", () => {
  it.each(["AB", "WEB", "API2", "ABCDEFGH"])("%s is a valid key", (key) => {
    expect(isValidProjectKey(key)).toBe(true);
  });

  it.each(["A", "ab", "2FA", "ABCDEFGHI", "WE-B", ""])("%s is not", (key) => {
    expect(isValidProjectKey(key)).toBe(false);
  });
});

describe("task keys", () => {
  it("formats and parses KEY-12", () => {
    expect(formatTaskKey("WEB", 12)).toBe("WEB-12");
    expect(parseTaskKey("web-12")).toEqual({ projectKey: "WEB", number: 12 });
    expect(parseTaskKey("WEB-0")).toBeNull();
    expect(parseTaskKey("WEB12")).toBeNull();
  });
});
