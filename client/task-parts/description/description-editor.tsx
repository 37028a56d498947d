import Collaboration from "@tiptap/extension-collaboration";
import CollaborationCaret from "@tiptap/extension-collaboration-caret";
import { EditorContent } from "@tiptap/react";
import { useEffect, useMemo, useRef } from "react";
import { MAX_DESCRIPTION_LENGTH } from "../../../shared/description-doc.ts";
import type { Member } from "../../../shared/entities.ts";
import type { AttachmentImage } from "../../lib/markdown-view.ts";
import { EditorContext } from "../rich-text/editor-context.tsx";
import { useRichText } from "../rich-text/use-rich-text.tsx";
import { CursorAwareness, type DescriptionCursors } from "./description-cursors.ts";
import type { DescriptionSession } from "./description-session.ts";
import { UndoGroups } from "./undo-groups.ts";

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
  /** How the task's attachments' images show (their local copies while uploading). */
  attachmentImage?: AttachmentImage;
};

/**
 * The description in place, in rich text (task-parts/rich-text), bound to the task's Yjs
 * document by Tiptap's Collaboration (y-tiptap): every keystroke is an edit of the shared
 * fragment (sent by the session), what others type appears where they typed it with their
 * caret and name, and Mod+Z undoes the person's own edits only. Loaded with the task page,
 * never with the app's first chunk.
 */
export function DescriptionEditor({
  session,
  labelledBy,
  placeholderText,
  members,
  cursors,
  autoFocus = false,
  onFiles,
  attachmentImage,
}: DescriptionEditorProps) {
  const publishRef = useRef(cursors.publish);
  useEffect(() => {
    publishRef.current = cursors.publish;
  });
  const awareness = useMemo(
    () => new CursorAwareness(session.doc, (cursor) => publishRef.current(cursor)),
    [session],
  );
  useEffect(() => () => awareness.destroy(), [awareness]);

  const { editor, overlays } = useRichText(
    {
      members,
      label: { by: labelledBy },
      placeholder: placeholderText,
      autoFocus,
      collaborative: true,
      maxLength: MAX_DESCRIPTION_LENGTH,
      className: "task-description-editor",
      onFiles,
      extensions: [
        Collaboration.configure({ fragment: session.fragment }),
        CollaborationCaret.configure({
          provider: { awareness },
          user: {},
          render: caret,
          selectionRender: (user) => ({
            class: "collaboration-selection",
            style: `background-color: ${String(user.colorLight)}`,
          }),
        }),
        UndoGroups,
      ],
    },
    [session, awareness],
  );

  useEffect(() => {
    awareness.setRemote(cursors.others);
  }, [awareness, cursors.others]);

  return (
    <EditorContext members={members} attachmentImage={attachmentImage}>
      <EditorContent editor={editor} className="rich-text-field task-description-field" />
      {overlays}
    </EditorContext>
  );
}

/** Another person's caret: a line in their colour with their name above it. */
function caret(user: Record<string, unknown>): HTMLElement {
  const line = document.createElement("span");
  line.className = "collaboration-caret";
  line.style.borderColor = String(user.color);
  const name = document.createElement("span");
  name.className = "collaboration-caret-name";
  name.style.backgroundColor = String(user.color);
  name.textContent = String(user.name);
  line.append(name);
  return line;
}
