import { CloudOff } from "lucide-react";
import "../styles/task-history.css";

/**
 * Where a task's comments and activity go while its history loads (one pull, online): a few
 * shimmering lines.
 */
export function TaskHistoryLoading() {
  return (
    <section className="task-history-pending" aria-busy="true" aria-labelledby="history-heading">
      <h2 id="history-heading">Comments</h2>
      <span className="visually-hidden">Loading the comments and activity…</span>
      <span className="skeleton-bar" style={{ width: "72%" }} />
      <span className="skeleton-bar" style={{ width: "48%" }} />
      <span className="skeleton-bar" style={{ width: "60%" }} />
    </section>
  );
}

/**
 * Offline, above the files and comments of a task whose history this browser never loaded: why
 * its earlier comments, activity and files are not shown. Comments and files added meanwhile
 * show below it, and wait to be sent.
 */
export function HistoryNotHere() {
  return (
    <p className="task-history-missing" role="note">
      <CloudOff size={16} aria-hidden="true" />
      <span>
        <strong>Not available offline.</strong> This browser has not opened this task before, so its
        earlier comments, activity and files are not on this device. They load as soon as you are
        back online; what you add now is sent then.
      </span>
    </p>
  );
}
