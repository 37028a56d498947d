/**
 * The signed-in person's own: refusal notices dismissed, tasks followed, notifications read or
 * archived, mail settings.
 * The arguments, then the optimistic mutators (shared/mutators/mutators.ts has the rules).
 */
import { z } from "zod";
import {
  directMailCadences,
  idSchema,
  notificationSchema,
  notificationSettingsSchema,
  otherMailCadences,
  timestampSchema,
} from "../entities.ts";
import {
  noticeKey,
  notificationKey,
  notificationSettingsKey,
  prefixes,
  subscriberKey,
} from "../keys.ts";
import {
  changeNotification,
  definedOnly,
  findTask,
  readAll,
  readKey,
  setSubscriber,
  type EntityMutators,
} from "./store-reads.ts";

/** Notifications are the signed-in person's own; anyone else's id changes nothing. */
const notificationIdSchema = z.string().min(1).max(64);

/** The person has seen a refusal notice of theirs (key notice/{id}): it goes, in every browser. */
const dismissNoticeArgs = z.object({ id: z.string().min(1).max(64) });

/** Follow a task (the signed-in person): its comments and changes reach their inbox. */
const subscribeToTaskArgs = z.object({
  taskId: idSchema,
  createdAt: timestampSchema,
});

const unsubscribeFromTaskArgs = z.object({ taskId: idSchema });

const markNotificationReadArgs = z.object({
  id: notificationIdSchema,
  readAt: timestampSchema,
});

const markNotificationUnreadArgs = z.object({ id: notificationIdSchema });

const archiveNotificationArgs = z.object({
  id: notificationIdSchema,
  archivedAt: timestampSchema,
});

const unarchiveNotificationArgs = z.object({ id: notificationIdSchema });

/** Every unread notification of the workspace created at or before `readAt`. */
const markAllNotificationsReadArgs = z.object({
  workspaceId: idSchema,
  readAt: timestampSchema,
});

/** The signed-in person's mail settings; an omitted field stays as it is. */
const updateNotificationSettingsArgs = z.object({
  direct: z.enum(directMailCadences).optional(),
  other: z.enum(otherMailCadences).optional(),
});

/** The inbox mutators' argument schemas, by name. */
export const inboxArgs = {
  dismissNotice: dismissNoticeArgs,
  subscribeToTask: subscribeToTaskArgs,
  unsubscribeFromTask: unsubscribeFromTaskArgs,
  markNotificationRead: markNotificationReadArgs,
  markNotificationUnread: markNotificationUnreadArgs,
  archiveNotification: archiveNotificationArgs,
  unarchiveNotification: unarchiveNotificationArgs,
  markAllNotificationsRead: markAllNotificationsReadArgs,
  updateNotificationSettings: updateNotificationSettingsArgs,
};

export function inboxMutators(userId: string): EntityMutators<typeof inboxArgs> {
  return {
    async dismissNotice(tx, input) {
      const { id } = dismissNoticeArgs.parse(input);
      await tx.del(noticeKey(id));
    },

    async subscribeToTask(tx, input) {
      const { taskId, createdAt } = subscribeToTaskArgs.parse(input);
      if (await tx.get(subscriberKey(taskId, userId))) return;
      const task = await findTask(tx, taskId, undefined);
      if (!task) return;
      await setSubscriber(tx, task, userId, createdAt);
    },

    async unsubscribeFromTask(tx, input) {
      const { taskId } = unsubscribeFromTaskArgs.parse(input);
      await tx.del(subscriberKey(taskId, userId));
    },

    async markNotificationRead(tx, input) {
      const { id, readAt } = markNotificationReadArgs.parse(input);
      await changeNotification(tx, id, (n) => (n.readAt ? n : { ...n, readAt }));
    },

    async markNotificationUnread(tx, input) {
      const { id } = markNotificationUnreadArgs.parse(input);
      await changeNotification(tx, id, (n) => ({ ...n, readAt: null }));
    },

    async archiveNotification(tx, input) {
      const { id, archivedAt } = archiveNotificationArgs.parse(input);
      await changeNotification(tx, id, (n) => (n.archivedAt ? n : { ...n, archivedAt }));
    },

    async unarchiveNotification(tx, input) {
      const { id } = unarchiveNotificationArgs.parse(input);
      await changeNotification(tx, id, (n) => ({ ...n, archivedAt: null }));
    },

    async markAllNotificationsRead(tx, input) {
      const { workspaceId, readAt } = markAllNotificationsReadArgs.parse(input);
      for (const n of await readAll(tx, prefixes.notification, notificationSchema)) {
        if (n.workspaceId !== workspaceId || n.readAt || n.createdAt > readAt) continue;
        await tx.set(notificationKey(n.id), { ...n, readAt });
      }
    },

    async updateNotificationSettings(tx, input) {
      const changes = updateNotificationSettingsArgs.parse(input);
      const key = notificationSettingsKey(userId);
      const current = (await readKey(tx, key, notificationSettingsSchema)) ?? {
        id: userId,
        direct: "instant",
        other: "daily",
      };
      await tx.set(key, { ...current, ...definedOnly(changes) });
    },
  };
}
