import * as Y from "yjs";
import { describe, expect, it } from "vitest";
import {
  DESCRIPTION_TEXT,
  InvalidDescription,
  MAX_DESCRIPTION_ITEMS,
  MAX_DESCRIPTION_LENGTH,
  MAX_DESCRIPTION_STATE_BYTES,
  fromBase64,
  loadDescription,
  mergeDescriptionUpdate,
  mergeUpdateInto,
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

  it("a long description with a long history of edits by several people stays editable", () => {
    // Nearly 100,000 characters written in 1,800 sittings at random places by three people,
    // each sitting a dozen words with a few corrections.
    let seed = 43;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const words = ["plan ", "ship ", "review ", "the ", "api ", "fix ", "notes "];
    const doc = new Y.Doc();
    const text = doc.getText(DESCRIPTION_TEXT);
    for (let sitting = 0; sitting < 1800; sitting++) {
      doc.clientID = 1 + (sitting % 3);
      let at = Math.floor(random() * (text.length + 1));
      for (let word = 0; word < 12; word++) {
        const typed = words[Math.floor(random() * words.length)] ?? "";
        text.insert(at, typed);
        at += typed.length;
        if (word % 4 === 3) {
          at -= 2;
          text.delete(at, 2);
        }
      }
    }
    const state = Y.encodeStateAsUpdate(doc);
    const before = Y.encodeStateVector(doc);
    doc.clientID = 4;
    text.insert(0, "One more line.\n");

    const merged = mergeDescriptionUpdate(
      { state, markdown: "" },
      Y.encodeStateAsUpdate(doc, before),
    );

    expect(merged.text).toBe(text.toString());
    expect(text.length).toBeGreaterThan(95_000);
    expect(merged.state.length).toBeLessThan(MAX_DESCRIPTION_STATE_BYTES / 4);
    let items = 0;
    for (const structs of doc.store.clients.values()) items += structs.length;
    expect(items).toBeLessThan(MAX_DESCRIPTION_ITEMS / 2);
  });

  it("a loaded document tells an update it already holds from one that adds to it, also one held aside for what it builds on", () => {
    const author = new Y.Doc();
    const text = author.getText(DESCRIPTION_TEXT);
    text.insert(0, "One");
    const first = Y.encodeStateAsUpdate(author);
    const beforeSecond = Y.encodeStateVector(author);
    text.insert(3, " two");
    const second = Y.encodeStateAsUpdate(author, beforeSecond);
    const beforeThird = Y.encodeStateVector(author);
    text.insert(7, " three");
    const third = Y.encodeStateAsUpdate(author, beforeThird);
    const doc = loadDescription({ state: first, markdown: "" });

    expect(mergeUpdateInto(doc, first)).toBeNull();
    expect(mergeUpdateInto(doc, third)?.text).toBe("One");
    expect(mergeUpdateInto(doc, second)?.text).toBe("One two three");
    expect(mergeUpdateInto(doc, third)).toBeNull();
  });

  it("base64 goes both ways for any bytes, and refuses what is not base64", () => {
    const bytes = Uint8Array.from({ length: 70_000 }, (_, index) => (index * 7) % 256);
    expect(fromBase64(toBase64(bytes))).toEqual(bytes);
    expect(textOf(fromBase64(toBase64(seedUpdate("é ✓"))))).toBe("é ✓");
    expect(() => fromBase64("%%%")).toThrow(InvalidDescription);
  });
});
