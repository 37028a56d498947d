import { Link } from "@tanstack/react-router";
import { useVirtualizer } from "@tanstack/react-virtual";
import { memo, useMemo, useRef } from "react";
import type { Task, TaskStatus } from "../../../shared/entities.ts";
import { statusNames } from "../../lib/task-names.ts";
import type { CardContext } from "./card-context.ts";
import { MoveMenu } from "./move-menu.tsx";
import { TaskAssignee, TaskDueDate, TaskKey, TaskLabels, TaskPriorityBadge } from "./task-meta.tsx";
import type { MoveTask } from "./use-task-actions.ts";

type Row =
  | { kind: "group"; status: TaskStatus; count: number; total: number }
  | { kind: "empty"; status: TaskStatus; total: number }
  | { kind: "task"; task: Task };

type ListViewProps = {
  statuses: readonly TaskStatus[];
  columns: Record<TaskStatus, readonly Task[]>;
  totals: Record<TaskStatus, number>;
  filtered: boolean;
  context: CardContext;
  onMove: MoveTask;
};

/** The board's tasks as rows, grouped by status; only the rows in view are in the page. */
export function ListView({ statuses, columns, totals, filtered, context, onMove }: ListViewProps) {
  const rows = useMemo(() => {
    const list: Row[] = [];
    for (const status of statuses) {
      const tasks = columns[status];
      list.push({ kind: "group", status, count: tasks.length, total: totals[status] });
      if (tasks.length === 0) list.push({ kind: "empty", status, total: totals[status] });
      for (const task of tasks) list.push({ kind: "task", task });
    }
    return list;
  }, [statuses, columns, totals]);

  const scroller = useRef<HTMLDivElement>(null);
  const compact = context.preferences.compactMode;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => (rows[index]?.kind === "group" ? 44 : compact ? 34 : 42),
    getItemKey: (index) => {
      const row = rows[index];
      if (!row) return index;
      return row.kind === "task" ? row.task.id : `${row.kind}:${row.status}`;
    },
    overscan: 10,
  });

  return (
    <div ref={scroller} className="list-view">
      <div className="list-rows" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              className="list-item"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              {row.kind === "group" ? (
                <h2 className="list-group-heading">
                  {statusNames[row.status]}
                  <span className="board-column-count">
                    {filtered && row.count !== row.total
                      ? `${row.count} / ${row.total}`
                      : row.count}
                  </span>
                </h2>
              ) : row.kind === "empty" ? (
                <p className="list-empty">
                  {filtered && row.total > 0
                    ? "No tasks here match the filters."
                    : "No tasks yet — add one with New task."}
                </p>
              ) : (
                <ListRow task={row.task} context={context} onMove={onMove} />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

type ListRowProps = { task: Task; context: CardContext; onMove: MoveTask };

const ListRow = memo(function ListRow({ task, context, onMove }: ListRowProps) {
  const { workspaceId, projectId } = context;
  return (
    <div className="list-row" data-task-id={task.id}>
      <TaskKey task={task} context={context} />
      <Link
        className="list-row-title"
        to="/dashboard/workspace/$workspaceId/project/$projectId/task/$taskId"
        params={{ workspaceId, projectId, taskId: task.id }}
      >
        {task.title}
      </Link>
      <TaskLabels task={task} context={context} />
      <TaskPriorityBadge task={task} context={context} />
      <TaskDueDate task={task} context={context} />
      <TaskAssignee task={task} context={context} />
      <MoveMenu taskId={task.id} title={task.title} onMove={onMove} />
    </div>
  );
});
