/**
 * The push's handlers of what is the person's own: notices, task subscriptions, notifications
 * and their settings.
 */
import * as notificationRows from "../../notifications/notification-rows.ts";
import * as noticeRows from "../rows/notice-rows.ts";
import * as taskRows from "../rows/task-rows.ts";
import type { Applied, Handlers } from "./handler.ts";
import { notFound } from "./permissions-check.ts";

export const inboxHandlers: Handlers<
  | "dismissNotice"
  | "subscribeToTask"
  | "unsubscribeFromTask"
  | "markNotificationRead"
  | "markNotificationUnread"
  | "archiveNotification"
  | "unarchiveNotification"
  | "markAllNotificationsRead"
  | "updateNotificationSettings"
> = {
  // Only the recipient's own notices: someone else's id deletes nothing. Not a refusal either,
  // since a refusal is itself a notice, which the client would dismiss in turn.
  async dismissNotice({ tx, userId }, { id }) {
    return { workspaceId: null, writes: noticeRows.deleteNotice(tx, userId, id) };
  },

  async subscribeToTask({ tx, userId }, { taskId, createdAt }) {
    const task = await taskRows.lockTask(tx, taskId, userId);
    if (!task?.role) throw notFound("task");
    const writes = notificationRows.subscribe(tx, taskId, [userId], createdAt);
    return { workspaceId: task.workspaceId, writes };
  },

  // Not subscribed (or no such task): nothing to do, and nothing to refuse.
  async unsubscribeFromTask({ tx, userId }, { taskId }) {
    const workspaceId = await notificationRows.unsubscribe(tx, taskId, userId);
    return { workspaceId, writes: Promise.resolve() };
  },

  // The notification mutators change only the caller's own rows: another person's id matches
  // nothing, which is neither an error nor a notice (ids reveal nothing).
  async markNotificationRead({ tx, userId }, { id, readAt }) {
    return own(userId, notificationRows.markRead(tx, userId, id, readAt));
  },

  async markNotificationUnread({ tx, userId }, { id }) {
    return own(userId, notificationRows.markUnread(tx, userId, id));
  },

  async archiveNotification({ tx, userId }, { id, archivedAt }) {
    return own(userId, notificationRows.archive(tx, userId, id, archivedAt));
  },

  async unarchiveNotification({ tx, userId }, { id }) {
    return own(userId, notificationRows.unarchive(tx, userId, id));
  },

  async markAllNotificationsRead({ tx, userId }, { workspaceId, readAt }) {
    return own(userId, notificationRows.markAllRead(tx, userId, workspaceId, readAt));
  },

  async updateNotificationSettings({ tx, userId }, changes) {
    return own(userId, notificationRows.saveSettings(tx, userId, changes));
  },
};

/** A change of the person's own data: their other tabs and browsers are poked. */
function own(userId: string, writes: Promise<unknown>): Applied {
  return { workspaceId: null, userIds: [userId], writes };
}
