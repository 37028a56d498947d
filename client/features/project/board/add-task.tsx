import { useState, type KeyboardEvent } from "react";
import type { TaskStatus } from "../../../../shared/entities.ts";
import type { NewTask } from "../cards/use-task-actions.ts";

type AddTaskProps = {
  status: TaskStatus;
  /** The column's name, as the project's status list has it. */
  name: string;
  onCreate: (task: NewTask) => void;
};

/**
 * "+ Add task" at the foot of a column: a title and Enter make a task at the column's bottom.
 * The field stays open for the next one; Escape or leaving it empty closes it.
 */
export function AddTask({ status, name, onCreate }: AddTaskProps) {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState("");

  if (!open) {
    return (
      <button
        type="button"
        className="add-task-button"
        aria-label={`Add task to ${name}`}
        onClick={() => setOpen(true)}
      >
        + Add task
      </button>
    );
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Escape") {
      setTitle("");
      setOpen(false);
    } else if (event.key === "Enter" && !event.nativeEvent.isComposing) {
      event.preventDefault();
      const trimmed = title.trim();
      if (!trimmed) return;
      onCreate({ title: trimmed, status });
      setTitle("");
    }
  };

  return (
    <input
      className="input add-task-input"
      autoFocus
      maxLength={500}
      placeholder="Task title, then Enter"
      aria-label={`New task in ${name}`}
      value={title}
      onChange={(event) => setTitle(event.target.value)}
      onKeyDown={onKeyDown}
      onBlur={() => {
        if (!title.trim()) setOpen(false);
      }}
    />
  );
}
