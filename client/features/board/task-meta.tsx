import type { Label, Member, Task, TaskPriority } from "../../../shared/entities.ts";
import { formatTaskKey } from "../../../shared/task-key.ts";
import { priorityNames } from "../../lib/task-names.ts";
import type { CardContext } from "./card-context.ts";
import { dueState, formatDueDate, type DueState } from "../../lib/due-date.ts";

/** The small facts a card and a list row show about a task, each behind its preference. */

export function TaskKey({ task, context }: { task: Task; context: CardContext }) {
  if (!context.preferences.showTaskNumbers) return null;
  return <span className="task-key">{formatTaskKey(context.projectKey, task.number)}</span>;
}

const priorityGlyphs: Record<TaskPriority, string> = {
  "no-priority": "",
  low: "▂",
  medium: "▂▄",
  high: "▂▄▆",
  urgent: "!",
};

export function TaskPriorityBadge({ task, context }: { task: Task; context: CardContext }) {
  if (!context.preferences.showPriority || task.priority === "no-priority") return null;
  return (
    <span className="task-priority" data-priority={task.priority}>
      <span className="task-priority-glyph" aria-hidden="true">
        {priorityGlyphs[task.priority]}
      </span>
      {priorityNames[task.priority]}
    </span>
  );
}

export function TaskDueDate({ task, context }: { task: Task; context: CardContext }) {
  if (!context.preferences.showDueDates || task.dueDate === null) return null;
  const state = dueState(task.dueDate, task.status === "done", context.today);
  const date = formatDueDate(task.dueDate, context.today);
  return (
    <span className="task-due" data-due={state}>
      {dueText(state, task.dueDate === context.today, date)}
    </span>
  );
}

function dueText(state: DueState, today: boolean, date: string): string {
  if (state === "overdue") return `Overdue · ${date}`;
  if (today) return "Due today";
  if (state === "due-soon") return `Due soon · ${date}`;
  return date;
}

export function TaskAssignee({ task, context }: { task: Task; context: CardContext }) {
  if (!context.preferences.showAssignees || task.assigneeId === null) return null;
  const member = context.membersById.get(task.assigneeId);
  return <Avatar member={member} />;
}

function Avatar({ member }: { member: Member | undefined }) {
  const name = member?.name || member?.email || "A former member";
  return (
    <span
      className="avatar"
      title={`Assigned to ${name}`}
      role="img"
      aria-label={`Assigned to ${name}`}
    >
      {initials(name)}
    </span>
  );
}

export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]?.[0]}${words.at(-1)?.[0]}` : name.slice(0, 2);
  return letters.toUpperCase();
}

export function TaskLabels({ task, context }: { task: Task; context: CardContext }) {
  if (!context.preferences.showLabels || task.labelIds.length === 0) return null;
  const labels = task.labelIds
    .map((id) => context.labelsById.get(id))
    .filter((label): label is Label => label !== undefined);
  if (labels.length === 0) return null;
  return (
    <ul className="task-labels" aria-label="Labels">
      {labels.map((label) => (
        <li key={label.id} className="task-label">
          <span className="label-dot" data-color={label.color} aria-hidden="true" />
          {label.name}
        </li>
      ))}
    </ul>
  );
}
