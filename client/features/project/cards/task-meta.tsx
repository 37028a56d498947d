/* The small facts a card and a list row show about a task, each behind its preference. */
import { OctagonAlert } from "lucide-react";
import type { Label, Task } from "../../../../shared/entities.ts";
import { formatTaskKey } from "../../../../shared/task-key.ts";
import {
  AssigneeMark,
  DueDateMark,
  LabelMarks,
  PriorityMark,
  StatusMark,
} from "../../../task-parts/task-marks.tsx";
import { StatusIcon } from "../../../ui/status-icon.tsx";
import type { CardContext } from "./card-context.ts";
// The backlog shows these too: they bring their look with them.
import "../../../styles/board.css";

/** A parent's sub-tasks: how many are done, of how many. */
export type SubtaskCount = { readonly done: number; readonly total: number };

export function TaskKey({ task, context }: { task: Task; context: CardContext }) {
  if (!context.preferences.showTaskNumbers) return null;
  return <span className="task-key">{formatTaskKey(context.projectKey, task.number)}</span>;
}

/** The task's done category (completed or canceled, as `isDoneCategory`): it then looks done. */
export function isDone(task: Task, context: CardContext): "completed" | "canceled" | undefined {
  const category = context.statusesById.get(task.status)?.category;
  return category === "completed" || category === "canceled" ? category : undefined;
}

/** The status as Linear draws it, named for screen readers by the column or group around it. */
export function TaskStatusIcon({ task, context }: { task: Task; context: CardContext }) {
  return <StatusMark status={context.statusesById.get(task.status)} statuses={context.statuses} />;
}

/** The priority's icon; its name is read by screen readers and shown as a tooltip. */
export function TaskPriorityBadge({ task, context }: { task: Task; context: CardContext }) {
  if (!context.preferences.showPriority) return null;
  return <PriorityMark priority={task.priority} />;
}

export function TaskDueDate({ task, context }: { task: Task; context: CardContext }) {
  if (!context.preferences.showDueDates || task.dueDate === null) return null;
  return (
    <DueDateMark
      dueDate={task.dueDate}
      done={isDone(task, context) !== undefined}
      today={context.today}
    />
  );
}

/** The assignee's picture or initials; "A former member" when they have left the workspace. */
export function TaskAssignee({ task, context }: { task: Task; context: CardContext }) {
  if (!context.preferences.showAssignees || task.assigneeId === null) return null;
  const member = context.membersById.get(task.assigneeId);
  const name = member?.name || member?.email || "A former member";
  return <AssigneeMark id={task.assigneeId} name={name} image={member?.image} />;
}

export function TaskLabels({ task, context }: { task: Task; context: CardContext }) {
  if (!context.preferences.showLabels || task.labelIds.length === 0) return null;
  const labels = task.labelIds
    .map((id) => context.labelsById.get(id))
    .filter((label): label is Label => label !== undefined);
  return <LabelMarks labels={labels} />;
}

/** A parent's sub-tasks done of all, as Linear shows them: a filling circle and "2/5". */
export function TaskSubtaskProgress({ count }: { count: SubtaskCount | undefined }) {
  if (!count) return null;
  const { done, total } = count;
  const all = done === total;
  return (
    <span className="task-subtasks" data-complete={all || undefined} title="Sub-tasks done">
      <StatusIcon
        category={all ? "completed" : "started"}
        color={all ? "green" : "muted"}
        progress={total === 0 ? 0 : done / total}
        size={12}
      />
      <span aria-hidden="true">
        {done}/{total}
      </span>
      <span className="visually-hidden">
        {done} of {total} sub-tasks done
      </span>
    </span>
  );
}

/** A task blocked by another task that is not done yet. */
export function TaskBlocked({ blocked }: { blocked: boolean }) {
  if (!blocked) return null;
  return (
    <span className="task-blocked" title="Blocked by a task that is not done">
      <OctagonAlert aria-hidden />
      Blocked
    </span>
  );
}
