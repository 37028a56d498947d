import { BellOff, BellRing } from "lucide-react";
import type { Member } from "../../shared/entities.ts";
import { showError } from "../lib/api-errors.ts";
import { useSync } from "../platform/sync/replicache-provider.tsx";
import { useSubscribers } from "../platform/sync/store-hooks.ts";
import { Avatar } from "../ui/avatar.tsx";
import { Button } from "../ui/button.tsx";
import "../styles/task-subscribers.css";

type TaskSubscribersProps = {
  taskId: string;
  userId: string;
  membersById: ReadonlyMap<string, Member>;
};

/**
 * Who follows the task (their avatars) and the person's own Subscribe / Unsubscribe: a
 * subscriber hears of its comments and its status, priority and due-date changes (the server
 * subscribes the creator, the assignee, commenters and people mentioned on its own).
 */
export function TaskSubscribers({ taskId, userId, membersById }: TaskSubscribersProps) {
  const { rep } = useSync();
  // Someone removed from the workspace no longer follows anything here.
  const subscribers = useSubscribers(taskId).filter((s) => membersById.has(s.id));
  const subscribed = subscribers.some((subscriber) => subscriber.id === userId);

  const toggle = () => {
    const change = subscribed
      ? rep.mutate.unsubscribeFromTask({ taskId })
      : rep.mutate.subscribeToTask({ taskId, createdAt: new Date().toISOString() });
    change.catch((error: unknown) =>
      showError(error, subscribed ? "Could not unsubscribe" : "Could not subscribe"),
    );
  };

  const names = subscribers.map((s) => membersById.get(s.id)?.name ?? "A member");
  return (
    <div className="task-subscribers" role="group" aria-label="Subscribers">
      <ul
        className="task-subscribers-list"
        aria-label={`Subscribers: ${names.join(", ") || "none"}`}
      >
        {subscribers.map((subscriber) => {
          const member = membersById.get(subscriber.id);
          const name = member?.name || member?.email || "A member";
          return (
            <li key={subscriber.id}>
              <span className="task-subscriber" title={name}>
                <Avatar id={subscriber.id} name={name} image={member?.image} size="sm" />
              </span>
            </li>
          );
        })}
      </ul>
      <Button
        size="sm"
        variant="ghost"
        icon={subscribed ? <BellOff /> : <BellRing />}
        onClick={toggle}
      >
        {subscribed ? "Unsubscribe" : "Subscribe"}
      </Button>
    </div>
  );
}
