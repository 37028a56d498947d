import type { Editor, Range } from "@tiptap/core";
import {
  Code2,
  Heading1,
  Heading2,
  Heading3,
  ImageIcon,
  List,
  ListChecks,
  ListOrdered,
  Minus,
  Pilcrow,
  Quote,
  Table,
  type LucideIcon,
} from "lucide-react";

/** A block the `/` list inserts: its name, the markdown that makes it as one types, and how. */
export type BlockCommand = {
  id: string;
  label: string;
  /** What typed at a line's start makes the same block. */
  shortcut?: string;
  /** More words the list is filtered by. */
  keywords: string;
  icon: LucideIcon;
  run: (editor: Editor, range: Range) => void;
};

/** Starts the block's change by removing the typed `/query`. */
const at = (editor: Editor, range: Range) => editor.chain().focus().deleteRange(range);

export const BLOCK_COMMANDS: readonly BlockCommand[] = [
  {
    id: "text",
    label: "Text",
    keywords: "paragraph plain",
    icon: Pilcrow,
    run: (editor, range) => at(editor, range).setParagraph().run(),
  },
  {
    id: "heading-1",
    label: "Heading 1",
    shortcut: "#",
    keywords: "title h1 big",
    icon: Heading1,
    run: (editor, range) => at(editor, range).setHeading({ level: 1 }).run(),
  },
  {
    id: "heading-2",
    label: "Heading 2",
    shortcut: "##",
    keywords: "subtitle h2",
    icon: Heading2,
    run: (editor, range) => at(editor, range).setHeading({ level: 2 }).run(),
  },
  {
    id: "heading-3",
    label: "Heading 3",
    shortcut: "###",
    keywords: "h3 small",
    icon: Heading3,
    run: (editor, range) => at(editor, range).setHeading({ level: 3 }).run(),
  },
  {
    id: "bullet-list",
    label: "Bulleted list",
    shortcut: "-",
    keywords: "unordered ul points",
    icon: List,
    run: (editor, range) => at(editor, range).toggleBulletList().run(),
  },
  {
    id: "numbered-list",
    label: "Numbered list",
    shortcut: "1.",
    keywords: "ordered ol",
    icon: ListOrdered,
    run: (editor, range) => at(editor, range).toggleOrderedList().run(),
  },
  {
    id: "task-list",
    label: "Checklist",
    shortcut: "[]",
    keywords: "todo task checkbox",
    icon: ListChecks,
    run: (editor, range) => at(editor, range).toggleTaskList().run(),
  },
  {
    id: "quote",
    label: "Quote",
    shortcut: ">",
    keywords: "blockquote citation",
    icon: Quote,
    run: (editor, range) => at(editor, range).setBlockquote().run(),
  },
  {
    id: "code-block",
    label: "Code block",
    shortcut: "```",
    keywords: "snippet pre programming",
    icon: Code2,
    run: (editor, range) => at(editor, range).setCodeBlock().run(),
  },
  {
    id: "divider",
    label: "Divider",
    shortcut: "---",
    keywords: "horizontal rule hr line separator",
    icon: Minus,
    run: (editor, range) => at(editor, range).setHorizontalRule().run(),
  },
  {
    id: "table",
    label: "Table",
    keywords: "grid rows columns",
    icon: Table,
    run: (editor, range) =>
      at(editor, range).insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
  },
];

/** The block that attaches an image or a file: offered only where files can be added. */
export function fileCommand(pickFiles: () => void): BlockCommand {
  return {
    id: "file",
    label: "Image or file",
    keywords: "picture photo upload attachment",
    icon: ImageIcon,
    run: (editor, range) => {
      at(editor, range).run();
      pickFiles();
    },
  };
}

/**
 * The commands each word of the query begins a word of (in their name or keywords), in the
 * list's order: "h2", "head 2", "check".
 */
export function commandsMatching(commands: readonly BlockCommand[], query: string): BlockCommand[] {
  const wanted = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return commands.filter((command) => {
    const words = `${command.label} ${command.keywords}`.toLowerCase().split(/\s+/);
    return wanted.every((part) => words.some((word) => word.startsWith(part)));
  });
}
