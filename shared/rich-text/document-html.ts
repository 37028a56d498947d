import type { JSONContent } from "@tiptap/core";

/**
 * A document of `documentExtensions` as HTML, for the text shown read-only: the same nodes the
 * editor edits, drawn as plain elements (no editor, no DOM: a string). Every text and attribute
 * is escaped; the browser still passes the result through its allow-list (client/lib/markdown.ts),
 * which also decides which addresses may stay. The shapes are the ones that list and its
 * finishing steps read: a mention is `@` then a link to `user:ID`, a checklist item starts with
 * a disabled checkbox, a code block's language is its code's `language-…` class.
 */
export function documentToHtml(document: JSONContent): string {
  return blocks(document.content);
}

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");

const attribute = (name: string, value: unknown) =>
  typeof value === "string" || typeof value === "number"
    ? ` ${name}="${escapeHtml(String(value))}"`
    : "";

function blocks(content: JSONContent[] | undefined): string {
  return (content ?? []).map(block).join("");
}

function block(node: JSONContent): string {
  const attrs = node.attrs ?? {};
  switch (node.type) {
    case "paragraph":
      return `<p>${inline(node.content)}</p>`;
    case "heading": {
      const level = Math.min(6, Math.max(1, Number(attrs.level) || 1));
      return `<h${level}>${inline(node.content)}</h${level}>`;
    }
    case "blockquote":
      return `<blockquote>${blocks(node.content)}</blockquote>`;
    case "bulletList":
    case "taskList":
      return `<ul>${blocks(node.content)}</ul>`;
    case "orderedList": {
      const start = Number(attrs.start);
      return `<ol${start > 1 ? attribute("start", start) : ""}>${blocks(node.content)}</ol>`;
    }
    case "listItem":
      return `<li>${item(node.content)}</li>`;
    case "taskItem":
      return `<li><input type="checkbox" disabled${attrs.checked ? " checked" : ""}> ${item(node.content)}</li>`;
    case "codeBlock": {
      const language = typeof attrs.language === "string" ? attrs.language.trim() : "";
      const code = (node.content ?? []).map((text) => text.text ?? "").join("");
      return `<pre><code${language ? attribute("class", `language-${language}`) : ""}>${escapeHtml(code)}</code></pre>`;
    }
    case "horizontalRule":
      return "<hr>";
    case "image":
      return `<p>${image(attrs)}</p>`;
    case "table":
      return table(node);
    default:
      // A block this list does not know (none today) keeps its words.
      return node.content ? `<p>${inline(node.content)}</p>` : "";
  }
}

/** A list item: its first paragraph inline, as a tight list is drawn, the rest as blocks. */
function item(content: JSONContent[] | undefined): string {
  const [first, ...rest] = content ?? [];
  if (first?.type !== "paragraph") return blocks(content);
  return inline(first.content) + blocks(rest);
}

function image(attrs: Record<string, unknown>): string {
  return `<img${attribute("src", attrs.src)}${attribute("alt", attrs.alt ?? "")}${attribute("title", attrs.title)}>`;
}

function table(node: JSONContent): string {
  const rows = node.content ?? [];
  const header = rows[0]?.content?.every((cell) => cell.type === "tableHeader") ? rows[0] : null;
  const body = header ? rows.slice(1) : rows;
  const row = (cells: JSONContent) =>
    `<tr>${(cells.content ?? [])
      .map((cell) => {
        const tag = cell.type === "tableHeader" ? "th" : "td";
        const text = (cell.content ?? [])
          .map((paragraph) => inline(paragraph.content))
          .join("<br>");
        return `<${tag}${attribute("align", cell.attrs?.align)}>${text}</${tag}>`;
      })
      .join("")}</tr>`;
  return (
    "<table>" +
    (header ? `<thead>${row(header)}</thead>` : "") +
    (body.length > 0 ? `<tbody>${body.map(row).join("")}</tbody>` : "") +
    "</table>"
  );
}

/** The order marks open in, outermost first, so `***a***` nests the same way each time. */
const MARK_ORDER = ["link", "bold", "italic", "strike", "code"];

function inline(content: JSONContent[] | undefined): string {
  let html = "";
  for (const node of content ?? []) {
    if (node.type === "hardBreak") html += "<br>";
    else if (node.type === "mention") {
      const id = String(node.attrs?.id ?? "");
      html += `@<a${attribute("href", `user:${id}`)}>${escapeHtml(String(node.attrs?.label ?? ""))}</a>`;
    } else if (node.type === "image") html += image(node.attrs ?? {});
    else if (node.type === "text") html += marked(node);
  }
  return html;
}

function marked(node: JSONContent): string {
  const marks = [...(node.marks ?? [])].sort(
    (a, b) => MARK_ORDER.indexOf(a.type) - MARK_ORDER.indexOf(b.type),
  );
  let html = escapeHtml(node.text ?? "");
  for (const mark of marks.reverse()) {
    switch (mark.type) {
      case "bold":
        html = `<strong>${html}</strong>`;
        break;
      case "italic":
        html = `<em>${html}</em>`;
        break;
      case "strike":
        html = `<del>${html}</del>`;
        break;
      case "code":
        html = `<code>${html}</code>`;
        break;
      case "link":
        html = `<a${attribute("href", mark.attrs?.href)}${attribute("title", mark.attrs?.title)}>${html}</a>`;
        break;
    }
  }
  return html;
}
