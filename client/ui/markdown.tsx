import { useLayoutEffect, useMemo, useRef, type MouseEvent } from "react";
import {
  loadImageOnClick,
  renderMarkdown,
  TASK_CHECKBOX_CLASS,
  type AttachmentImage,
} from "../lib/markdown.ts";
import "./markdown.css";

type MarkdownProps = {
  text: string;
  /** Shown, muted, when the text is blank. */
  placeholder?: string;
  /**
   * Given when the reader may edit the text: the task list's checkboxes can then be ticked,
   * and this receives which one (its place among the text's task items) and its new state.
   * Without it they are shown disabled.
   */
  onTaskToggle?: (index: number, checked: boolean) => void;
  /** People's names now, by user id: a mention shows the name the person has today. */
  people?: ReadonlyMap<string, string>;
  /** How the task's attachments' images show (see lib/markdown.ts). */
  attachmentImage?: AttachmentImage;
};

/**
 * The one way the app shows markdown people wrote (descriptions, comments, the public page):
 * sanitised HTML from `lib/markdown.ts`, styled by `markdown.css`.
 */
export function Markdown({
  text,
  placeholder,
  onTaskToggle,
  people,
  attachmentImage,
}: MarkdownProps) {
  const interactive = onTaskToggle !== undefined;
  const html = useMemo(
    () =>
      renderMarkdown(text, {
        interactive,
        nameOf: (userId) => people?.get(userId),
        attachmentImage,
      }),
    [text, interactive, people, attachmentImage],
  );
  const container = useRef<HTMLDivElement>(null);
  /** The checkbox ticked last: the new HTML replaces it, and focus must stay on its successor. */
  const toggled = useRef<number | null>(null);

  useLayoutEffect(() => {
    const index = toggled.current;
    if (index === null) return;
    toggled.current = null;
    container.current
      ?.querySelector<HTMLInputElement>(`.${TASK_CHECKBOX_CLASS}[data-task-index="${index}"]`)
      ?.focus();
  }, [html]);

  if (!text.trim()) return placeholder ? <p className="muted">{placeholder}</p> : null;

  const onClick = (event: MouseEvent) => {
    if (loadImageOnClick(event.target)) return;
    const box = event.target;
    if (!(box instanceof HTMLInputElement) || !box.classList.contains(TASK_CHECKBOX_CLASS)) return;
    const index = Number(box.dataset.taskIndex);
    if (!onTaskToggle || !Number.isInteger(index)) return;
    if (box === document.activeElement) toggled.current = index;
    onTaskToggle(index, box.checked);
  };

  return (
    // The clicks are those of controls inside the HTML (image placeholders, task checkboxes),
    // which keys reach too: Enter and Space click a focused button or checkbox.
    <div
      ref={container}
      className="markdown"
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
