/**
 * A task's description as a Yjs document: a rich-text document (a Y.XmlFragment named
 * "document", shared/rich-text/document-yjs.ts) that the editor edits through y-tiptap, and the
 * markdown derived from it that search, export, mail, the public page and the API read.
 * Both sides merge with these functions: the server in the push, on a worker thread
 * (server/sync/description-merges.ts), and the optimistic mutator in the client's store
 * (shared/mutators/, which imports this module lazily so that Yjs stays out of the app's
 * first chunk).
 *
 * The seed. A description written before the document existed (or by createTask, or by an
 * updateTask of a client that sends the whole text) becomes the document's first content
 * wherever it is first needed: in the server's push, in the optimistic mutator, in the editor.
 * Two places that each built it would make two different insertions of it, and the merge
 * would show it twice. So the seed is built the same way everywhere, by a Yjs client id derived
 * from the text itself (document-yjs.ts `documentSeedUpdate`): the same text gives the same
 * bytes, which Yjs merges as one.
 *
 * Before rich text (issue 45) the document was one Y.Text named "description" holding the
 * markdown. Such a document gets its fragment as the seed of that markdown when it is loaded,
 * on either side alike (`loadDescription`); the server also rewrites every stored one once at
 * start (server/sync/description-migration.ts). The old text stays in the document, unread,
 * so that an edit an app of before sends to it still has what it refers to: it is applied and
 * converted while the document still holds what that text said, and refused with a notice once
 * someone has edited the document since (`mergeUpdateInto`).
 */
import { updateYFragment } from "@tiptap/y-tiptap";
import * as Y from "yjs";
import {
  DOCUMENT_FRAGMENT,
  documentMarkdown,
  documentSchema,
  documentSeedUpdate,
  seedClientId,
} from "./rich-text/document-yjs.ts";
import { documentToMarkdown, markdownToDocument } from "./rich-text/markdown.ts";

export { DOCUMENT_FRAGMENT };

/** The name of the Y.Text that held the markdown in documents written before rich text. */
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

/**
 * The Y.Text of a document of before rich text, seeded from `markdown`: what an app of before
 * sent with its first edit of a description that had no stored document.
 */
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

/** The refusal of an old app's edit to a description edited in rich text since. */
export const OLD_EDIT_REFUSED =
  "This description was edited since in the new editor, so a change made in an older version " +
  "of the app was not applied. Reload the page and make it again.";

/** A document (with a client id of its own) holding the base, with its fragment. */
export function loadDescription(base: DescriptionBase): Y.Doc {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, base.state ?? documentSeedUpdate(base.markdown));
  giveFragment(doc);
  return doc;
}

/**
 * A document of before rich text gets its fragment: the seed of the markdown its text holds,
 * the same bytes wherever it is made. True when it was given one.
 */
export function giveFragment(doc: Y.Doc, origin?: unknown): boolean {
  if (!doc.share.has(DESCRIPTION_TEXT) || hasFragment(doc)) return false;
  const text = doc.getText(DESCRIPTION_TEXT).toString();
  if (!text) return false;
  Y.applyUpdate(doc, documentSeedUpdate(text), origin);
  return true;
}

const hasFragment = (doc: Y.Doc) =>
  doc.share.has(DOCUMENT_FRAGMENT) && doc.getXmlFragment(DOCUMENT_FRAGMENT).length > 0;

/**
 * The base with `update` merged in. An update already merged (pushed twice, replayed on
 * rebase) changes nothing; one built on an older state merges as Yjs merges. Throws
 * InvalidDescription for bytes that are no Yjs update, for content outside the description,
 * for a result past the limits, and for an old app's edit that can no longer be converted.
 */
export function mergeDescriptionUpdate(
  base: DescriptionBase,
  update: Uint8Array,
): MergedDescription {
  const doc = loadDescription(base);
  try {
    return mergeUpdateInto(doc, update, base.markdown) ?? describeDocument(doc);
  } finally {
    doc.destroy();
  }
}

/**
 * mergeDescriptionUpdate on a document already loaded (the server's workers keep the ones
 * they merged last), changed in place even when the result is refused; null when the update
 * adds nothing, told without encoding the document (the costly part of a merge). `markdown`:
 * the description's markdown now, which an old app seeded its text from.
 */
export function mergeUpdateInto(
  doc: Y.Doc,
  update: Uint8Array,
  markdown: string,
): MergedDescription | null {
  const oldTextBefore = doc.share.has(DESCRIPTION_TEXT)
    ? doc.getText(DESCRIPTION_TEXT).toString()
    : null;
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
    if (doc.share.has(DESCRIPTION_TEXT) && convertOldEdit(doc, oldTextBefore, markdown)) {
      changed = true;
    }
  } catch (error) {
    if (error instanceof InvalidDescription) throw error;
    throw new InvalidDescription("The description change could not be read.");
  } finally {
    doc.off("update", onUpdate);
  }
  changed ||=
    doc.store.pendingStructs?.update !== pendingUpdate || doc.store.pendingDs !== pendingDs;
  return changed ? describeDocument(doc) : null;
}

/**
 * An edit of the old text (an app of before rich text, its edit made offline perhaps) is
 * applied to the document while the document still says what the text said before the edit;
 * otherwise refused. `before` is null when the document had no text: the old app's first edit
 * came with its seed of the markdown, which is added here too (a seed already there adds
 * nothing).
 */
function convertOldEdit(doc: Y.Doc, before: string | null, markdown: string): boolean {
  if (before === null) Y.applyUpdate(doc, seedUpdate(markdown));
  const was = before ?? markdown;
  const now = doc.getText(DESCRIPTION_TEXT).toString();
  if (now === was) return false;
  if (documentMarkdown(doc) !== normalizedMarkdown(was)) {
    throw new InvalidDescription(OLD_EDIT_REFUSED);
  }
  setFragmentMarkdown(doc, now);
  return true;
}

/** Markdown as the document writes it back (`- ` bullets, one blank line between blocks…). */
export const normalizedMarkdown = (markdown: string) =>
  markdown.trim() ? documentToMarkdown(markdownToDocument(markdown)) : "";

/**
 * The base with its markdown replaced by `next` (the change of a client that sends the whole
 * text, `updateTask { description }`, an import, the API): the document is changed into the
 * blocks of `next` block by block, so that edits made meanwhile in blocks it leaves alone are
 * kept.
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
  if (documentMarkdown(doc) !== normalizedMarkdown(next)) setFragmentMarkdown(doc, next);
  return describeDocument(doc);
}

/** Changes the document's fragment into the blocks of `markdown`, keeping the blocks alike. */
function setFragmentMarkdown(doc: Y.Doc, markdown: string) {
  const content = markdown.trim() ? markdownToDocument(markdown) : { type: "doc", content: [] };
  const node = documentSchema().nodeFromJSON(content);
  doc.transact(() => {
    updateYFragment(doc, doc.getXmlFragment(DOCUMENT_FRAGMENT), node, {
      mapping: new Map(),
      isOMark: new Map(),
    });
  });
}

/**
 * Changes the old `text` into `next` with one deletion and one insertion: the part between the
 * common start and the common end. Never splits a surrogate pair (Yjs would turn each half into
 * U+FFFD). What an app of before did with each edit; kept for the tests that play one.
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

/** The document's state and markdown, checked against the limits (InvalidDescription past them). */
export function describeDocument(doc: Y.Doc): MergedDescription {
  // The document and the old text only: anything else an update declares is refused, not stored.
  for (const name of doc.share.keys()) {
    if (name !== DOCUMENT_FRAGMENT && name !== DESCRIPTION_TEXT) {
      throw new InvalidDescription("The description change holds something else.");
    }
  }
  let text: string;
  try {
    text = documentMarkdown(doc);
  } catch {
    throw new InvalidDescription("The description change could not be read.");
  }
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
