import { useRef, useState, type KeyboardEvent } from "react";
import type { Task } from "../../../shared/entities.ts";
import { showError } from "../../lib/api-errors.ts";
import { GrowTextarea } from "../../ui/grow-textarea.tsx";
import { useSync } from "../../platform/sync/replicache-provider.tsx";

/**
 * The title, edited in place: Enter or leaving the field saves, Escape puts it back. A long
 * title wraps onto as many lines as it needs; a title has no line breaks of its own.
 */
export function TaskTitle({ task, canEdit }: { task: Task; canEdit: boolean }) {
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
      event.currentTarget.blur();
    } else if (event.key === "Escape") {
      cancelled.current = true;
      setDraft(null);
      event.currentTarget.blur();
    }
  };

  if (!canEdit) return <h1 className="task-title">{task.title}</h1>;
  return (
    <h1 className="task-title">
      <GrowTextarea
        className="task-title-input"
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
    </h1>
  );
}
