/**
 * Markdown as the words a reader sees, for places that show a line of text rather than the
 * rendered page (search snippets): `## **Ship** [the docs](https://…)` reads "Ship the docs".
 * Plain string rules, not the renderer: a search result list must not load marked and DOMPurify.
 */

const LINE_RULES: [RegExp, string][] = [
  [/^\s*(`{3,}|~{3,}).*$/, ""], // a code fence (its code stays)
  [/^\s*([-*_])(?:\s*\1){2,}\s*$/, ""], // a horizontal rule
  [/^\s*\|?(?:\s*:?-+:?\s*\|)+\s*:?-*:?\s*\|?\s*$/, ""], // a table's header separator
  [/^\s*(?:>\s?)+/, ""], // quote marks
  [/^\s*#{1,6}\s+(.*?)(?:\s+#+)?\s*$/, "$1"], // heading marks
  [/^\s*(?:[-*+]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?/, ""], // list and task markers
];

const INLINE_RULES: [RegExp, string][] = [
  [/!\[([^\]]*)\]\([^)]*\)/g, "$1"], // image: its alt text
  [/\[([^\]]*)\]\([^)]*\)/g, "$1"], // link: its text
  [/\[([^\]]+)\]\[[^\]]*\]/g, "$1"], // reference link
  [/^\s*\[[^\]]+\]:\s+\S.*$/g, ""], // reference definition
  [/<((?:https?|mailto):[^>\s]+)>/g, "$1"], // autolink
  [/<\/?[a-z][^>]*>/gi, ""], // HTML tags
  [/(`+)(.+?)\1/g, "$2"], // inline code
  [/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, "$2"], // bold
  [/(^|[^\w*\\])\*(?=\S)(.+?)(?<=[^\s\\])\*(?!\w)/g, "$1$2"], // italic with *
  [/(^|\W)_(?=\S)(.+?)(?<=\S)_(?!\w)/g, "$1$2"], // italic with _, never inside snake_case
  [/~~(?=\S)(.+?)(?<=\S)~~/g, "$1"], // strikethrough
  [/\s*\|\s*/g, " "], // table cell borders
  [/\\([\\`*_{}[\]()#+\-.!>~|])/g, "$1"], // escaped characters
];

export function markdownToPlainText(markdown: string): string {
  return markdown
    .split("\n")
    .map((line) => {
      let text = line;
      for (const [pattern, replacement] of LINE_RULES) text = text.replace(pattern, replacement);
      for (const [pattern, replacement] of INLINE_RULES) text = text.replace(pattern, replacement);
      return text.trim();
    })
    .filter((line) => line !== "")
    .join("\n");
}
