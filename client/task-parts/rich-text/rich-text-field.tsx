import { EditorContent } from "@tiptap/react";
import { useEffect, useRef } from "react";
import type { Member } from "../../../shared/entities.ts";
import { documentToMarkdown, markdownToDocument } from "../../../shared/rich-text/markdown.ts";
import type { AttachmentImage } from "../../lib/markdown-view.ts";
import { EditorContext } from "./editor-context.tsx";
import { useRichText } from "./use-rich-text.tsx";

/** A comment's longest body (the mutators' `addComment`). */
const MAX_COMMENT_LENGTH = 20_000;

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
  /** How the task's attachments' images show (their local copies while uploading). */
  attachmentImage?: AttachmentImage;
  /** The box's class besides the shared ones (New task's is borderless). */
  className?: string;
  /** The longest text, in the editor's positions (a comment's 20,000 by default). */
  maxLength?: number;
};

/**
 * The box people write comments in: the rich-text editor (use-rich-text.tsx) reading and giving
 * markdown (shared/rich-text), the form comments are stored in.
 */
export default function RichTextField(props: RichTextFieldProps) {
  const latest = useRef(props);
  latest.current = props;
  // The markdown the field last gave: a value that differs comes from outside (a draft, sent).
  const given = useRef(props.value);
  const { editor, overlays } = useRichText({
    members: props.members,
    label: { text: props["aria-label"] },
    placeholder: props.placeholder,
    autoFocus: props.autoFocus,
    className: props.className,
    maxLength: props.maxLength ?? MAX_COMMENT_LENGTH,
    content: contentOf(props.value),
    onSubmit: () => latest.current.onSubmit?.(),
    onEscape: props.onEscape && (() => latest.current.onEscape?.()),
    onBlur: () => latest.current.onBlur?.(),
    onFiles: props.onFiles && ((files) => latest.current.onFiles?.(files) ?? Promise.resolve([])),
    onUpdate: (changed) => {
      const markdown = changed.isEmpty ? "" : documentToMarkdown(changed.getJSON());
      given.current = markdown;
      latest.current.onValueChange(markdown);
    },
  });

  // A value from outside (a draft read, a sent comment emptied): the field shows it.
  useEffect(() => {
    if (props.value === given.current) return;
    given.current = props.value;
    editor.commands.setContent(contentOf(props.value), { emitUpdate: false });
  }, [editor, props.value]);

  return (
    <EditorContext members={props.members} attachmentImage={props.attachmentImage}>
      <EditorContent editor={editor} className="rich-text-field" />
      {overlays}
    </EditorContext>
  );
}
