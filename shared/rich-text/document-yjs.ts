import { getSchema, type JSONContent } from "@tiptap/core";
import type { Schema } from "@tiptap/pm/model";
import { prosemirrorJSONToYXmlFragment, yXmlFragmentToProseMirrorRootNode } from "@tiptap/y-tiptap";
import * as Y from "yjs";
import { documentExtensions } from "./document-schema.ts";
import { documentToMarkdown, markdownToDocument } from "./markdown.ts";

/** A Yjs client id derived from a text (FNV-1a of it, never 0): the author of that text's seed. */
export function seedClientId(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0 || 1;
}

/** The name of the Y.XmlFragment that holds a rich-text document (the editor's, via y-tiptap). */
export const DOCUMENT_FRAGMENT = "document";

let schema: Schema | undefined;

/** The ProseMirror schema of `documentExtensions`, built once. */
export function documentSchema(): Schema {
  schema ??= getSchema(documentExtensions());
  return schema;
}

/**
 * The Yjs update that holds `markdown` as a rich-text document: the same bytes wherever it is
 * built (shared/description-doc.ts says why), so that two places that
 * each turn one stored markdown into a document make one document, not two copies of it.
 */
export function documentSeedUpdate(markdown: string): Uint8Array {
  const doc = new Y.Doc();
  doc.clientID = seedClientId(`${DOCUMENT_FRAGMENT}\n${markdown}`);
  if (markdown) {
    prosemirrorJSONToYXmlFragment(
      documentSchema(),
      markdownToDocument(markdown),
      doc.getXmlFragment(DOCUMENT_FRAGMENT),
    );
  }
  const update = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  return update;
}

/** A document's content as ProseMirror JSON: what the read-only views draw. */
export function documentJson(doc: Y.Doc): JSONContent {
  const fragment = doc.getXmlFragment(DOCUMENT_FRAGMENT);
  return yXmlFragmentToProseMirrorRootNode(fragment, documentSchema()).toJSON() as JSONContent;
}

/** A document's markdown: what search, export, mail, the public page and the API read. */
export function documentMarkdown(doc: Y.Doc): string {
  return documentToMarkdown(documentJson(doc));
}
