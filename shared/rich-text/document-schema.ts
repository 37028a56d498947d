import type { AnyExtension, NodeViewRenderer } from "@tiptap/core";
import HardBreak from "@tiptap/extension-hard-break";
import Image from "@tiptap/extension-image";
import Link from "@tiptap/extension-link";
import { TaskItem, TaskList } from "@tiptap/extension-list";
import Mention, { type MentionOptions } from "@tiptap/extension-mention";
import { Table, TableKit } from "@tiptap/extension-table";
import StarterKit from "@tiptap/starter-kit";
import CodeBlock from "@tiptap/extension-code-block";
import { MENTION_SOURCE, mentionMarkdown, unescapeMentionName } from "../mentions.ts";

/**
 * A mention as a node (a chip with the person's name), read from and written as the markdown
 * the app has always stored (`@[Ada Lovelace](user:ID)`, shared/mentions.ts), so that search,
 * mail, export and the API read the same text as before.
 */
const MentionNode = Mention.extend({
  markdownTokenizer: {
    name: "mention",
    level: "inline",
    start: (source: string) => source.indexOf("@["),
    tokenize: (source: string) => {
      const match = new RegExp(`^${MENTION_SOURCE}`).exec(source);
      if (!match) return undefined;
      return {
        type: "mention",
        raw: match[0],
        attributes: { id: match[2] ?? "", label: unescapeMentionName(match[1] ?? "") },
      };
    },
  },
  parseMarkdown: (token, helpers) =>
    helpers.createNode("mention", {
      id: token.attributes?.id ?? null,
      label: token.attributes?.label ?? null,
    }),
  renderMarkdown: (node) =>
    mentionMarkdown(String(node.attrs?.label ?? ""), String(node.attrs?.id ?? "")),
});

/**
 * A link, written back as a bare address when its text is that address (as GitHub's markdown
 * links one by itself), so that a pasted URL reads in the stored text as it was typed.
 */
const BareLink = Link.extend({
  renderMarkdown: (node, helpers, context) => {
    const href = String(node.attrs?.href ?? "");
    const text = helpers.renderChildren(node);
    // A mark is written around a placeholder for its text; `markText` is the text itself.
    const shown: unknown = (context as { meta?: { markText?: unknown } } | undefined)?.meta
      ?.markText;
    if (shown === href && /^https?:\/\/\S+$/.test(href)) return text;
    const title = node.attrs?.title ? ` "${String(node.attrs.title)}"` : "";
    return `[${text}](${href}${title})`;
  },
});

/** A line break typed inside a paragraph is kept as one (markdown read with `breaks`). */
const LineBreak = HardBreak.extend({ renderMarkdown: () => "\n" });

/**
 * A task list is written with `*` bullets: right after a bullet list (`-`), a blank line alone
 * does not end a markdown list, and the two would be read back as one list of both.
 */
const StarBulletTaskList = TaskList.extend({
  renderMarkdown(node, helpers, context) {
    const written = String(this.parent?.(node, helpers, context) ?? "");
    return written.replace(/^(\s*)- \[/gm, "$1* [");
  },
});

/** A table is one block: blank lines around it come from the blocks beside it. */
const TableBlock = Table.extend({
  renderMarkdown(node, helpers, context) {
    return String(this.parent?.(node, helpers, context) ?? "").trim();
  },
});

/** What an editor adds to the schema's parts (nothing a stored document depends on). */
export type DocumentOptions = {
  /** The `@` list and the chip's attributes. */
  mention?: Partial<MentionOptions>;
  /** Edited together through Yjs, whose undo takes the place of ProseMirror's history. */
  collaborative?: boolean;
  /** How an editor draws an image (the browser's: attachments' uploads, external images). */
  imageView?: NodeViewRenderer;
  /** How an editor draws a mention (the browser's: the person's name now). */
  mentionView?: NodeViewRenderer;
  /** How an editor draws a code block (the browser's: with its language's picker). */
  codeBlockView?: NodeViewRenderer;
};

/**
 * The nodes and marks of everything people write here (descriptions and comments): the one
 * schema the editor edits, the read-only views draw, and the server turns into markdown. Each
 * part reads and writes GitHub-flavoured markdown (`@tiptap/markdown`). Underline is left out:
 * markdown has no way to write it, and a mark the stored text cannot keep would be lost on
 * the next save.
 */
export function documentExtensions(options: DocumentOptions = {}): AnyExtension[] {
  return [
    StarterKit.configure({
      underline: false,
      link: false,
      hardBreak: false,
      codeBlock: false,
      // One client's trailing paragraph and another's would make two.
      ...(options.collaborative ? { undoRedo: false as const, trailingNode: false as const } : {}),
    }),
    LineBreak,
    BareLink.configure({ openOnClick: false, autolink: true }),
    StarBulletTaskList,
    TaskItem.configure({
      nested: true,
      // The item's own words name its checkbox, as the read-only views name theirs.
      a11y: { checkboxLabel: (node) => node.textContent || "Empty checklist item" },
    }),
    options.codeBlockView
      ? CodeBlock.extend({ addNodeView: () => options.codeBlockView ?? null })
      : CodeBlock,
    TableKit.configure({ table: false }),
    TableBlock,
    (options.imageView
      ? Image.extend({ addNodeView: () => options.imageView ?? null })
      : Image
    ).configure({ inline: false }),
    (options.mentionView
      ? MentionNode.extend({ addNodeView: () => options.mentionView ?? null })
      : MentionNode
    ).configure(options.mention ?? {}),
  ];
}
