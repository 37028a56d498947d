import * as Y from "yjs";
import { describe, expect, it } from "vitest";
import {
  DESCRIPTION_TEXT,
  DOCUMENT_FRAGMENT,
  InvalidDescription,
  MAX_DESCRIPTION_ITEMS,
  MAX_DESCRIPTION_LENGTH,
  MAX_DESCRIPTION_STATE_BYTES,
  OLD_EDIT_REFUSED,
  fromBase64,
  loadDescription,
  mergeDescriptionUpdate,
  mergeUpdateInto,
  replaceDescriptionText,
  replaceText,
  seedUpdate,
  toBase64,
} from "./description-doc.ts";
import { documentMarkdown, documentSeedUpdate } from "./rich-text/document-yjs.ts";

/** A copy of `state` changed by `change`: the update it sends, as an editor would. */
function editOf(state: Uint8Array, change: (doc: Y.Doc) => void): Uint8Array {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, state);
  const before = Y.encodeStateVector(doc);
  doc.transact(() => change(doc));
  return Y.encodeStateAsUpdate(doc, before);
}

/** Text typed at `offset` in the `block`-th block's text, as y-tiptap writes it. */
function typeIn(doc: Y.Doc, block: number, offset: number, typed: string) {
  const element = doc.getXmlFragment(DOCUMENT_FRAGMENT).get(block) as Y.XmlElement;
  (element.get(0) as Y.XmlText).insert(offset, typed);
}

/** A paragraph added at the end of the document. */
function addParagraph(doc: Y.Doc, text: string) {
  const fragment = doc.getXmlFragment(DOCUMENT_FRAGMENT);
  const paragraph = new Y.XmlElement("paragraph");
  const content = new Y.XmlText();
  content.insert(0, text);
  paragraph.insert(0, [content]);
  fragment.insert(fragment.length, [paragraph]);
}

/** A document of before rich text: a Y.Text of markdown only. */
function oldDocument(markdown: string): Uint8Array {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, seedUpdate(markdown));
  return Y.encodeStateAsUpdate(doc);
}

const markdownOf = (state: Uint8Array) => {
  const doc = loadDescription({ state, markdown: "" });
  const text = documentMarkdown(doc);
  doc.destroy();
  return text;
};

describe("description documents", () => {
  it("the seed of a markdown is the same bytes wherever it is built, so two of them merge as one", () => {
    expect(documentSeedUpdate("Ready **now**")).toEqual(documentSeedUpdate("Ready **now**"));
    const merged = mergeDescriptionUpdate(
      { state: null, markdown: "Ready **now**" },
      documentSeedUpdate("Ready **now**"),
    );
    expect(merged.text).toBe("Ready **now**");
  });

  it("seeds of two different texts are both kept, neither mistaken for the other", () => {
    const merged = mergeDescriptionUpdate(
      { state: null, markdown: "One" },
      documentSeedUpdate("Two"),
    );
    expect(merged.text.split("\n\n").sort()).toEqual(["One", "Two"]);
  });

  it("an edit of the document becomes the markdown search, mail and the public page read", () => {
    const base = { state: null, markdown: "# Plan\n\n- ship it" };
    const seeded = mergeDescriptionUpdate(base, new Uint8Array([0, 0]));
    const update = editOf(seeded.state, (doc) => {
      typeIn(doc, 0, 4, " for May");
      addParagraph(doc, "Ask @Ada");
    });
    expect(mergeDescriptionUpdate(base, update).text).toBe(
      "# Plan for May\n\n- ship it\n\nAsk @Ada",
    );
  });

  it("a whole new text changes only the blocks that differ: an edit made meanwhile elsewhere is kept", () => {
    const start = mergeDescriptionUpdate(
      { state: null, markdown: "First 🚀\n\nSecond\n\nThird" },
      new Uint8Array([0, 0]),
    );
    // Someone types in the third block while another client sends the whole text, first
    // block changed, from before that edit.
    const typed = editOf(start.state, (doc) => typeIn(doc, 2, 5, " and last"));
    const replaced = replaceDescriptionText(
      { state: start.state, markdown: start.text },
      "First 🛸\n\nSecond\n\nThird",
    );
    expect(replaced.text).toBe("First 🛸\n\nSecond\n\nThird");
    const both = mergeDescriptionUpdate({ state: replaced.state, markdown: replaced.text }, typed);
    expect(both.text).toBe("First 🛸\n\nSecond\n\nThird and last");
  });

  it("a document of before rich text gets the fragment of its markdown, the same bytes on every load", () => {
    const state = oldDocument("# Notes\n\n* one\n* two");
    const first = loadDescription({ state, markdown: "" });
    const second = loadDescription({ state, markdown: "" });
    expect(documentMarkdown(first)).toBe("# Notes\n\n- one\n- two");
    expect(Y.encodeStateAsUpdate(first)).toEqual(Y.encodeStateAsUpdate(second));
    // The old text is still there, character for character.
    expect(first.getText(DESCRIPTION_TEXT).toString()).toBe("# Notes\n\n* one\n* two");
  });

  it("an old app's edit of the text is applied and converted while the document says what the text said", () => {
    const state = oldDocument("Intro\n\nBody");
    const oldEdit = editOf(state, (doc) => doc.getText(DESCRIPTION_TEXT).insert(11, " text"));
    const merged = mergeDescriptionUpdate({ state, markdown: "Intro\n\nBody" }, oldEdit);
    expect(merged.text).toBe("Intro\n\nBody text");
    // An old app's first edit of a description that had no document came with its seed.
    const first = editOf(seedUpdate("Plain"), (doc) =>
      doc.getText(DESCRIPTION_TEXT).insert(5, " words"),
    );
    const firstMerged = mergeDescriptionUpdate(
      { state: null, markdown: "Plain" },
      Y.mergeUpdates([seedUpdate("Plain"), first]),
    );
    expect(firstMerged.text).toBe("Plain words");
  });

  it("an old app's edit is refused with a notice once the document was edited since", () => {
    const state = oldDocument("Intro");
    const oldEdit = editOf(state, (doc) => doc.getText(DESCRIPTION_TEXT).insert(5, " old"));
    const migrated = mergeDescriptionUpdate({ state, markdown: "Intro" }, new Uint8Array([0, 0]));
    const richEdit = editOf(migrated.state, (doc) => typeIn(doc, 0, 5, " new"));
    const edited = mergeDescriptionUpdate({ state: migrated.state, markdown: "Intro" }, richEdit);
    expect(edited.text).toBe("Intro new");
    expect(() =>
      mergeDescriptionUpdate({ state: edited.state, markdown: edited.text }, oldEdit),
    ).toThrow(OLD_EDIT_REFUSED);
  });

  it("refuses bytes that are no update, content outside the document and texts past the limit", () => {
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
    addParagraph(long, "x".repeat(MAX_DESCRIPTION_LENGTH + 1));
    expect(() => mergeDescriptionUpdate(base, Y.encodeStateAsUpdate(long))).toThrow("too long");
  });

  it("a long description with a long history of edits by several people stays editable", () => {
    // Nearly 100,000 characters written in 1,800 sittings at random places by three people,
    // each sitting a dozen words with a few corrections.
    let seed = 43;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const words = ["plan ", "ship ", "review ", "the ", "api ", "fix ", "notes "];
    const doc = new Y.Doc();
    addParagraph(doc, "");
    const text = (doc.getXmlFragment(DOCUMENT_FRAGMENT).get(0) as Y.XmlElement).get(0) as Y.XmlText;
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
    text.insert(0, "One more line. ");

    const merged = mergeDescriptionUpdate(
      { state, markdown: "" },
      Y.encodeStateAsUpdate(doc, before),
    );

    expect(merged.text).toBe(text.toString().trim());
    expect(text.length).toBeGreaterThan(95_000);
    expect(merged.state.length).toBeLessThan(MAX_DESCRIPTION_STATE_BYTES / 4);
    let items = 0;
    for (const structs of doc.store.clients.values()) items += structs.length;
    expect(items).toBeLessThan(MAX_DESCRIPTION_ITEMS / 2);
  });

  it("a loaded document tells an update it already holds from one that adds to it, also one held aside for what it builds on", () => {
    const author = new Y.Doc();
    addParagraph(author, "One");
    const text = (author.getXmlFragment(DOCUMENT_FRAGMENT).get(0) as Y.XmlElement).get(
      0,
    ) as Y.XmlText;
    const first = Y.encodeStateAsUpdate(author);
    const beforeSecond = Y.encodeStateVector(author);
    text.insert(3, " two");
    const second = Y.encodeStateAsUpdate(author, beforeSecond);
    const beforeThird = Y.encodeStateVector(author);
    text.insert(7, " three");
    const third = Y.encodeStateAsUpdate(author, beforeThird);
    const doc = loadDescription({ state: first, markdown: "" });

    expect(mergeUpdateInto(doc, first, "One")).toBeNull();
    expect(mergeUpdateInto(doc, third, "One")?.text).toBe("One");
    expect(mergeUpdateInto(doc, second, "One")?.text).toBe("One two three");
    expect(mergeUpdateInto(doc, third, "One two three")).toBeNull();
  });

  it("the old text's edits never split a surrogate pair", () => {
    const doc = new Y.Doc();
    const text = doc.getText(DESCRIPTION_TEXT);
    text.insert(0, "a😀b");
    replaceText(text, "a😃b");
    expect(text.toString()).toBe("a😃b");
  });

  it("base64 goes both ways for any bytes, and refuses what is not base64", () => {
    const bytes = Uint8Array.from({ length: 70_000 }, (_, index) => (index * 7) % 256);
    expect(fromBase64(toBase64(bytes))).toEqual(bytes);
    expect(markdownOf(fromBase64(toBase64(documentSeedUpdate("é ✓"))))).toBe("é ✓");
    expect(() => fromBase64("%%%")).toThrow(InvalidDescription);
  });
});
