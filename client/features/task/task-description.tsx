import { useId, useMemo, useState } from "react";
import type { Member, Task } from "../../../shared/entities.ts";
import { MentionTextarea } from "../../components/mention-textarea.tsx";
import { showError } from "../../lib/api-errors.ts";
import { setTaskItem } from "../../lib/markdown-task-list.ts";
import { useSync } from "../../platform/sync/replicache-provider.tsx";
import { Markdown } from "../../ui/markdown.tsx";
import { useAutosave } from "./use-autosave.ts";

type Mode = "edit" | "preview";

/**
 * The description in markdown, saved as the person types. While the field has focus it shows
 * what they typed, whatever a pull brings; once they leave it, it follows the store again.
 */
type TaskDescriptionProps = {
  task: Task;
  canEdit: boolean;
  /** The workspace's members: who can be @mentioned, and mentions' names now. */
  members: readonly Member[];
};

export function TaskDescription({ task, canEdit, members }: TaskDescriptionProps) {
  const { rep } = useSync();
  const people = useMemo(() => new Map(members.map((m) => [m.id, m.name || m.email])), [members]);
  const fieldId = useId();
  const [mode, setMode] = useState<Mode>(task.description.trim() ? "preview" : "edit");
  const [draft, setDraft] = useState<string | null>(null);
  const [focused, setFocused] = useState(false);
  const [seen, setSeen] = useState(task.description);

  // Someone else's change arrived while the person is not typing: show it.
  if (task.description !== seen) {
    setSeen(task.description);
    if (!focused) setDraft(null);
  }

  const save = (description: string) =>
    rep.mutate
      .updateTask({
        id: task.id,
        projectId: task.projectId,
        description,
        updatedAt: new Date().toISOString(),
      })
      .catch((error: unknown) => showError(error, "The description could not be saved"));
  const { schedule, flush } = useAutosave(save);

  const value = draft ?? task.description;
  const editing = canEdit && mode === "edit";

  /** A ticked task list item is a change of the description, saved at once. */
  const toggleTaskItem = (index: number, checked: boolean) => {
    const next = setTaskItem(value, index, checked);
    if (next === value) return;
    setDraft(null);
    void save(next);
  };

  return (
    <section className="task-description" aria-label="Description">
      <div className="task-section-header">
        <h2 id={`${fieldId}-heading`}>Description</h2>
        {canEdit && (
          <div className="segmented" role="group" aria-label="Description mode">
            <button
              type="button"
              className="segmented-option"
              aria-pressed={mode === "edit"}
              onClick={() => setMode("edit")}
            >
              Edit
            </button>
            <button
              type="button"
              className="segmented-option"
              aria-pressed={mode === "preview"}
              onClick={() => {
                void flush();
                setMode("preview");
              }}
            >
              Preview
            </button>
          </div>
        )}
      </div>
      {editing ? (
        <MentionTextarea
          members={members}
          id={fieldId}
          className="input task-description-input"
          aria-labelledby={`${fieldId}-heading`}
          placeholder="Add a description… Markdown works: **bold**, - lists, `code`, @ mentions."
          rows={8}
          maxLength={100_000}
          value={value}
          onFocus={() => {
            setFocused(true);
            setDraft((current) => current ?? task.description);
          }}
          onValueChange={(text) => {
            setDraft(text);
            schedule(text);
          }}
          onBlur={() => {
            setFocused(false);
            void flush();
          }}
        />
      ) : (
        <Markdown
          text={value}
          placeholder="No description."
          people={people}
          onTaskToggle={canEdit ? toggleTaskItem : undefined}
        />
      )}
    </section>
  );
}
