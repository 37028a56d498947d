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

/** Relayed edits kept while they wait for one they refer to; the pull brings the rest. */
const MAX_WAITING_EDITS = 64;

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
  /** Relayed edits that wait for one they refer to (applyRelayed). */
  private waiting: Uint8Array[] = [];
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
    this.applyWaiting();
    if (given === null || Y.decodeStateVector(Y.encodeStateVectorFromUpdate(stored)).has(given)) {
      this.seed = null;
      this.givenSeedClient = null;
    }
  }

  /**
   * Merges another tab's edit relayed through presence (platform/presence/description-relay.ts)
   * ahead of the pull that brings it again. An edit that refers to one not here yet (relays can
   * overtake each other, or be lost) waits for it: Yjs would apply such an update in part (its
   * deletions, not its insertions), and an editor shown an empty document for that moment fills
   * it with a paragraph of its own and writes it back, for good. An update that does not read is
   * dropped: the pull's state is what counts.
   */
  applyRelayed(update: string) {
    try {
      this.waiting.push(fromBase64(update));
    } catch {
      return;
    }
    if (this.waiting.length > MAX_WAITING_EDITS) this.waiting.shift();
    this.applyWaiting();
  }

  /** Applies the waiting relayed edits that now find all they refer to, until none does. */
  private applyWaiting() {
    let applied = true;
    while (applied && this.waiting.length > 0) {
      applied = false;
      const known = Y.decodeStateVector(Y.encodeStateVector(this.doc));
      for (const [index, update] of this.waiting.entries()) {
        const reading = readsWhole(update, known);
        if (reading === "waits") continue;
        this.waiting.splice(index, 1);
        if (reading === "reads") Y.applyUpdate(this.doc, update, FROM_STORE);
        applied = true;
        break;
      }
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

/**
 * Whether an update applies whole to a document whose state vector is `known`: each of its
 * items follows what the document or the update holds of its author, and everything it refers
 * to (its neighbours when it was written, its parent) is there too. "waits" when something is
 * missing, "dropped" when the update does not read (or the document holds it all already).
 */
function readsWhole(update: Uint8Array, known: Map<number, number>): "reads" | "waits" | "dropped" {
  let decoded: ReturnType<typeof Y.decodeUpdate>;
  try {
    decoded = Y.decodeUpdate(update);
  } catch {
    return "dropped";
  }
  const { structs, ds } = decoded;
  const held = new Map(known);
  let brings = false;
  for (const struct of structs) {
    if (struct instanceof Y.Skip) continue;
    const { client, clock } = struct.id;
    const end = held.get(client) ?? 0;
    if (clock > end) return "waits";
    if (clock + struct.length > end) brings = true;
    held.set(client, Math.max(end, clock + struct.length));
  }
  const has = (id: Y.ID | null) => id === null || id.clock < (held.get(id.client) ?? 0);
  for (const struct of structs) {
    if (!(struct instanceof Y.Item)) continue;
    const parent: unknown = struct.parent;
    if (!has(struct.origin) || !has(struct.rightOrigin)) return "waits";
    if (parent instanceof Y.ID && !has(parent)) return "waits";
  }
  // Deletions alone (a selection cut) bring no item; Yjs keeps those of items not here yet.
  return brings || ds.clients.size > 0 ? "reads" : "dropped";
}
