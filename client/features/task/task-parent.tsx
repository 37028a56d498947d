import { ListTree } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import type { Project, Task } from "../../../shared/entities.ts";
import { formatTaskKey } from "../../../shared/task-key.ts";
import { useTaskStatusOf } from "../../platform/statuses.ts";
import { useTasksById } from "../../platform/sync/store-hooks.ts";
import { PickerTrigger } from "../../ui/pickers/picker-trigger.tsx";
import { TaskPicker } from "../../ui/pickers/task-picker.tsx";
import { StatusIcon } from "../../ui/status-icon.tsx";
import { useTaskSearch } from "./use-task-search.ts";

type TaskParentProps = {
  task: Task;
  project: Project;
  canEdit: boolean;
  onChange: (parentId: string | null) => void;
};

/**
 * The task's parent, chosen with the task search among the project's tasks that may be one (no
 * sub-task: one level), or removed. Not shown on a task with sub-tasks (task-properties.tsx).
 */
export function TaskParent({ task, project, canEdit, onChange }: TaskParentProps) {
  const [open, setOpen] = useState(false);
  const parent = useTasksById(task.parentId ? [task.parentId] : []).get(task.parentId ?? "");
  const statusOf = useTaskStatusOf(task.workspaceId);
  const allowed = useCallback(
    (candidate: Task) => candidate.id !== task.id && candidate.parentId === null,
    [task.id],
  );
  // A parent is a task of the same project.
  const projects = useMemo(() => [project], [project]);
  const search = useTaskSearch(task.workspaceId, projects, allowed);
  const status = parent && statusOf(parent);
  const parentKey = parent ? formatTaskKey(project.key, parent.number) : null;

  return (
    <TaskPicker
      search={search}
      open={open}
      onOpenChange={setOpen}
      onChange={onChange}
      title="Set parent"
      placeholder="Set parent…"
      clear={task.parentId ? { label: "Remove parent", onClear: () => onChange(null) } : undefined}
    >
      <PickerTrigger
        variant="button"
        property="Parent"
        valueText={parent ? `${parentKey} ${parent.title}` : "None"}
        icon={
          status ? (
            <StatusIcon category={status.category} color={status.color} />
          ) : (
            <ListTree aria-hidden />
          )
        }
        empty={!parent}
        disabled={!canEdit}
      >
        {parent ? (
          <span className="ui-picker-value">
            <span className="task-parent-key">{parentKey}</span> {parent.title}
          </span>
        ) : undefined}
      </PickerTrigger>
    </TaskPicker>
  );
}
