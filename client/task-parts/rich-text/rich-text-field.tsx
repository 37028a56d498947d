import type { EditorView } from "@tiptap/pm/view";
import { EditorContent, useEditor, type Editor } from "@tiptap/react";
import { Placeholder } from "@tiptap/extensions";
import { useEffect, useRef, useState } from "react";
import type { Member } from "../../../shared/entities.ts";
import { documentExtensions } from "../../../shared/rich-text/document-schema.ts";
import { documentToMarkdown, markdownToDocument } from "../../../shared/rich-text/markdown.ts";
import { membersMatching } from "../../lib/mention-query.ts";
import { MentionList, type MentionSuggestion } from "./mention-list.tsx";
import "../../styles/rich-text.css";

/** Text that reads as markdown: a heading, a list, a quote, a fence, emphasis, code or a link. */
const MARKDOWN_SIGNS =
  /^(?:#{1,6} |[-*+] |\d+[.)] |> |```|~~~)|\*\*[^*\n]+\*\*|__[^_\n]+__|`[^`\n]+`|\[[^\]\n]+\]\([^)\s]+\)/m;

/**
 * What the field shows for a markdown: an empty text is an empty paragraph (where the caret and
 * the placeholder go), not a document without blocks.
 */
const contentOf = (markdown: string) => (markdown.trim() ? markdownToDocument(markdown) : "");

export type RichTextFieldProps = {
  /** The text as markdown: what is stored, and what the field starts from. */
  value: string;
  onValueChange: (value: string) => void;
  /** Who can be mentioned: the members of the task's workspace. */
  members: readonly Member[];
  "aria-label": string;
  placeholder?: string;
  autoFocus?: boolean;
  /** Mod+Enter. */
  onSubmit?: () => void;
  /** Escape, when no list is open in the field. */
  onEscape?: () => void;
  onBlur?: () => void;
  /** Files pasted or dropped: their markdown once attached (an image, or a link to the file). */
  onFiles?: (files: File[]) => Promise<string[]>;
};

/**
 * The box people write comments in: rich text in place (headings, lists, task lists, quotes,
 * code, links, tables; markdown shortcuts as they type, and markdown or HTML pasted turned into
 * the same blocks), `@` to mention a member as a chip, files pasted or dropped attached where
 * they land. It reads and gives markdown (shared/rich-text), the form comments are stored in.
 */
export default function RichTextField(props: RichTextFieldProps) {
  const latest = useRef(props);
  latest.current = props;
  // The markdown the field last gave: a value that differs comes from outside (a draft, sent).
  const given = useRef(props.value);
  const [suggestion, setSuggestion] = useState<MentionSuggestion | null>(null);
  const suggestionRef = useRef<MentionSuggestion | null>(null);
  const showSuggestion = (next: MentionSuggestion | null) => {
    suggestionRef.current = next;
    setSuggestion(next);
  };

  const editor = useEditor({
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    autofocus: props.autoFocus ? "end" : false,
    content: contentOf(props.value),
    extensions: [
      ...documentExtensions({
        mention: {
          HTMLAttributes: { class: "markdown-mention" },
          renderText: ({ node }) => `@${String(node.attrs.label ?? "")}`,
          suggestion: {
            char: "@",
            items: ({ query }) => membersMatching(latest.current.members, query).slice(0, 8),
            render: () => ({
              onStart: (start) => showSuggestion({ ...start, active: 0 }),
              onUpdate: (update) =>
                showSuggestion({
                  ...update,
                  active: Math.max(
                    0,
                    Math.min(suggestionRef.current?.active ?? 0, update.items.length - 1),
                  ),
                }),
              onKeyDown: ({ event }) => moveInSuggestion(event),
              onExit: () => showSuggestion(null),
            }),
          },
        },
      }),
      Placeholder.configure({ placeholder: props.placeholder ?? "" }),
    ],
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": props["aria-label"],
        ...(props.placeholder ? { "aria-placeholder": props.placeholder } : {}),
        class: "input rich-text-input markdown",
      },
      handleKeyDown: (_view, event) => {
        if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          latest.current.onSubmit?.();
          return true;
        }
        // The `@` list has its own keys (MentionList); Esc waits until it is closed.
        if (suggestionRef.current) return false;
        const onEscape = latest.current.onEscape;
        if (event.key === "Escape" && onEscape) {
          event.preventDefault();
          // Once the key has gone up through the page: what the box sits in (the peek) reads
          // it from the box, which must still be there, and a box taken away at once leaves
          // the key without a target React knows.
          setTimeout(onEscape, 0);
          return true;
        }
        return false;
      },
      handlePaste: (view, event) =>
        takeFiles(event.clipboardData?.files, event) || pasteMarkdown(view, event),
      // Before ProseMirror's own drop, which ignores a drop it cannot place under the pointer.
      handleDOMEvents: {
        drop: (view, event) => {
          const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
          return takeFiles(event.dataTransfer?.files, event, at);
        },
      },
    },
    onUpdate: ({ editor: changed }) => {
      const markdown = changed.isEmpty ? "" : documentToMarkdown(changed.getJSON());
      given.current = markdown;
      latest.current.onValueChange(markdown);
    },
    onBlur: () => latest.current.onBlur?.(),
  });

  function moveInSuggestion(event: KeyboardEvent): boolean {
    const current = suggestionRef.current;
    if (!current || current.items.length === 0) return false;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      const step = event.key === "ArrowDown" ? 1 : -1;
      const active = (current.active + step + current.items.length) % current.items.length;
      showSuggestion({ ...current, active });
      return true;
    }
    if (event.key === "Enter" || event.key === "Tab") {
      const member = current.items[current.active];
      if (member) pick(current, member);
      return true;
    }
    if (event.key === "Escape") {
      // Closes the list only, not what the field sits in (an edit, the peek).
      event.stopPropagation();
      showSuggestion(null);
      return true;
    }
    return false;
  }

  /**
   * Markdown pasted as plain text (from an editor, a README, another tracker) becomes the same
   * blocks and marks as typed here; HTML pasted is read by the schema itself.
   */
  function pasteMarkdown(view: EditorView, event: ClipboardEvent): boolean {
    const data = event.clipboardData;
    const text = data?.getData("text/plain") ?? "";
    if (!text || data?.types.includes("text/html") || !MARKDOWN_SIGNS.test(text)) return false;
    const blocks = markdownToDocument(text).content ?? [];
    if (blocks.length === 0) return false;
    event.preventDefault();
    const { from, to } = view.state.selection;
    editor.chain().focus().insertContentAt({ from, to }, blocks).run();
    return true;
  }

  /** Files pasted or dropped: attached, then shown where they landed (`at`, else the caret). */
  function takeFiles(files: FileList | undefined, event: Event, dropped?: number): boolean {
    const list = [...(files ?? [])];
    const onFiles = latest.current.onFiles;
    if (list.length === 0 || !onFiles) return false;
    event.preventDefault();
    const at = dropped ?? editor.state.selection.from;
    void onFiles(list).then((snippets) => {
      if (snippets.length === 0 || editor.isDestroyed) return;
      const blocks = markdownToDocument(snippets.join("\n\n")).content ?? [];
      editor
        .chain()
        .focus()
        .insertContentAt(Math.min(at, editor.state.doc.content.size), blocks)
        .run();
    });
    return true;
  }

  // A value from outside (a draft read, a sent comment emptied): the field shows it.
  useEffect(() => {
    if (props.value === given.current) return;
    given.current = props.value;
    editor.commands.setContent(contentOf(props.value), { emitUpdate: false });
  }, [editor, props.value]);

  return (
    <>
      <EditorContent editor={editor} className="rich-text-field" />
      {suggestion && suggestion.items.length > 0 && (
        <MentionList
          suggestion={suggestion}
          field={editor.view.dom}
          onHighlight={(active) => showSuggestion({ ...suggestion, active })}
          onPick={(member) => pick(suggestion, member)}
        />
      )}
    </>
  );

  function pick(current: MentionSuggestion, member: Member) {
    current.command({ id: member.id, label: member.name || member.email });
    showSuggestion(null);
  }
}

export type { Editor };
