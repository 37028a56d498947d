import * as Y from "yjs";
import { describe, expect, it } from "vitest";
import {
  DESCRIPTION_TEXT,
  InvalidDescription,
  MAX_DESCRIPTION_LENGTH,
  fromBase64,
  mergeDescriptionUpdate,
  replaceDescriptionText,
  replaceText,
  seedUpdate,
  toBase64,
} from "./description-doc.ts";

const textOf = (state: Uint8Array) => {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, state);
  return doc.getText(DESCRIPTION_TEXT).toString();
};

describe("description documents", () => {
  it("the seed of a text is the same bytes wherever it is built, so two of them merge as one", () => {
    expect(seedUpdate("Ready")).toEqual(seedUpdate("Ready"));
    const merged = mergeDescriptionUpdate({ state: null, markdown: "Ready" }, seedUpdate("Ready"));
    expect(merged.text).toBe("Ready");
  });

  it("seeds of two different texts are both kept, neither mistaken for the other", () => {
    const merged = mergeDescriptionUpdate({ state: null, markdown: "One" }, seedUpdate("Two"));
    expect(merged.text.length).toBe("OneTwo".length);
    expect(merged.text).toContain("One");
    expect(merged.text).toContain("Two");
  });

  it("a whole new text becomes one edit of the part that differs, keeping surrogate pairs whole", () => {
    const base = { state: null, markdown: "Launch 🚀 today" };
    expect(replaceDescriptionText(base, "Launch 🛸 today").text).toBe("Launch 🛸 today");
    const doc = new Y.Doc();
    const text = doc.getText(DESCRIPTION_TEXT);
    text.insert(0, "a😀b");
    replaceText(text, "a😃b");
    expect(text.toString()).toBe("a😃b");
  });

  it("refuses bytes that are no update, content outside the text and texts past the limit", () => {
    const base = { state: null, markdown: "" };
    expect(() => mergeDescriptionUpdate(base, new TextEncoder().encode("nope"))).toThrow(
      InvalidDescription,
    );
    const other = new Y.Doc();
    other.getArray("list").insert(0, [1]);
    expect(() => mergeDescriptionUpdate(base, Y.encodeStateAsUpdate(other))).toThrow(
      InvalidDescription,
    );
    const long = new Y.Doc();
    long.getText(DESCRIPTION_TEXT).insert(0, "x".repeat(MAX_DESCRIPTION_LENGTH + 1));
    expect(() => mergeDescriptionUpdate(base, Y.encodeStateAsUpdate(long))).toThrow("too long");
  });

  it("base64 goes both ways for any bytes, and refuses what is not base64", () => {
    const bytes = Uint8Array.from({ length: 70_000 }, (_, index) => (index * 7) % 256);
    expect(fromBase64(toBase64(bytes))).toEqual(bytes);
    expect(textOf(fromBase64(toBase64(seedUpdate("é ✓"))))).toBe("é ✓");
    expect(() => fromBase64("%%%")).toThrow(InvalidDescription);
  });
});
