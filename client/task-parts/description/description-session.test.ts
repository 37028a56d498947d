import * as Y from "yjs";
import { describe, expect, it } from "vitest";
import { fromBase64, toBase64 } from "../../../shared/description-doc.ts";
import { DescriptionSession } from "./description-session.ts";

/** Two people's copies of one new task's description: edits Ada makes are what she sends. */
function twoCopies() {
  const sent: string[] = [];
  const ada = new DescriptionSession({ state: null, markdown: "", send: (u) => sent.push(u) });
  const olga = new DescriptionSession({ state: null, markdown: "", send: () => {} });
  return { ada, olga, sent };
}

/** The blocks of a copy, as element names and their text. */
function blocks(session: DescriptionSession): string[] {
  return session.fragment
    .toArray()
    .map((node) =>
      node instanceof Y.XmlElement
        ? `${node.nodeName}:${node.toString().replace(/<[^>]*>/g, "")}`
        : "",
    );
}

/** A paragraph at the start whose text is `text`, as the editor writes one. */
function paragraph(text: string): Y.XmlElement {
  const element = new Y.XmlElement("paragraph");
  element.insert(0, [new Y.XmlText(text)]);
  return element;
}

/**
 * Ada types "#", "#", " ": the third key turns the paragraph into a heading (the editor deletes
 * the paragraph and writes a heading in one edit).
 */
function typeHeading(ada: DescriptionSession) {
  ada.doc.transact(() => ada.fragment.insert(0, [paragraph("#")]));
  ada.doc.transact(() => {
    const text = (ada.fragment.get(0) as Y.XmlElement).get(0) as Y.XmlText;
    text.insert(1, "#");
  });
  ada.doc.transact(() => {
    ada.fragment.delete(0, 1);
    const heading = new Y.XmlElement("heading");
    heading.setAttribute("level", "2");
    heading.insert(0, [new Y.XmlText("")]);
    ada.fragment.insert(0, [heading]);
  });
}

describe("a description's relayed edits", () => {
  it("applied in the order they were made, show each edit", () => {
    const { ada, olga, sent } = twoCopies();
    typeHeading(ada);
    const [first = "", second = "", third = ""] = sent;

    olga.applyRelayed(first);
    expect(blocks(olga)).toEqual(["paragraph:#"]);
    olga.applyRelayed(second);
    olga.applyRelayed(third);
    expect(blocks(olga)).toEqual(blocks(ada));
  });

  it("arriving before one they follow wait for it: the document never shows half an edit", () => {
    const { ada, olga, sent } = twoCopies();
    typeHeading(ada);
    const [first = "", second = "", third = ""] = sent;
    const seen: number[] = [];
    olga.fragment.observeDeep(() => seen.push(olga.fragment.length));

    olga.applyRelayed(first);
    // The third edit comes before the second (two requests on their way at once).
    olga.applyRelayed(third);
    expect(blocks(olga)).toEqual(["paragraph:#"]);
    olga.applyRelayed(second);

    expect(blocks(olga)).toEqual(["heading:"]);
    // An empty document, even for a moment, is one the editor would fill with a paragraph of its
    // own and write back: the paragraph would stay, first, in everyone's description.
    expect(seen).not.toContain(0);
  });

  it("waiting for an edit that is never relayed land with the pull that brings it", () => {
    const { ada, olga, sent } = twoCopies();
    typeHeading(ada);
    const [first = "", second = "", third = ""] = sent;

    olga.applyRelayed(first);
    olga.applyRelayed(third);
    expect(blocks(olga)).toEqual(["paragraph:#"]);
    // The pull brings the server's document as it was after the second edit only.
    const afterSecond = new Y.Doc();
    Y.applyUpdate(afterSecond, Y.mergeUpdates([first, second].map(fromBase64)));
    olga.applyStored(toBase64(Y.encodeStateAsUpdate(afterSecond)));

    expect(blocks(olga)).toEqual(["heading:"]);
  });

  it("that do not read are dropped and change nothing", () => {
    const { ada, olga, sent } = twoCopies();
    typeHeading(ada);
    const [first = ""] = sent;
    olga.applyRelayed(first);

    olga.applyRelayed("AAAA");
    olga.applyRelayed("not base64 at all");

    expect(blocks(olga)).toEqual(["paragraph:#"]);
  });
});
