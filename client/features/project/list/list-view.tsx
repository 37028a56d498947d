import { Link } from "@tanstack/react-router";
import { useVirtualizer } from "@tanstack/react-virtual";
import { memo, useMemo, useRef } from "react";
import type { Task } from "../../../../shared/entities.ts";
import { columnOf } from "../../../platform/sync/task-store.ts";
import type { WorkflowStatus } from "../../../../shared/statuses.ts";
import { StatusIcon, statusProgress } from "../../../ui/status-icon.tsx";
import type { CardContext } from "../cards/card-context.ts";
import type { CardActions } from "../cards/card-actions.ts";
import { CardMenu } from "../cards/card-menu.tsx";
import {
  isDone,
  TaskAssignee,
  TaskBlocked,
  TaskDueDate,
  TaskKey,
  TaskLabels,
  TaskPriorityBadge,
  TaskStatusIcon,
  TaskSubtaskProgress,
  type SubtaskCount,
} from "../cards/task-meta.tsx";
import type { Columns, Totals } from "../board/use-board-columns.ts";
import type { CardLinks } from "../cards/use-card-links.ts";

type Row =
  | { kind: "group"; status: WorkflowStatus; count: number; total: number }
  | { kind: "empty"; status: WorkflowStatus; total: number }
  | { kind: "task"; task: Task };

type ListViewProps = {
  statuses: readonly WorkflowStatus[];
  columns: Columns;
  totals: Totals;
  filtered: boolean;
  context: CardContext;
  links: CardLinks;
  actions: CardActions;
};

/** The board's tasks as rows, grouped by status; only the rows in view are in the page. */
export function ListView(props: ListViewProps) {
  const { statuses, columns, totals, filtered, context, links, actions } = props;
  const rows = useMemo(() => {
    const list: Row[] = [];
    for (const status of statuses) {
      const tasks = columnOf(columns, status.id);
      const total = totals.get(status.id) ?? 0;
      list.push({ kind: "group", status, count: tasks.length, total });
      if (tasks.length === 0) list.push({ kind: "empty", status, total });
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
      return row.kind === "task" ? row.task.id : `${row.kind}:${row.status.id}`;
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
                  <StatusIcon
                    category={row.status.category}
                    color={row.status.color}
                    icon={row.status.icon}
                    progress={statusProgress(context.statuses, row.status)}
                  />
                  {row.status.name}
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
                <ListRow
                  task={row.task}
                  context={context}
                  actions={actions}
                  subtasks={links.progress.get(row.task.id)}
                  blocked={links.blocked.has(row.task.id)}
                />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

type ListRowProps = {
  task: Task;
  context: CardContext;
  actions: CardActions;
  subtasks: SubtaskCount | undefined;
  blocked: boolean;
};

const ListRow = memo(function ListRow(props: ListRowProps) {
  const { task, context, actions, subtasks, blocked } = props;
  const { workspaceId, projectId } = context;
  const { showPriority, showAssignees } = context.preferences;
  // Priority and assignee keep their place when a task has none, so keys, titles and the
  // avatars line up from row to row, as in Linear's list.
  return (
    <div className="list-row" data-task-id={task.id} data-done={isDone(task, context)}>
      {showPriority && (
        <span className="list-row-priority">
          <TaskPriorityBadge task={task} context={context} />
        </span>
      )}
      <TaskKey task={task} context={context} />
      <TaskStatusIcon task={task} context={context} />
      <Link
        className="list-row-title"
        to="/dashboard/workspace/$workspaceId/project/$projectId/task/$taskId"
        params={{ workspaceId, projectId, taskId: task.id }}
      >
        {task.title}
      </Link>
      <TaskBlocked blocked={blocked} />
      <TaskSubtaskProgress count={subtasks} />
      <TaskLabels task={task} context={context} />
      <TaskDueDate task={task} context={context} />
      {showAssignees && (
        <span className="list-row-assignee">
          <TaskAssignee task={task} context={context} />
        </span>
      )}
      <CardMenu task={task} context={context} actions={actions} />
    </div>
  );
});
