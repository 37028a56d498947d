import { CloudOff } from "lucide-react";
import type { HistoryState } from "../../platform/sync/use-opened-history.ts";
import { EmptyState } from "../../ui/empty-state.tsx";

/**
 * Where a task's comments and activity go while the store does not hold its history: a few
 * shimmering lines while it loads (one pull), or, offline, why it is not there.
 */
export function TaskHistoryPending({ state }: { state: Exclude<HistoryState, "held"> }) {
  if (state === "loading") {
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
  return (
    <section className="task-history-pending" aria-labelledby="history-heading">
      <h2 id="history-heading">Comments</h2>
      <EmptyState icon={<CloudOff size={20} />} title="Not available offline">
        This browser has not opened this task before, so its comments, activity and files are not on
        this device. They load as soon as you are back online.
      </EmptyState>
    </section>
  );
}
