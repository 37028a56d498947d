import { useMemo } from "react";
import type { Task } from "../../shared/entities.ts";
import { useAllProjectStatuses } from "../platform/statuses.ts";
import { useActivity } from "../platform/sync/store-hooks.ts";
import { relativeTime } from "../lib/relative-time.ts";
import { activityText, statusNames, type NameOf } from "../lib/activity-text.ts";
import "../styles/task-history.css";

/** The task's history as the server wrote it, oldest first; statuses by their names now. */
export function TaskActivity({ task, nameOf }: { task: Task; nameOf: NameOf }) {
  const activity = useActivity(task.id);
  const statuses = useAllProjectStatuses(task.projectId);
  const statusOf = useMemo(() => statusNames(statuses), [statuses]);
  return (
    <section className="task-activity" aria-labelledby="task-activity-heading">
      <h2 id="task-activity-heading">Activity</h2>
      {activity === undefined ? null : activity.length === 0 ? (
        <p className="muted">The history of this task appears here once it reaches the server.</p>
      ) : (
        <ol className="activity-list" aria-label="Activity">
          {activity.map((line) => (
            <li key={line.id} className="activity-line">
              <span>{activityText(line, nameOf, statusOf)}</span>
              <time dateTime={line.createdAt} title={new Date(line.createdAt).toLocaleString()}>
                {relativeTime(line.createdAt)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
