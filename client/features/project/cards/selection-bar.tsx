import { useMemo } from "react";
import type { Label, Member, Task } from "../../../../shared/entities.ts";
import { canPerform } from "../../../../shared/sync-permissions.ts";
import type { StatusColumns } from "../../../platform/sync/task-store.ts";
import { BulkActionBar } from "./bulk-action-bar.tsx";

type SelectionBarProps = {
  /** The cards picked with `x`. */
  selectedIds: ReadonlySet<string>;
  /** The project's unfiltered columns: where a bulk move finds the end of a column. */
  columns: StatusColumns;
  members: readonly Member[];
  labels: readonly Label[];
  role: string;
  onClear: () => void;
};

/**
 * The cards picked with `x` get the backlog's bulk actions, in a bar that floats over the
 * bottom of the board (the columns do not move). Picked cards another person deleted are left
 * out; a card hidden by a filter stays picked.
 */
export function SelectionBar(props: SelectionBarProps) {
  const { selectedIds, columns, members, labels, role, onClear } = props;
  const projectTasks = useMemo(
    () => (selectedIds.size === 0 ? [] : [...columns.values()].flat()),
    [selectedIds, columns],
  );
  const selected = useMemo(
    () => projectTasks.filter((task: Task) => selectedIds.has(task.id)),
    [projectTasks, selectedIds],
  );
  const can = useMemo(
    () => ({
      create: canPerform(role, "task.create"),
      update: canPerform(role, "task.update"),
      assign: canPerform(role, "task.assign"),
      delete: canPerform(role, "task.delete"),
    }),
    [role],
  );
  return (
    <div className="board-selection-bar">
      <p className="visually-hidden" role="status">
        {selected.length > 0 ? `${selected.length} selected` : ""}
      </p>
      {selected.length > 0 && (
        <BulkActionBar
          selected={selected}
          projectTasks={projectTasks}
          members={members}
          labels={labels}
          can={can}
          onClear={onClear}
        />
      )}
    </div>
  );
}
