import { createLazyRoute, useNavigate } from "@tanstack/react-router";
import { Archive, Bell, CheckCheck, Circle, CircleDot } from "lucide-react";
import { useMemo, useState, type FocusEvent } from "react";
import { toast } from "sonner";
import type { Notification } from "../../../shared/entities.ts";
import { showError } from "../../lib/api-errors.ts";
import { relativeTime } from "../../lib/relative-time.ts";
import { useSync } from "../../platform/sync/replicache-provider.tsx";
import { useMembers, useNotifications } from "../../platform/sync/store-hooks.ts";
import { useShortcuts } from "../../platform/shortcuts/use-shortcuts.ts";
import { Avatar } from "../../ui/avatar.tsx";
import { Button } from "../../ui/button.tsx";
import { IconButton } from "../../ui/icon-button.tsx";
import { Segmented } from "../../ui/segmented.tsx";
import { groupByTask, notificationText } from "./notification-text.ts";
import "../../styles/inbox.css";

export const Route = createLazyRoute("/_authenticated/dashboard/workspace/$workspaceId/inbox")({
  component: Inbox,
});

type Filter = "all" | "unread";

const notificationRow = (id: string) =>
  document.querySelector<HTMLElement>(`[data-notification-id="${CSS.escape(id)}"]`);

/**
 * The person's notifications in this workspace, read from the local store: it opens at once,
 * offline too, and a pull or a poke adds what arrives. Newest first, grouped by task; opening
 * one marks it read and shows its task in the board's peek. Archived ones are not shown (the
 * server deletes them after 30 days). Keys: j/k, Enter, `e` archive, `u` read/unread.
 */
function Inbox() {
  const { workspaceId } = Route.useParams();
  const { rep } = useSync();
  const navigate = useNavigate();
  const all = useNotifications(workspaceId);
  const members = useMembers(workspaceId);
  const [filter, setFilter] = useState<Filter>("all");
  const [focusedId, setFocusedId] = useState<string | null>(null);

  const names = useMemo(() => new Map(members.map((m) => [m.id, m])), [members]);
  const current = all.filter((n) => n.archivedAt === null);
  const unreadCount = current.filter((n) => n.readAt === null).length;
  // A notification read here stays in the unread view until the filter is chosen again.
  const [keptIds, setKeptIds] = useState<ReadonlySet<string>>(new Set());
  const shown =
    filter === "unread" ? current.filter((n) => n.readAt === null || keptIds.has(n.id)) : current;
  const groups = groupByTask(shown);
  const order = groups.flatMap((group) => group.notifications.map((n) => n.id));

  const fail = (what: string) => (error: unknown) => showError(error, what);

  const markRead = (notification: Notification) => {
    if (notification.readAt !== null) return;
    setKeptIds((ids) => new Set(ids).add(notification.id));
    rep.mutate
      .markNotificationRead({ id: notification.id, readAt: new Date().toISOString() })
      .catch(fail("The notification could not be marked read"));
  };

  const toggleRead = (notification: Notification) => {
    if (notification.readAt === null) markRead(notification);
    else
      rep.mutate
        .markNotificationUnread({ id: notification.id })
        .catch(fail("The notification could not be marked unread"));
  };

  const archive = (notification: Notification) => {
    const index = order.indexOf(notification.id);
    const next = order[index + 1] ?? order[index - 1] ?? null;
    rep.mutate
      .archiveNotification({ id: notification.id, archivedAt: new Date().toISOString() })
      .then(() => {
        if (next && focusedId === notification.id) {
          setFocusedId(next);
          notificationRow(next)?.focus();
        }
        toast("Notification archived", {
          action: {
            label: "Undo",
            onClick: () =>
              void rep.mutate
                .unarchiveNotification({ id: notification.id })
                .catch(fail("The notification could not be brought back")),
          },
        });
      })
      .catch(fail("The notification could not be archived"));
  };

  const open = (notification: Notification) => {
    markRead(notification);
    if (notification.kind === "invitation" && notification.invitationId) {
      void navigate({
        to: "/auth/accept-invitation/$inviteId",
        params: { inviteId: notification.invitationId },
      });
      return;
    }
    if (!notification.projectId || !notification.taskId) return;
    void navigate({
      to: "/dashboard/workspace/$workspaceId/project/$projectId/board",
      params: { workspaceId, projectId: notification.projectId },
      search: { peek: notification.taskId },
    });
  };

  const markAllRead = () =>
    rep.mutate
      .markAllNotificationsRead({ workspaceId, readAt: new Date().toISOString() })
      .catch(fail("The notifications could not be marked read"));

  const byId = (id: string | null) => (id ? shown.find((n) => n.id === id) : undefined);
  const focusedHasFocus = () =>
    focusedId !== null && notificationRow(focusedId) === document.activeElement;

  const moveFocus = (step: 1 | -1) => {
    const index = focusedId === null ? -1 : order.indexOf(focusedId);
    const next =
      index < 0
        ? order[step > 0 ? 0 : order.length - 1]
        : order[Math.min(Math.max(index + step, 0), order.length - 1)];
    if (!next) return false;
    setFocusedId(next);
    notificationRow(next)?.focus();
  };

  const withFocused = (act: (notification: Notification) => void) => () => {
    const notification = byId(focusedId);
    if (!notification || !focusedHasFocus()) return false;
    act(notification);
  };

  useShortcuts({
    nextNotification: () => moveFocus(1),
    previousNotification: () => moveFocus(-1),
    openNotification: withFocused(open),
    archiveNotification: withFocused(archive),
    toggleNotificationRead: withFocused(toggleRead),
  });

  const onFocus = (event: FocusEvent) => {
    const row =
      event.target instanceof Element ? event.target.closest("[data-notification-id]") : null;
    const id = row?.getAttribute("data-notification-id");
    if (id) setFocusedId(id);
  };

  const chooseFilter = (next: Filter) => {
    setKeptIds(new Set());
    setFilter(next);
  };

  return (
    <section className="page inbox" aria-labelledby="inbox-heading">
      <header className="inbox-header">
        <h1 id="inbox-heading">Inbox</h1>
        <div className="inbox-tools">
          <Segmented
            label="Show"
            options={[
              { value: "all", label: "All" },
              { value: "unread", label: `Unread${unreadCount > 0 ? ` (${unreadCount})` : ""}` },
            ]}
            value={filter}
            onChange={chooseFilter}
          />
          <Button
            icon={<CheckCheck />}
            disabled={unreadCount === 0}
            onClick={() => void markAllRead()}
          >
            Mark all read
          </Button>
        </div>
      </header>
      {groups.length === 0 ? (
        <div className="empty-state inbox-empty">
          <Bell aria-hidden className="inbox-empty-icon" />
          <p>
            <strong>{filter === "unread" && current.length > 0 ? "All read" : "Inbox zero"}</strong>
          </p>
          <p className="muted">
            When someone assigns you a task, mentions you, or comments on a task you follow, it
            shows up here — live, and offline too.
          </p>
        </div>
      ) : (
        <div className="inbox-groups" onFocus={onFocus}>
          {groups.map((group) => (
            <section key={group.key} className="inbox-group" aria-label={group.title}>
              <h2 className="inbox-group-title">{group.title}</h2>
              <ul className="inbox-list">
                {group.notifications.map((notification) => {
                  const actor = notification.actorId ? names.get(notification.actorId) : undefined;
                  const actorName = actor?.name || actor?.email || null;
                  const text = notificationText(
                    notification,
                    notification.actorId ? (actorName ?? "A former member") : null,
                  );
                  const unread = notification.readAt === null;
                  return (
                    <li
                      key={notification.id}
                      className="inbox-item"
                      data-unread={unread || undefined}
                      data-focused={notification.id === focusedId || undefined}
                    >
                      <button
                        type="button"
                        className="inbox-open"
                        data-notification-id={notification.id}
                        aria-label={`${unread ? "Unread: " : ""}${text}, ${group.title}, ${relativeTime(notification.createdAt)}`}
                        onClick={() => open(notification)}
                      >
                        <span className="inbox-unread-dot" aria-hidden="true" />
                        {notification.actorId ? (
                          <Avatar
                            id={notification.actorId}
                            name={actorName ?? "A former member"}
                            image={actor?.image}
                            decorative
                          />
                        ) : (
                          <span className="inbox-system-icon" aria-hidden="true">
                            <Bell />
                          </span>
                        )}
                        <span className="inbox-text">
                          <span className="inbox-what">{text}</span>
                          {notification.excerpt && (
                            <span className="inbox-excerpt">{notification.excerpt}</span>
                          )}
                        </span>
                        <time
                          className="inbox-time"
                          dateTime={notification.createdAt}
                          title={new Date(notification.createdAt).toLocaleString()}
                        >
                          {relativeTime(notification.createdAt)}
                        </time>
                      </button>
                      <span className="inbox-actions">
                        <IconButton
                          aria-label={unread ? "Mark as read" : "Mark as unread"}
                          shortcut={["U"]}
                          icon={unread ? <CircleDot /> : <Circle />}
                          size="sm"
                          onClick={() => toggleRead(notification)}
                        />
                        <IconButton
                          aria-label="Archive"
                          shortcut={["E"]}
                          icon={<Archive />}
                          size="sm"
                          onClick={() => archive(notification)}
                        />
                      </span>
                    </li>
                  );
                })}
              </ul>
            </section>
          ))}
        </div>
      )}
    </section>
  );
}
