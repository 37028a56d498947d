import { Extension, type AnyExtension, type Content, type Range } from "@tiptap/core";
import { Plugin, PluginKey } from "@tiptap/pm/state";
import { ySyncPluginKey } from "@tiptap/y-tiptap";
import type { EditorView } from "@tiptap/pm/view";
import { useEditor, type Editor } from "@tiptap/react";
import { Placeholder } from "@tiptap/extensions";
import Suggestion, { type SuggestionProps } from "@tiptap/suggestion";
import { useContext, useRef, useState, type DependencyList, type ReactNode } from "react";
import type { Member } from "../../../shared/entities.ts";
import { documentExtensions } from "../../../shared/rich-text/document-schema.ts";
import { markdownToDocument } from "../../../shared/rich-text/markdown.ts";
import { membersMatching } from "../../lib/mention-query.ts";
import { TaskReferencesContext, type TaskReference } from "../../lib/task-references.ts";
import { StatusIcon } from "../../ui/status-icon.tsx";
import { Avatar } from "../../ui/avatar.tsx";
import {
  BLOCK_COMMANDS,
  commandsMatching,
  fileCommand,
  type BlockCommand,
} from "./block-commands.tsx";
import { codeBlockNodeView } from "./code-block-view.tsx";
import { FormatBubble } from "./format-bubble.tsx";
import { imageNodeView } from "./image-view.tsx";
import { mentionNodeView } from "./mention-view.tsx";
import { SuggestionList, type Suggestion as ListSuggestion } from "./suggestion-list.tsx";
import { TaskReferenceLinks } from "./task-reference-links.ts";
import "../../styles/rich-text.css";

/** Text that reads as markdown: a heading, a list, a quote, a fence, emphasis, code or a link. */
const MARKDOWN_SIGNS =
  /^(?:#{1,6} |[-*+] |\d+[.)] |> |```|~~~)|\*\*[^*\n]+\*\*|__[^_\n]+__|`[^`\n]+`|\[[^\]\n]+\]\([^)\s]+\)/m;

export type RichTextOptions = {
  /** Who can be mentioned: the members of the task's workspace. */
  members: readonly Member[];
  /** The field's accessible name, or the id of the element that names it. */
  label: { text: string } | { by: string };
  placeholder?: string;
  autoFocus?: boolean;
  /** The content to start from (a document that is the editor's own: none). */
  content?: Content;
  /** What the field adds: Yjs collaboration and its carets. */
  extensions?: AnyExtension[];
  /** Edited together through Yjs: its undo replaces ProseMirror's history. */
  collaborative?: boolean;
  /** The class of the editable element besides the shared ones. */
  className?: string;
  /**
   * The most the person may write, in ProseMirror's positions (a character each, two more a
   * block): typing or pasting past it does nothing; what others write always comes in.
   */
  maxLength?: number;
  /** Mod+Enter. */
  onSubmit?: () => void;
  /** Escape, when no list or menu is open in the field. */
  onEscape?: () => void;
  onBlur?: () => void;
  /** Every change of the document. */
  onUpdate?: (editor: Editor) => void;
  /** Files pasted, dropped or chosen: their markdown once attached (an image, or a link). */
  onFiles?: (files: File[]) => Promise<string[]>;
};

/**
 * One rich-text editor for everything people write (descriptions and comments): the schema of
 * shared/rich-text, markdown shortcuts as they type, markdown or HTML pasted turned into the same
 * blocks, `@` to mention a member as a chip, `/` for the list of blocks, a bubble of marks and
 * links on a selection (Mod+K edits the link), files pasted or dropped attached where they
 * land. Keyboard only reaches all of it. Returns the editor and what it draws beside the text
 * (the lists and the bubble), to be rendered after its `EditorContent`.
 */
export function useRichText(
  options: RichTextOptions,
  deps: DependencyList = [],
): { editor: Editor; overlays: ReactNode } {
  const latest = useRef(options);
  latest.current = options;
  const mentions = useSuggestion<Member>();
  const blocks = useSuggestion<BlockCommand>();
  const tasks = useSuggestion<TaskReference>();
  const references = useContext(TaskReferencesContext);
  const referencesRef = useRef(references);
  referencesRef.current = references;
  const [linkOpen, setLinkOpen] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const label = options.label;

  const editor = useEditor(
    {
      immediatelyRender: true,
      shouldRerenderOnTransaction: false,
      autofocus: options.autoFocus ? "end" : false,
      ...(options.content !== undefined ? { content: options.content } : {}),
      extensions: [
        ...documentExtensions({
          collaborative: options.collaborative,
          imageView: imageNodeView,
          mentionView: mentionNodeView,
          codeBlockView: codeBlockNodeView,
          mention: {
            HTMLAttributes: { class: "markdown-mention" },
            renderText: ({ node }) => `@${String(node.attrs.label ?? "")}`,
            suggestion: {
              char: "@",
              items: ({ query }) => membersMatching(latest.current.members, query).slice(0, 8),
              render: () =>
                mentions.renderer(
                  (props) => (member) =>
                    props.command({ id: member.id, label: member.name || member.email }),
                ),
            },
          },
        }),
        BlockMenu.configure({
          char: "/",
          allowSpaces: true,
          items: (query: string) => commandsMatching(blockCommands(), query),
          pick: (editor, range, command) => command.run(editor, range),
          render: () =>
            blocks.renderer((props) => (command) => command.run(props.editor, props.range)),
        }),
        TaskMenu.configure({
          char: "#",
          allowSpaces: false,
          items: (query: string) => referencesRef.current?.search(query, 8) ?? [],
          pick: (editor, range, reference) => insertReference(editor, range, reference),
          render: () =>
            tasks.renderer(
              (props) => (reference) => insertReference(props.editor, props.range, reference),
            ),
        }),
        TaskReferenceLinks.configure({ references: () => referencesRef.current }),
        DocumentEnds,
        LengthLimit.configure({ max: options.maxLength ?? Infinity }),
        Placeholder.configure({ placeholder: options.placeholder ?? "" }),
        ...(options.extensions ?? []),
      ],
      editorProps: {
        attributes: {
          role: "textbox",
          "aria-multiline": "true",
          ...("text" in label ? { "aria-label": label.text } : { "aria-labelledby": label.by }),
          ...(options.placeholder ? { "aria-placeholder": options.placeholder } : {}),
          class: `input rich-text-input markdown ${options.className ?? ""}`.trim(),
        },
        handleKeyDown: (_view, event) => {
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
            const onSubmit = latest.current.onSubmit;
            if (!onSubmit) return false;
            event.preventDefault();
            onSubmit();
            return true;
          }
          if (mentions.keyDown(event) || blocks.keyDown(event) || tasks.keyDown(event)) {
            return true;
          }
          if (event.key.toLowerCase() === "k" && (event.ctrlKey || event.metaKey)) {
            return openLink();
          }
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
      onUpdate: ({ editor: changed }) => latest.current.onUpdate?.(changed),
      onBlur: () => latest.current.onBlur?.(),
    },
    deps,
  );

  /** The blocks `/` offers: an image or file too where files can be added. */
  function blockCommands(): readonly BlockCommand[] {
    return latest.current.onFiles
      ? [...BLOCK_COMMANDS, fileCommand(() => fileInput.current?.click())]
      : BLOCK_COMMANDS;
  }

  /** Mod+K: the link of the selection (or of the link the caret is in) to edit. */
  function openLink(): boolean {
    if (editor.state.selection.empty) {
      if (!editor.isActive("link")) return false;
      editor.commands.extendMarkRange("link");
    }
    setLinkOpen(true);
    return true;
  }

  /**
   * Markdown pasted as plain text (from an editor, a README, another tracker) becomes the same
   * blocks and marks as typed here; HTML pasted is read by the schema itself.
   */
  function pasteMarkdown(view: EditorView, event: ClipboardEvent): boolean {
    const data = event.clipboardData;
    const text = data?.getData("text/plain") ?? "";
    if (!text || data?.types.includes("text/html") || !MARKDOWN_SIGNS.test(text)) return false;
    const content = markdownToDocument(text).content ?? [];
    if (content.length === 0) return false;
    event.preventDefault();
    const { from, to } = view.state.selection;
    editor.chain().focus().insertContentAt({ from, to }, content).run();
    return true;
  }

  /** Files pasted or dropped: attached, then shown where they landed (`at`, else the caret). */
  function takeFiles(files: FileList | undefined | null, event: Event | null, dropped?: number) {
    const list = [...(files ?? [])];
    const onFiles = latest.current.onFiles;
    if (list.length === 0 || !onFiles) return false;
    event?.preventDefault();
    const at = dropped ?? editor.state.selection.from;
    void onFiles(list).then((snippets) => {
      if (snippets.length === 0 || editor.isDestroyed) return;
      const content = markdownToDocument(snippets.join("\n\n")).content ?? [];
      editor
        .chain()
        .focus()
        .insertContentAt(Math.min(at, editor.state.doc.content.size), content)
        .run();
    });
    return true;
  }

  const field = editor.isDestroyed ? null : editor.view.dom;
  const overlays = (
    <>
      {field && mentions.current && mentions.current.items.length > 0 && (
        <SuggestionList
          suggestion={mentions.current}
          label="Mention someone"
          field={field}
          itemKey={(member) => member.id}
          renderItem={(member) => (
            <>
              <span className="ui-item-icon">
                <Avatar
                  id={member.id}
                  name={member.name}
                  image={member.image}
                  decorative
                  size="xs"
                />
              </span>
              <span className="ui-item-label">{member.name || member.email}</span>
            </>
          )}
          onHighlight={mentions.highlight}
        />
      )}
      {field && blocks.current && blocks.current.items.length > 0 && (
        <SuggestionList
          suggestion={blocks.current}
          label="Insert a block"
          field={field}
          className="block-popup"
          itemKey={(command) => command.id}
          renderItem={(command) => (
            <>
              <span className="ui-item-icon">
                <command.icon size={16} aria-hidden />
              </span>
              <span className="ui-item-label">{command.label}</span>
              {command.shortcut && <kbd className="block-shortcut">{command.shortcut}</kbd>}
            </>
          )}
          onHighlight={blocks.highlight}
        />
      )}
      {field && tasks.current && tasks.current.items.length > 0 && (
        <SuggestionList
          suggestion={tasks.current}
          label="Link a task"
          field={field}
          className="task-reference-popup"
          itemKey={(reference) => reference.key}
          renderItem={(reference) => (
            <>
              <span className="ui-item-icon">
                <StatusIcon category={reference.category} color={reference.color} />
              </span>
              <span className="task-reference-popup-key">{reference.key}</span>
              <span className="ui-item-label">{reference.title}</span>
            </>
          )}
          onHighlight={tasks.highlight}
        />
      )}
      <FormatBubble editor={editor} linkOpen={linkOpen} onLinkOpenChange={setLinkOpen} />
      {options.onFiles && (
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          aria-hidden
          tabIndex={-1}
          onChange={(event) => {
            takeFiles(event.currentTarget.files, null);
            event.currentTarget.value = "";
          }}
        />
      )}
    </>
  );
  return { editor, overlays };
}

/** What a suggestion's props become when the person picks: the item's insertion. */
type Picker<T> = (props: SuggestionProps<T>) => (item: T) => void;

/**
 * One list under the caret (`@` or `/`): its state for React, and the keys it takes while open.
 * Held in a ref too, as the editor's key handler reads it between renders.
 */
function useSuggestion<T>() {
  const [current, setCurrent] = useState<ListSuggestion<T> | null>(null);
  const ref = useRef<ListSuggestion<T> | null>(null);
  const show = (next: ListSuggestion<T> | null) => {
    ref.current = next;
    setCurrent(next);
  };

  return {
    current,
    highlight: (active: number) => {
      if (ref.current) show({ ...ref.current, active });
    },
    renderer: (picker: Picker<T>) => {
      const from = (props: SuggestionProps<T>, active: number): ListSuggestion<T> => ({
        items: props.items,
        active,
        clientRect: props.clientRect,
        pick: (item) => {
          picker(props)(item);
          show(null);
        },
      });
      return {
        onStart: (props: SuggestionProps<T>) => show(from(props, 0)),
        onUpdate: (props: SuggestionProps<T>) =>
          show(
            from(props, Math.max(0, Math.min(ref.current?.active ?? 0, props.items.length - 1))),
          ),
        onExit: () => show(null),
        // The editor's handleKeyDown reads the keys first (keyDown).
        onKeyDown: () => false,
      };
    },
    /** Arrows move, Enter or Tab picks, Escape closes the list only. */
    keyDown: (event: KeyboardEvent): boolean => {
      const open = ref.current;
      if (!open || open.items.length === 0) return false;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        const step = event.key === "ArrowDown" ? 1 : -1;
        show({ ...open, active: (open.active + step + open.items.length) % open.items.length });
        return true;
      }
      if (event.key === "Enter" || event.key === "Tab") {
        const item = open.items[open.active];
        if (item !== undefined) open.pick(item);
        show(null);
        return true;
      }
      if (event.key === "Escape") {
        // Closes the list only, not what the field sits in (an edit, the peek).
        event.stopPropagation();
        show(null);
        return true;
      }
      return false;
    },
  };
}

type MenuOptions<T> = {
  char: string;
  allowSpaces: boolean;
  items: (query: string) => T[];
  pick: (editor: Editor, range: Range, item: T) => void;
  render: () => ReturnType<ReturnType<typeof useSuggestion<T>>["renderer"]>;
};

/** A list under the caret opened by a character at a line's start or after a space. */
function suggestionMenu<T>(name: string) {
  return Extension.create<MenuOptions<T>>({
    name,
    addOptions: () => ({
      char: "/",
      allowSpaces: false,
      items: () => [],
      pick: () => {},
      render: () => ({}) as never,
    }),
    addProseMirrorPlugins() {
      const { char, allowSpaces, items, pick, render } = this.options;
      return [
        Suggestion<T, T>({
          editor: this.editor,
          pluginKey: new PluginKey(name),
          char,
          startOfLine: false,
          allowSpaces,
          items: ({ query }) => items(query),
          command: ({ editor, range, props }: { editor: Editor; range: Range; props: T }) =>
            pick(editor, range, props),
          render,
        }),
      ];
    },
  });
}

/** `/`: the list of blocks (block-commands.tsx). */
const BlockMenu = suggestionMenu<BlockCommand>("blockMenu");

/** `#`: the workspace's tasks; the one picked is written as its key (`WEB-12`), then a link. */
const TaskMenu = suggestionMenu<TaskReference>("taskMenu");

/** The picked task's key in place of `#` and what was typed after it, and a space. */
function insertReference(editor: Editor, range: Range, reference: TaskReference) {
  editor.chain().focus().insertContentAt(range, `${reference.key} `).run();
}

/** Ctrl+Home and Ctrl+End (Cmd on a Mac) go to the document's start and end, as in any editor. */
const DocumentEnds = Extension.create({
  name: "documentEnds",
  addKeyboardShortcuts() {
    return {
      "Mod-Home": () => this.editor.commands.focus("start"),
      "Mod-End": () => this.editor.commands.focus("end"),
    };
  },
});

/** Refuses the person's own changes that would grow the document past `max` (RichTextOptions). */
const LengthLimit = Extension.create<{ max: number }>({
  name: "lengthLimit",
  addOptions: () => ({ max: Infinity }),
  addProseMirrorPlugins() {
    const { max } = this.options;
    return [
      new Plugin({
        key: new PluginKey("lengthLimit"),
        filterTransaction: (transaction, state) =>
          !transaction.docChanged ||
          transaction.getMeta(ySyncPluginKey) !== undefined ||
          transaction.doc.content.size <= max ||
          transaction.doc.content.size <= state.doc.content.size,
      }),
    ];
  },
});
