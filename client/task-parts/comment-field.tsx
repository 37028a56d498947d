import { lazy, Suspense, type KeyboardEvent } from "react";
import type { RichTextFieldProps } from "./rich-text/rich-text-field.tsx";
import "../styles/rich-text.css";

/**
 * The rich-text field's code (Tiptap and ProseMirror), fetched when a task's comments are first
 * drawn. Offline, in a browser whose service worker does not hold it yet, it cannot come: the
 * box is then a plain text field (markdown, as comments are stored) rather than an error.
 */
const RichTextField = lazy(() =>
  import("./rich-text/rich-text-field.tsx").catch(() => ({ default: PlainTextField })),
);

/**
 * A comment's box (and New task's description). Until its code is here, the box is drawn as it will look, with the draft's
 * text, so nothing moves when it arrives.
 */
export function CommentField(props: RichTextFieldProps) {
  return (
    <Suspense
      fallback={
        <div className="rich-text-field">
          {/* Not a textbox yet: nothing may type into a box that is about to be replaced. */}
          <div
            className={`input rich-text-input markdown ${props.className ?? ""}`.trim()}
            aria-hidden="true"
          >
            {props.value ? (
              <p>{props.value}</p>
            ) : (
              <p className="rich-text-placeholder">{props.placeholder}</p>
            )}
          </div>
        </div>
      }
    >
      <RichTextField {...props} />
    </Suspense>
  );
}

/** The box without the editor: the same keys (Mod+Enter sends, Esc cancels an edit). */
function PlainTextField(props: RichTextFieldProps) {
  const { value, onValueChange, onSubmit, onEscape } = props;
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onSubmit?.();
    } else if (event.key === "Escape" && onEscape) {
      // Handled: the peek around the box reads it and stays open.
      event.preventDefault();
      onEscape();
    }
  };
  return (
    <textarea
      className={`input rich-text-input ${props.className ?? ""}`.trim()}
      aria-label={props["aria-label"]}
      placeholder={props.placeholder}
      autoFocus={props.autoFocus}
      rows={4}
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      onKeyDown={onKeyDown}
      onBlur={props.onBlur}
    />
  );
}
