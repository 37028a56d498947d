import { lazy, Suspense } from "react";
import type { RichTextFieldProps } from "./rich-text/rich-text-field.tsx";
import "../styles/rich-text.css";

const RichTextField = lazy(() => import("./rich-text/rich-text-field.tsx"));

/**
 * A comment's box: the rich-text field, whose code (Tiptap and ProseMirror) is fetched when a
 * task's comments are first drawn. Until it is here, the box is drawn as it will look, with
 * the draft's text, so nothing moves when it arrives.
 */
export function CommentField(props: RichTextFieldProps) {
  return (
    <Suspense
      fallback={
        <div className="rich-text-field">
          {/* Not a textbox yet: nothing may type into a box that is about to be replaced. */}
          <div className="input rich-text-input markdown" aria-hidden="true">
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
