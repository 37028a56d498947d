import type { Label, TaskPriority } from "../../shared/entities.ts";
import type { WorkflowStatus } from "../../shared/statuses.ts";
import { dueState, formatDueDate, type DueState } from "../lib/due-date.ts";
import { priorityNames } from "../lib/task-names.ts";
import { Avatar } from "../ui/avatar.tsx";
import { StatusIcon, statusColorValue, statusProgress } from "../ui/status-icon.tsx";
// The board's cards and rows, the backlog and the public page show these: they bring their look.
import "../styles/board.css";

/**
 * A task's small facts as the board draws them, from plain values: the board's own wrappers
 * (features/project/cards/task-meta.tsx) add its display preferences, the public page uses them as
 * they are.
 */

type MarkedStatus = Omit<WorkflowStatus, "id">;

/**
 * A status's icon, named on hover; a started one is filled by its place among the started
 * `statuses` (the project's, in order), as on the board.
 */
export function StatusMark<S extends MarkedStatus>({
  status,
  statuses,
}: {
  status: S | undefined;
  statuses: readonly S[];
}) {
  if (!status) return null;
  const color = statusColorValue(status.color);
  if (status.icon) {
    return (
      <span className="task-status-icon" title={status.name}>
        <StatusIcon category={status.category} color={status.color} icon={status.icon} />
      </span>
    );
  }
  // The category's shape is drawn by the stylesheet (board.css), as StatusIcon draws it: one
  // element instead of an SVG's three to five, on each of a board's cards. A started status's
  // fill is in 24ths, from half (12) to the last drawn (23).
  const progress =
    status.category === "started"
      ? Math.min(23, Math.max(12, Math.round(statusProgress(statuses, status) * 24)))
      : undefined;
  return (
    <span
      className="task-status-icon"
      data-category={status.category}
      data-progress={progress}
      title={status.name}
      style={{ color }}
    />
  );
}

/**
 * A priority's icon (PriorityIcon's drawing, by the stylesheet: board.css) over its name, which
 * only screen readers and copied text have; nothing for "No priority" (also on the public page).
 */
export function PriorityMark({ priority }: { priority: TaskPriority }) {
  if (priority === "no-priority") return null;
  const name = priorityNames[priority];
  return (
    <span className="task-priority" data-priority={priority} title={`Priority: ${name}`}>
      {name}
    </span>
  );
}

/** "Overdue · Aug 6, 2025", "Due today", "Due soon · Dec 1" or the date, coloured by urgency. */
export function DueDateMark({
  dueDate,
  done,
  today,
}: {
  dueDate: string;
  done: boolean;
  today: string;
}) {
  const state = dueState(dueDate, done, today);
  return (
    <span className="task-due" data-due={state}>
      {dueText(state, dueDate === today, formatDueDate(dueDate, today))}
    </span>
  );
}

function dueText(state: DueState, today: boolean, date: string): string {
  if (state === "overdue") return `Overdue · ${date}`;
  if (today) return "Due today";
  if (state === "due-soon") return `Due soon · ${date}`;
  return date;
}

/** A person's avatar, named "Assigned to …" for screen readers and as a tooltip. */
export function AssigneeMark({
  id,
  name,
  image,
}: {
  id: string;
  name: string;
  image?: string | null;
}) {
  return (
    <span
      className="task-assignee"
      title={`Assigned to ${name}`}
      role="img"
      aria-label={`Assigned to ${name}`}
    >
      <Avatar id={id} name={name} image={image} size="sm" decorative />
    </span>
  );
}

/** Labels as small chips, each with its colour's dot. */
export function LabelMarks({
  labels,
}: {
  labels: readonly Pick<Label, "id" | "name" | "color">[];
}) {
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
