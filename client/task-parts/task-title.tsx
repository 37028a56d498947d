import { useRef, useState, type KeyboardEvent, type ReactElement, type ReactNode } from "react";
import type { Task } from "../../shared/entities.ts";
import { showError } from "../lib/api-errors.ts";
import { GrowTextarea } from "../ui/grow-textarea.tsx";
import { useSync } from "../platform/sync/replicache-provider.tsx";
import "../styles/task-title.css";

/** Out of the field, to the dialog it sits in (a peek's keys work again), else to the page. */
function leave(field: HTMLTextAreaElement) {
  const dialog = field.closest<HTMLElement>('[role="dialog"]');
  if (dialog) dialog.focus();
  else field.blur();
}

type HeadingProps = { className: string; children: ReactNode };

/** The page's title is its `h1`; the peek's is the dialog's own title. */
const pageHeading = (props: HeadingProps) => <h1 {...props} />;

/**
 * The title, edited in place as it is shown (no box): Enter or leaving the field saves, Escape
 * puts it back and leaves the field (the key goes no further, so a peek stays open). A long
 * title wraps onto as many lines as it needs; a title has no line breaks of its own.
 */
export function TaskTitle({
  task,
  canEdit,
  className = "task-title",
  heading = pageHeading,
}: {
  task: Task;
  canEdit: boolean;
  className?: string;
  heading?: (props: HeadingProps) => ReactElement;
}) {
  const { rep } = useSync();
  const [draft, setDraft] = useState<string | null>(null);
  const [seen, setSeen] = useState(task.title);
  const [focused, setFocused] = useState(false);
  const cancelled = useRef(false);

  // The store changed (the save landed, or someone else renamed it): show the store again.
  if (task.title !== seen) {
    setSeen(task.title);
    if (!focused) setDraft(null);
  }

  const commit = () => {
    if (draft === null) return;
    const title = draft.trim();
    // A saved title stays on screen until the store catches up, so it never flickers back.
    if (!title || title === task.title) {
      setDraft(null);
      return;
    }
    setDraft(title);
    rep.mutate
      .updateTask({
        id: task.id,
        projectId: task.projectId,
        title,
        updatedAt: new Date().toISOString(),
      })
      .catch((error: unknown) => showError(error, "The title could not be saved"));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      leave(event.currentTarget);
    } else if (event.key === "Escape" && !event.nativeEvent.isComposing) {
      event.stopPropagation();
      cancelled.current = true;
      setDraft(null);
      leave(event.currentTarget);
    }
  };

  if (!canEdit) return heading({ className, children: task.title });
  return heading({
    className,
    children: (
      <GrowTextarea
        className="field-borderless task-title-input"
        aria-label="Title"
        maxLength={500}
        value={draft ?? task.title}
        onFocus={() => {
          cancelled.current = false;
          setFocused(true);
          setDraft(task.title);
        }}
        onChange={(event) => setDraft(event.target.value.replace(/\s*\n\s*/g, " "))}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setFocused(false);
          if (cancelled.current) setDraft(null);
          else commit();
        }}
      />
    ),
  });
}
