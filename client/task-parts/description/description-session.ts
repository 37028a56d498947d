import * as Y from "yjs";
import {
  DOCUMENT_FRAGMENT,
  fromBase64,
  giveFragment,
  toBase64,
} from "../../../shared/description-doc.ts";
import { documentSeedUpdate } from "../../../shared/rich-text/document-yjs.ts";

/** Origin of what the store brings: merged in, never sent back, never undone. */
const FROM_STORE = Symbol("store");

type SessionOptions = {
  /** The stored document (base64), or null while the description was never edited as one. */
  state: string | null;
  /** The task's markdown: the document's start while none is stored. */
  markdown: string;
  /** Sends an update of the person's own edits (base64), as mutator editDescription. */
  send: (update: string) => void;
};

/**
 * One task page's copy of the description's Yjs document, which the editor edits through
 * y-tiptap (its fragment). What the store holds (the optimistic result of the person's own
 * edits, and what pulls bring) is merged in as it changes; each edit the person makes is sent
 * as an update.
 *
 * While the store holds no document, the copy starts from the seed of the markdown, the bytes
 * the server and the mutator build too (shared/description-doc.ts), and every update carries the
 * seed along until a stored document arrives: a server whose markdown differs from this one
 * then still has what the edits refer to. A stored document of before rich text is given its
 * fragment here as the server gives it, and that seed is carried along the same way.
 */
export class DescriptionSession {
  readonly doc = new Y.Doc();
  readonly fragment: Y.XmlFragment;
  /** The markdown the copy was seeded from, or null when it started from a stored document. */
  readonly seededFrom: string | null;
  /** Whether the person has edited through this copy. */
  edited = false;
  private seed: Uint8Array | null;
  /** The Yjs client of the fragment given here to a document of before rich text. */
  private givenSeedClient: number | null = null;

  constructor({ state, markdown, send }: SessionOptions) {
    this.fragment = this.doc.getXmlFragment(DOCUMENT_FRAGMENT);
    const start = state === null ? documentSeedUpdate(markdown) : fromBase64(state);
    this.seededFrom = state === null ? markdown : null;
    Y.applyUpdate(this.doc, start, FROM_STORE);
    this.seed = state === null ? start : this.givenFragment();
    this.doc.on("update", (update: Uint8Array, origin: unknown) => {
      if (origin === FROM_STORE) return;
      this.edited = true;
      send(toBase64(this.seed ? Y.mergeUpdates([this.seed, update]) : update));
    });
  }

  /** Merges what the store holds now (already merged content changes nothing). */
  applyStored(state: string | null) {
    if (state === null) return;
    const stored = fromBase64(state);
    Y.applyUpdate(this.doc, stored, FROM_STORE);
    // The seed of the markdown goes once the server has a document; a fragment given here,
    // once the server's document holds it (its Yjs client is in the stored state).
    const given = this.givenSeedClient;
    if (given === null || Y.decodeStateVector(Y.encodeStateVectorFromUpdate(stored)).has(given)) {
      this.seed = null;
      this.givenSeedClient = null;
    }
  }

  /**
   * Merges another tab's edit relayed through presence (platform/presence/description-relay.ts)
   * ahead of the pull that brings it again. An update that does not read is dropped: the
   * pull's state is what counts.
   */
  applyRelayed(update: string) {
    try {
      Y.applyUpdate(this.doc, fromBase64(update), FROM_STORE);
    } catch {
      // Not an update this document can take; the pull brings what the server merged.
    }
  }

  /** The fragment's seed when the document is one of before rich text (given it here), else null. */
  private givenFragment(): Uint8Array | null {
    const before = Y.encodeStateVector(this.doc);
    if (!giveFragment(this.doc, FROM_STORE)) return null;
    const seed = Y.encodeStateAsUpdate(this.doc, before);
    const [client] = Y.decodeStateVector(Y.encodeStateVectorFromUpdate(seed)).keys();
    this.givenSeedClient = client ?? null;
    return seed;
  }

  destroy() {
    this.doc.destroy();
  }
}
