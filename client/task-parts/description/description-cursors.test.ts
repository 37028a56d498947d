import * as Y from "yjs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CursorAwareness } from "./description-cursors.ts";

/** A selection as y-tiptap writes it: relative positions in the document. */
function selectionIn(doc: Y.Doc, anchor: number, head: number) {
  const text = doc.getText("description");
  return {
    anchor: Y.createRelativePositionFromTypeIndex(text, anchor),
    head: Y.createRelativePositionFromTypeIndex(text, head),
  };
}

describe("the editor's cursors awareness", () => {
  it("publishes the person's selection as a string, once per change, and null when they leave", () => {
    const doc = new Y.Doc();
    doc.getText("description").insert(0, "Hello world");
    const published: (string | null)[] = [];
    const awareness = new CursorAwareness(doc, (cursor) => published.push(cursor));

    awareness.setLocalStateField("cursor", selectionIn(doc, 0, 5));
    awareness.setLocalStateField("cursor", selectionIn(doc, 0, 5));
    awareness.destroy();

    expect(published).toHaveLength(2);
    const sent = z.object({ head: z.unknown() }).parse(JSON.parse(published[0] ?? "null"));
    const head = Y.createAbsolutePositionFromRelativePosition(
      Y.createRelativePositionFromJSON(sent.head),
      doc,
    );
    expect(head?.index).toBe(5);
    expect(published[1]).toBeNull();
  });

  it("shows others' cursors with their name and colour, redraws on change and ignores garbage", () => {
    const doc = new Y.Doc();
    doc.getText("description").insert(0, "Hello world");
    const other = new Y.Doc();
    Y.applyUpdate(other, Y.encodeStateAsUpdate(doc));
    const cursor = JSON.stringify(selectionIn(other, 6, 11));
    const awareness = new CursorAwareness(doc, () => undefined);
    const changes: { added: number[]; updated: number[]; removed: number[] }[] = [];
    awareness.on("change", (change) => changes.push(change));

    awareness.setRemote([
      { userId: "ada", clientId: "tab-1", name: "Ada", cursor },
      { userId: "bob", clientId: "tab-2", name: "Bob", cursor: "not json" },
      {
        userId: "cy",
        clientId: "tab-3",
        name: "Cy",
        cursor: JSON.stringify({ anchor: 1, head: 2 }),
      },
    ]);
    awareness.setRemote([{ userId: "ada", clientId: "tab-1", name: "Ada", cursor }]);
    awareness.setRemote([]);

    expect(changes.map((c) => [c.added.length, c.updated.length, c.removed.length])).toEqual([
      [1, 0, 0],
      [0, 0, 1],
    ]);
  });

  it("hands y-tiptap a state per person whose positions resolve in the local document", () => {
    const doc = new Y.Doc();
    doc.getText("description").insert(0, "Hello world");
    const other = new Y.Doc();
    Y.applyUpdate(other, Y.encodeStateAsUpdate(doc));
    const awareness = new CursorAwareness(doc, () => undefined);
    awareness.setRemote([
      {
        userId: "ada",
        clientId: "tab-1",
        name: "Ada",
        cursor: JSON.stringify(selectionIn(other, 6, 11)),
      },
    ]);

    const remote = [...awareness.getStates()].filter(([id]) => id !== doc.clientID);
    expect(remote).toHaveLength(1);
    const [, state] = remote[0] ?? [];
    expect(state?.user).toMatchObject({
      name: "Ada",
      color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
    });
    const head = Y.createAbsolutePositionFromRelativePosition(
      Y.createRelativePositionFromJSON(state?.cursor?.head),
      doc,
    );
    expect(head?.index).toBe(11);
  });
});
