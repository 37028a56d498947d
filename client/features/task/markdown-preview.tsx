import { useMemo } from "react";
import { loadImageOnClick, renderMarkdown } from "../../lib/markdown.ts";

/** A description rendered from markdown; sanitised, since anyone in the workspace writes it. */
export function MarkdownPreview({ text }: { text: string }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  if (!text.trim()) return <p className="muted">No description.</p>;
  return (
    // The clicks are those of the image placeholders, buttons inside the HTML (keys work too).
    <div
      className="markdown"
      onClick={(event) => loadImageOnClick(event.target)}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
