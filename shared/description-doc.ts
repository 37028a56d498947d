/**
 * A task's description as a Yjs document: one Y.Text named "description" holding the markdown.
 * Both sides merge with these functions: the server in the push, on a worker thread
 * (server/sync/description-merges.ts), and the optimistic mutator in the client's store
 * (shared/mutators/, which imports this module lazily so that Yjs stays out of the app's
 * first chunk).
 *
 * The seed. A description written before the document existed (or by createTask, or by an
 * updateTask of a client that knows nothing of documents) becomes the document's first content
 * wherever it is first needed: in the server's push, in the optimistic mutator, in the editor.
 * Two places that each inserted the text would make two different insertions of it, and the
 * merge would show it twice. So the seed is built the same way everywhere: one insertion of the
 * whole text by a Yjs client id derived from the text itself (seedClientId). The same text
 * gives the same bytes, which Yjs merges as one (an item it already holds is skipped). Another
 * text gives another client id: both are kept, never one silently taken for the other.
 */
import * as Y from "yjs";

/** The name of the Y.Text in every description document. */
export const DESCRIPTION_TEXT = "description";

/** The longest description, in UTF-16 code units, as the mutators' `descriptionSchema`. */
export const MAX_DESCRIPTION_LENGTH = 100_000;

/**
 * The largest document state kept, in bytes. Yjs keeps a few bytes per run of edits besides
 * the text, so this is a long history of a long description; past it edits are refused
 * (server/sync/README.md "Descriptions").
 */
export const MAX_DESCRIPTION_STATE_BYTES = 2 * 1024 * 1024;

/**
 * The most structs a document may hold (Yjs items: runs of text typed in one go, and runs of
 * deleted text). A merge's time follows their number more than the bytes: 96,000 one-character
 * items in 1 MB took half a second for every edit (issue 43). Nearly 100,000 characters written
 * by three people in 1,800 sittings at random places, with corrections, hold some 12,500 in
 * 217 KB (description-doc.test.ts).
 */
export const MAX_DESCRIPTION_ITEMS = 50_000;

/** An update that cannot be read, or a document that breaks a limit. */
export class InvalidDescription extends Error {}

/** The Yjs client id of the seed of `markdown`: FNV-1a of the text, never 0. */
export function seedClientId(markdown: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < markdown.length; index++) {
    hash ^= markdown.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0 || 1;
}

/** The document of a description that has none yet: the same bytes wherever it is built. */
export function seedUpdate(markdown: string): Uint8Array {
  const doc = new Y.Doc();
  doc.clientID = seedClientId(markdown);
  if (markdown) doc.getText(DESCRIPTION_TEXT).insert(0, markdown);
  const update = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  return update;
}

/** What a description's document is built from: its stored state, else its markdown's seed. */
type DescriptionBase = { state: Uint8Array | null; markdown: string };

/** A merged document: its state to store and the markdown it now holds. */
export type MergedDescription = { state: Uint8Array; text: string };

/** A document (with a client id of its own) holding the base. */
export function loadDescription(base: DescriptionBase): Y.Doc {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, base.state ?? seedUpdate(base.markdown));
  return doc;
}

/**
 * The base with `update` merged in. An update already merged (pushed twice, replayed on
 * rebase) changes nothing; one built on an older state merges as Yjs merges. Throws
 * InvalidDescription for bytes that are no Yjs update, for content outside the description's
 * text, and for a result past the limits.
 */
export function mergeDescriptionUpdate(
  base: DescriptionBase,
  update: Uint8Array,
): MergedDescription {
  const doc = loadDescription(base);
  try {
    return mergeUpdateInto(doc, update) ?? describeDocument(doc);
  } finally {
    doc.destroy();
  }
}

/**
 * mergeDescriptionUpdate on a document already loaded (the server's workers keep the ones
 * they merged last), changed in place even when the result is refused; null when the update
 * adds nothing, told without encoding the document (the costly part of a merge).
 */
export function mergeUpdateInto(doc: Y.Doc, update: Uint8Array): MergedDescription | null {
  // Yjs announces an update only when a transaction adds or deletes something; what it holds
  // aside (pending) changes without one.
  const { pendingStructs, pendingDs } = doc.store;
  const pendingUpdate = pendingStructs?.update;
  let changed = false;
  const onUpdate = () => {
    changed = true;
  };
  doc.on("update", onUpdate);
  try {
    Y.applyUpdate(doc, update);
  } catch {
    throw new InvalidDescription("The description change could not be read.");
  } finally {
    doc.off("update", onUpdate);
  }
  changed ||=
    doc.store.pendingStructs?.update !== pendingUpdate || doc.store.pendingDs !== pendingDs;
  return changed ? describeDocument(doc) : null;
}

/**
 * The base with its text replaced by `next`, as one edit of the part that differs (the change
 * of a client that sends the whole text, `updateTask { description }`): edits made meanwhile
 * outside that part are kept.
 */
export function replaceDescriptionText(base: DescriptionBase, next: string): MergedDescription {
  const doc = loadDescription(base);
  try {
    return replaceTextIn(doc, next);
  } finally {
    doc.destroy();
  }
}

/** replaceDescriptionText on a document already loaded, changed in place. */
export function replaceTextIn(doc: Y.Doc, next: string): MergedDescription {
  replaceText(doc.getText(DESCRIPTION_TEXT), next);
  return describeDocument(doc);
}

/**
 * Changes `text` into `next` with one deletion and one insertion: the part between the common
 * start and the common end. Never splits a surrogate pair (Yjs would turn each half into U+FFFD).
 */
export function replaceText(text: Y.Text, next: string) {
  const current = text.toString();
  if (current === next) return;
  let start = 0;
  const shorter = Math.min(current.length, next.length);
  while (start < shorter && current.charCodeAt(start) === next.charCodeAt(start)) start++;
  if (start > 0 && isHighSurrogate(current.charCodeAt(start - 1))) start--;
  let end = 0;
  while (
    end < shorter - start &&
    current.charCodeAt(current.length - 1 - end) === next.charCodeAt(next.length - 1 - end)
  ) {
    end++;
  }
  if (end > 0 && isLowSurrogate(current.charCodeAt(current.length - end))) end--;
  const doc = text.doc;
  const edit = () => {
    const removed = current.length - start - end;
    if (removed > 0) text.delete(start, removed);
    const inserted = next.slice(start, next.length - end);
    if (inserted) text.insert(start, inserted);
  };
  if (doc) doc.transact(edit);
  else edit();
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** The document's state and text, checked against the limits (InvalidDescription past them). */
export function describeDocument(doc: Y.Doc): MergedDescription {
  // Only the description's text: anything else an update declares is refused, not stored.
  for (const name of doc.share.keys()) {
    if (name !== DESCRIPTION_TEXT) {
      throw new InvalidDescription("The description change holds something else.");
    }
  }
  const text = doc.getText(DESCRIPTION_TEXT).toString();
  if (text.length > MAX_DESCRIPTION_LENGTH) {
    throw new InvalidDescription("The description is too long (100,000 characters at most).");
  }
  if (itemCount(doc) > MAX_DESCRIPTION_ITEMS) {
    const items = MAX_DESCRIPTION_ITEMS.toLocaleString("en");
    throw new InvalidDescription(
      `This description is too large to edit (over ${items} separate edits in its history).`,
    );
  }
  const state = Y.encodeStateAsUpdate(doc);
  if (state.length > MAX_DESCRIPTION_STATE_BYTES) {
    const kilobytes = (MAX_DESCRIPTION_STATE_BYTES / 1024).toLocaleString("en");
    throw new InvalidDescription(
      `This description is too large to edit (over ${kilobytes} KB of history).`,
    );
  }
  return { state, text };
}

/**
 * The document's structs, and those waiting for an edit they build on that has not arrived
 * (Yjs keeps them, encoded, in the state; they are read again at every load): counted too,
 * or updates that name a missing item would grow the history past the limit unchecked. Yjs
 * keeps them as a v2 update.
 */
function itemCount(doc: Y.Doc): number {
  const pending = doc.store.pendingStructs;
  let count = pending ? Y.decodeUpdateV2(pending.update).structs.length : 0;
  for (const structs of doc.store.clients.values()) count += structs.length;
  return count;
}

/** Bytes as base64 (how states and updates travel in the store's JSON and in mutations). */
export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  const CHUNK = 0x8000;
  for (let at = 0; at < bytes.length; at += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(at, at + CHUNK));
  }
  return btoa(binary);
}

/** Throws InvalidDescription for a string that is not base64. */
export function fromBase64(text: string): Uint8Array {
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    throw new InvalidDescription("The description change is not base64.");
  }
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
