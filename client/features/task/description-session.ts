import * as Y from "yjs";
import {
  DESCRIPTION_TEXT,
  fromBase64,
  replaceText,
  seedUpdate,
  toBase64,
} from "../../../shared/description-doc.ts";
import { setTaskItem } from "../../lib/markdown-task-list.ts";

/** Origin of what the store brings: merged in, never sent back, never undone. */
const FROM_STORE = Symbol("store");
/** Origin of the person's own edits made outside the editor (a ticked checkbox). */
const OWN_EDIT = Symbol("own edit");

type SessionOptions = {
  /** The stored document (base64), or null while the description was never edited as one. */
  state: string | null;
  /** The task's markdown: the document's start while none is stored. */
  markdown: string;
  /** Sends an update of the person's own edits (base64), as mutator editDescription. */
  send: (update: string) => void;
};

/**
 * One task page's copy of the description's Yjs document, for the editor and the checkboxes of
 * the preview alike. What the store holds (the optimistic result of the person's own edits, and
 * what pulls bring) is merged in as it changes; each edit the person makes is sent as an update.
 *
 * While the store holds no document, the copy starts from the seed of the markdown, the bytes
 * the server and the mutator build too (shared/description-doc.ts), and every update carries the
 * seed along until a stored document arrives: a server whose markdown differs from this one
 * then still has what the edits refer to.
 */
export class DescriptionSession {
  readonly doc = new Y.Doc();
  readonly text: Y.Text;
  /** The person's own edits, undone with Mod+Z in the editor (y-codemirror adds its own). */
  readonly undoManager: Y.UndoManager;
  /** The markdown the copy was seeded from, or null when it started from a stored document. */
  readonly seededFrom: string | null;
  /** Whether the person has edited through this copy. */
  edited = false;
  private seed: Uint8Array | null;

  constructor({ state, markdown, send }: SessionOptions) {
    this.text = this.doc.getText(DESCRIPTION_TEXT);
    const start = state === null ? seedUpdate(markdown) : fromBase64(state);
    this.seed = state === null ? start : null;
    this.seededFrom = state === null ? markdown : null;
    Y.applyUpdate(this.doc, start, FROM_STORE);
    this.undoManager = new Y.UndoManager(this.text, { trackedOrigins: new Set([OWN_EDIT]) });
    this.doc.on("update", (update: Uint8Array, origin: unknown) => {
      if (origin === FROM_STORE) return;
      this.edited = true;
      send(toBase64(this.seed ? Y.mergeUpdates([this.seed, update]) : update));
    });
  }

  /** Merges what the store holds now (already merged content changes nothing). */
  applyStored(state: string | null) {
    if (state === null) return;
    this.seed = null;
    Y.applyUpdate(this.doc, fromBase64(state), FROM_STORE);
  }

  /** Ticks or unticks the `index`-th task list item, as an edit of the text. */
  toggleTaskItem(index: number, checked: boolean) {
    const current = this.text.toString();
    const next = setTaskItem(current, index, checked);
    if (next !== current) this.doc.transact(() => replaceText(this.text, next), OWN_EDIT);
  }

  destroy() {
    this.undoManager.destroy();
    this.doc.destroy();
  }
}
