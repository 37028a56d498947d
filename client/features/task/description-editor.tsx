import {
  acceptCompletion,
  autocompletion,
  type Completion,
  type CompletionContext,
  type CompletionResult,
} from "@codemirror/autocomplete";
import { defaultKeymap } from "@codemirror/commands";
import { EditorState, Prec } from "@codemirror/state";
import { EditorView, keymap, placeholder, tooltips } from "@codemirror/view";
import { useEffect, useRef } from "react";
import { yCollab, ySyncAnnotation, yUndoManagerKeymap } from "y-codemirror.next";
import { MAX_DESCRIPTION_LENGTH } from "../../../shared/description-doc.ts";
import type { Member } from "../../../shared/entities.ts";
import { mentionMarkdown } from "../../../shared/mentions.ts";
import { membersMatching, mentionQueryAt } from "../../lib/mention-query.ts";
import { CursorAwareness, type DescriptionCursors } from "./description-cursors.ts";
import type { DescriptionSession } from "./description-session.ts";
import "../../styles/description-editor.css";

type DescriptionEditorProps = {
  session: DescriptionSession;
  /** The id of the heading that names the field ("Description"). */
  labelledBy: string;
  placeholderText: string;
  /** Who can be @mentioned: the workspace's members. */
  members: readonly Member[];
  /** Other people's cursors and the way to show them one's own (presence). */
  cursors: DescriptionCursors;
  autoFocus?: boolean;
  /**
   * Files pasted or dropped into the text: attached to the task; what comes back is written
   * where they landed (an image inline, anything else as a link).
   */
  onFiles?: (files: File[]) => Promise<string[]>;
};

/**
 * The description's markdown source in CodeMirror 6, bound to the task's Yjs document by
 * y-codemirror.next: every keystroke is an edit of the shared text (sent by the session), what
 * others type appears where they typed it, and Mod+Z undoes the person's own edits only.
 * Loaded with the task page, never with the app's first chunk.
 */
export function DescriptionEditor({
  session,
  labelledBy,
  placeholderText,
  members,
  cursors,
  autoFocus = false,
  onFiles,
}: DescriptionEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const membersRef = useRef(members);
  const awarenessRef = useRef<CursorAwareness | null>(null);
  const publishRef = useRef(cursors.publish);
  const onFilesRef = useRef(onFiles);

  useEffect(() => {
    membersRef.current = members;
    publishRef.current = cursors.publish;
    onFilesRef.current = onFiles;
  });

  useEffect(() => {
    const parent = host.current;
    if (!parent) return;
    const awareness = new CursorAwareness(session.doc, (cursor) => publishRef.current(cursor));
    awarenessRef.current = awareness;
    const view = new EditorView({
      parent,
      state: EditorState.create({
        doc: session.text.toString(),
        extensions: [
          Prec.high(keymap.of([{ key: "Tab", run: acceptCompletion }, ...yUndoManagerKeymap])),
          keymap.of(defaultKeymap),
          yCollab(session.text, awareness, { undoManager: session.undoManager }),
          EditorView.lineWrapping,
          placeholder(placeholderText),
          EditorView.contentAttributes.of({
            "aria-labelledby": labelledBy,
            "aria-placeholder": placeholderText,
          }),
          EditorState.phrases.of({ Completions: "Mention someone" }),
          tooltips({ parent: document.body }),
          EditorView.domEventHandlers({
            paste: (event, view) =>
              insertFiles(view, [...(event.clipboardData?.files ?? [])], onFilesRef.current, event),
            drop: (event, view) => {
              const at = view.posAtCoords({ x: event.clientX, y: event.clientY });
              if (at !== null) view.dispatch({ selection: { anchor: at } });
              return insertFiles(
                view,
                [...(event.dataTransfer?.files ?? [])],
                onFilesRef.current,
                event,
              );
            },
          }),
          autocompletion({
            override: [(context) => mentionCompletions(context, membersRef.current)],
            icons: false,
          }),
          // The server keeps 100,000 characters at most: typing or pasting past that does
          // nothing. What others wrote always comes in (the editor must show the shared text).
          EditorState.changeFilter.of(
            (transaction) =>
              transaction.annotation(ySyncAnnotation) !== undefined ||
              transaction.newDoc.length <= MAX_DESCRIPTION_LENGTH ||
              transaction.newDoc.length <= transaction.startState.doc.length,
          ),
        ],
      }),
    });
    if (autoFocus) view.focus();
    return () => {
      awareness.destroy();
      awarenessRef.current = null;
      view.destroy();
    };
  }, [session, labelledBy, placeholderText, autoFocus]);

  useEffect(() => {
    awarenessRef.current?.setRemote(cursors.others);
  }, [cursors.others, session]);

  return <div ref={host} className="input task-description-editor" />;
}

/**
 * Takes the files of a paste or a drop (true: the editor does nothing else with it) and
 * writes their markdown at the caret once they are attached, each on a line of its own.
 */
function insertFiles(
  view: EditorView,
  files: File[],
  onFiles: DescriptionEditorProps["onFiles"],
  event: Event,
): boolean {
  if (files.length === 0 || !onFiles) return false;
  event.preventDefault();
  void onFiles(files).then((snippets) => {
    if (snippets.length === 0 || !view.dom.isConnected) return;
    const { from, to } = view.state.selection.main;
    const before = from > 0 && view.state.sliceDoc(from - 1, from) !== "\n" ? "\n" : "";
    const text = `${before}${snippets.join("\n")}\n`;
    view.dispatch({
      changes: { from, to, insert: text },
      selection: { anchor: from + text.length },
      userEvent: "input.paste",
    });
  });
  return true;
}

/** The members an `@` just before the caret may name; choosing one writes its mention. */
function mentionCompletions(
  context: CompletionContext,
  members: readonly Member[],
): CompletionResult | null {
  const line = context.state.doc.lineAt(context.pos);
  const query = mentionQueryAt(line.text.slice(0, context.pos - line.from));
  if (!query) return null;
  const options: Completion[] = membersMatching(members, query.text).map((member) => ({
    label: member.name || member.email,
    apply: `${mentionMarkdown(member.name || member.email, member.id)} `,
  }));
  if (options.length === 0) return null;
  return { from: line.from + query.start, to: context.pos, options, filter: false };
}
