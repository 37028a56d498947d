import type { JSONContent } from "@tiptap/core";
import { MarkdownManager } from "@tiptap/markdown";
import { documentExtensions } from "./document-schema.ts";

let manager: MarkdownManager | undefined;

/**
 * GitHub-flavoured markdown with a line break kept where it was typed, as the app has always
 * read what people write (client/lib/markdown.ts).
 */
function markdown(): MarkdownManager {
  manager ??= new MarkdownManager({
    extensions: documentExtensions(),
    markedOptions: { gfm: true, breaks: true },
    indentation: { style: "space", size: 2 },
  });
  return manager;
}

/** A document (ProseMirror JSON of `documentExtensions`) read from markdown. */
export function markdownToDocument(text: string): JSONContent {
  return markdown().parse(text);
}

/** The markdown of a document: what search, export, mail, the public page and the API read. */
export function documentToMarkdown(document: JSONContent): string {
  return markdown().serialize(document);
}
