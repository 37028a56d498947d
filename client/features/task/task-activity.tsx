import { useActivity } from "../../platform/sync/store-hooks.ts";
import { relativeTime } from "../../lib/relative-time.ts";
import { activityText, type NameOf } from "./activity-text.ts";

/** The task's history as the server wrote it, oldest first. */
export function TaskActivity({ taskId, nameOf }: { taskId: string; nameOf: NameOf }) {
  const activity = useActivity(taskId);
  return (
    <section className="task-activity" aria-labelledby="task-activity-heading">
      <h2 id="task-activity-heading">Activity</h2>
      {activity.length === 0 ? (
        <p className="muted">The history of this task appears here once it reaches the server.</p>
      ) : (
        <ol className="activity-list" aria-label="Activity">
          {activity.map((line) => (
            <li key={line.id} className="activity-line">
              <span>{activityText(line, nameOf)}</span>
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
