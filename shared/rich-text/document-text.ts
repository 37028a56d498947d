import type { JSONContent } from "@tiptap/core";
import { markdownToDocument } from "./markdown.ts";

/**
 * The words of a document as a reader sees them, one block a line: no markdown marks, a
 * mention as `@Name`, an image as its alternative text, a table's cells side by side. What a
 * line of an inbox or a mail quotes of a comment or a description.
 */
export function documentToText(document: JSONContent): string {
  const lines: string[] = [];
  const walk = (node: JSONContent) => {
    if (node.type === "tableRow") {
      lines.push((node.content ?? []).map(words).join(" "));
      return;
    }
    const textblock = node.content?.every((child) => !isBlock(child)) ?? false;
    if (node.type === "image") lines.push(String(node.attrs?.alt ?? ""));
    else if (textblock && node.type !== "doc") lines.push(words(node));
    else for (const child of node.content ?? []) walk(child);
  };
  walk(document);
  return lines
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .join("\n");
}

/** The text of markdown people wrote, read by the same schema as the editors. */
export function markdownToText(markdown: string): string {
  return documentToText(markdownToDocument(markdown));
}

const INLINE = new Set(["text", "mention", "hardBreak"]);

function isBlock(node: JSONContent): boolean {
  return !INLINE.has(node.type ?? "");
}

/** A block's words, its inner blocks (a table cell's paragraphs) joined by spaces. */
function words(node: JSONContent): string {
  if (node.type === "text") return node.text ?? "";
  if (node.type === "mention") return `@${String(node.attrs?.label ?? "")}`;
  if (node.type === "hardBreak") return "\n";
  if (node.type === "image") return String(node.attrs?.alt ?? "");
  return (node.content ?? []).map(words).join(isBlock(node.content?.[0] ?? {}) ? " " : "");
}
