import { expect, test } from "vitest";
import { canonical } from "./markdown-corpus.ts";
import { documentToMarkdown, markdownToDocument } from "./markdown.ts";

for (const [name, markdown] of Object.entries(canonical)) {
  test(`${name}: written back byte for byte`, () => {
    expect(documentToMarkdown(markdownToDocument(markdown))).toBe(markdown);
  });
}

/** Markdown as people type it elsewhere: other bullets, emphasis, line breaks and table shapes. */
const written: Record<string, string> = {
  "other bullets and emphasis": "* one\n* two\n\n__bold__ and _italic_\n\n1) first\n2) second",
  "line breaks kept": "first line\nsecond line\n\nlast",
  "a setext heading": "Title\n=====\n\nbody",
  "a ragged table": "|a|b|\n|-|-|\n|1|2|",
  "nested lists four deep": "- a\n  - b\n    - c\n      - d",
  "code with backticks inside": "Use `` `x` `` here\n\n~~~\nfenced with tildes\n~~~",
  "a mention beside punctuation": "(@[Bob](user:b-2)), @[Eve](user:e3).",
  "a line break in a list item": "- a point with a second line\n  typed after Shift+Enter\n- next",
};

/** The words of a text, as a reader sees them, markup aside. */
const words = (markdown: string) =>
  markdown
    .replace(/\(user:[^)]*\)|\((?:https?:|\/)[^)]*\)/g, " ")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .sort();

for (const [name, markdown] of Object.entries(written)) {
  test(`${name}: the document survives its own markdown and no word is lost`, () => {
    const document = markdownToDocument(markdown);
    const stored = documentToMarkdown(document);
    expect(markdownToDocument(stored)).toEqual(document);
    expect(words(stored)).toEqual(words(markdown));
  });
}

test("a mention is a node with the person's id and name, an image a node with its address", () => {
  const document = markdownToDocument(
    "Hi @[Ada \\[PM\\]](user:abc-1)\n\n![plan.png](/api/attachments/a1/content)",
  );
  expect(document.content?.[0]?.content?.[1]).toEqual({
    type: "mention",
    attrs: expect.objectContaining({ id: "abc-1", label: "Ada [PM]" }),
  });
  expect(document.content?.[1]).toEqual({
    type: "image",
    attrs: expect.objectContaining({ src: "/api/attachments/a1/content", alt: "plan.png" }),
  });
});

test("a pasted address stays a bare address in the stored text, a named link keeps its name", () => {
  const text = "Visit https://example.com/a?b=1 or [the site](https://example.com).";
  expect(documentToMarkdown(markdownToDocument(text))).toBe(text);
});

test("a task list right after a bullet list stays a list of its own", () => {
  const document = markdownToDocument("- one\n- two\n\n* [ ] three");
  expect(document.content?.map((block) => block.type)).toEqual(["bulletList", "taskList"]);
  const stored = documentToMarkdown(document);
  expect(markdownToDocument(stored)).toEqual(document);
  expect(stored).toBe("- one\n- two\n\n* [ ] three");
});

test("an empty description is an empty document and back", () => {
  expect(documentToMarkdown(markdownToDocument(""))).toBe("");
});
