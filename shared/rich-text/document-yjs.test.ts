import { expect, test } from "vitest";
import * as Y from "yjs";
import {
  DOCUMENT_FRAGMENT,
  documentJson,
  documentMarkdown,
  documentSchema,
  documentSeedUpdate,
} from "./document-yjs.ts";
import { canonical } from "./markdown-corpus.ts";
import { markdownToDocument } from "./markdown.ts";

function docOf(...updates: Uint8Array[]): Y.Doc {
  const doc = new Y.Doc();
  for (const update of updates) Y.applyUpdate(doc, update);
  return doc;
}

for (const [name, markdown] of Object.entries(canonical)) {
  test(`${name}: kept in a Yjs document and derived back to the same markdown`, () => {
    const doc = docOf(documentSeedUpdate(markdown));
    // The schema fills in the attributes markdown does not write (an image's size…).
    const read = documentSchema().nodeFromJSON(markdownToDocument(markdown)).toJSON();
    expect(documentJson(doc)).toEqual(read);
    expect(documentMarkdown(doc)).toBe(markdown);
  });
}

test("one markdown seeds the same bytes everywhere, and two seeds of it hold it once", () => {
  const markdown = canonical["a release checklist"] ?? "";
  const first = documentSeedUpdate(markdown);
  const second = documentSeedUpdate(markdown);
  expect(second).toEqual(first);
  expect(documentMarkdown(docOf(first, second))).toBe(markdown);
});

test("two people editing one seeded document apart both keep their words once merged", () => {
  const seed = documentSeedUpdate("Ready steady\n\nGo");
  const olga = docOf(seed);
  const milo = docOf(seed);
  const paragraphText = (doc: Y.Doc, index: number) => {
    const paragraph = doc.getXmlFragment(DOCUMENT_FRAGMENT).get(index);
    if (!(paragraph instanceof Y.XmlElement)) throw new Error("no paragraph");
    const text = paragraph.get(0);
    if (!(text instanceof Y.XmlText)) throw new Error("no text");
    return text;
  };
  paragraphText(olga, 0).insert(0, "Alpha ");
  const last = paragraphText(milo, 1);
  last.insert(last.length, " omega");
  Y.applyUpdate(olga, Y.encodeStateAsUpdate(milo));
  Y.applyUpdate(milo, Y.encodeStateAsUpdate(olga));
  expect(documentMarkdown(olga)).toBe("Alpha Ready steady\n\nGo omega");
  expect(documentMarkdown(milo)).toBe(documentMarkdown(olga));
});

test("an empty description is an empty document", () => {
  expect(documentMarkdown(docOf(documentSeedUpdate("")))).toBe("");
});
