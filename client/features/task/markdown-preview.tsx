import DOMPurify from "dompurify";
import { marked } from "marked";
import { useMemo } from "react";

/** A description rendered from markdown; sanitised, since anyone in the workspace writes it. */
export function MarkdownPreview({ text }: { text: string }) {
  const html = useMemo(
    () => DOMPurify.sanitize(marked.parse(text, { async: false, gfm: true, breaks: true })),
    [text],
  );
  if (!text.trim()) return <p className="muted">No description.</p>;
  return <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}
