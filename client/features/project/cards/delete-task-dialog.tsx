import { memo, useState } from "react";
import type { Task } from "../../../../shared/entities.ts";
import { formatTaskKey } from "../../../../shared/task-key.ts";
import { ConfirmDialog } from "../../../ui/confirm-dialog.tsx";
import { SubtaskFateChoice } from "../../../task-parts/subtask-fate-choice.tsx";
import { useSubtasks } from "../../../platform/sync/store-hooks.ts";
import type { SubtaskFate } from "../../../../shared/mutators/task.ts";

type DeleteTaskDialogProps = {
  /** The task asked about; null while nothing is. */
  task: Task | null;
  projectKey: string;
  onDelete: (task: Task, taskKey: string, subtasks: SubtaskFate) => void;
  onClose: () => void;
};

/**
 * "Delete WEB-12?" from a card's menu, on the board and the calendar: a parent's asks what
 * happens to its sub-tasks (kept as tasks of their own unless the person says otherwise).
 */
export const DeleteTaskDialog = memo(function DeleteTaskDialog({
  task,
  projectKey,
  onDelete,
  onClose,
}: DeleteTaskDialogProps) {
  const [fate, setFate] = useState<SubtaskFate>("detach");
  // Each task asked about starts from the choice that loses nothing.
  const [askedAbout, setAskedAbout] = useState(task?.id);
  if (askedAbout !== task?.id) {
    setAskedAbout(task?.id);
    setFate("detach");
  }
  const subtasks = useSubtasks(task?.projectId ?? "", task?.id ?? "").length;
  const taskKey = task ? formatTaskKey(projectKey, task.number) : "";
  return (
    <ConfirmDialog
      open={task !== null}
      title={task ? `Delete ${taskKey}?` : ""}
      confirmLabel="Delete task"
      pending={false}
      onConfirm={() => {
        if (task) onDelete(task, taskKey, fate);
        onClose();
      }}
      onClose={onClose}
    >
      <p>
        “{task?.title}” is deleted with its comments and history, for everyone in the workspace.
      </p>
      <SubtaskFateChoice count={subtasks} value={fate} onChange={setFate} />
    </ConfirmDialog>
  );
});
