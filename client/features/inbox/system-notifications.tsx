import { useEffect, useRef } from "react";
import { directNotificationKinds } from "../../../shared/entities.ts";
import { useMembers, useUnreadNotifications } from "../../platform/sync/store-hooks.ts";
import { useActiveWorkspaceId } from "../../platform/preferences/active-workspace.ts";
import { notificationText } from "./notification-text.ts";

/** Whether this browser can show system notifications at all. */
const systemNotificationsSupported = () => typeof window.Notification === "function";

/**
 * A system notification for a mention or an assignment that arrives while the tab is hidden,
 * once the person has allowed them (Preferences asks). Only what arrives after the app opened:
 * a backlog of unread ones is the inbox's business, not a burst of pop-ups.
 */
export function SystemNotifications() {
  const unread = useUnreadNotifications();
  const members = useMembers(useActiveWorkspaceId() ?? "");
  const openedAt = useRef(new Date().toISOString());
  /** Shown as a system notification, or there to see in the tab when it came. */
  const seen = useRef(new Set<string>());

  useEffect(() => {
    // One that arrived while the tab was in view was there to see: it never pops up later.
    // (Visibility first: reading the permission asks the browser process and waits for it.)
    if (!document.hidden) {
      for (const notification of unread) seen.current.add(notification.id);
      return;
    }
    if (!systemNotificationsSupported() || Notification.permission !== "granted") return;
    for (const notification of unread) {
      if (notification.createdAt < openedAt.current || seen.current.has(notification.id)) continue;
      if (!directNotificationKinds.includes(notification.kind)) continue;
      seen.current.add(notification.id);
      const actor = members.find((member) => member.id === notification.actorId);
      const title = [notification.taskKey, notification.taskTitle].filter(Boolean).join(" ");
      new Notification(title || "Tasks", {
        body: notificationText(notification, actor?.name ?? "Someone"),
        tag: notification.id,
      });
    }
  }, [unread, members]);

  return null;
}
