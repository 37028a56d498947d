/**
 * Notification mail: batched per person, sent through the one mailer (SMTP or the dev outbox).
 *
 * Each person has two cadences (notification_settings; defaults: direct instant, other daily):
 * "direct" for assignments and mentions (instant | hourly | daily | off), "other" for the rest
 * (hourly | daily | off). A notification waits unmailed; a person's mail is due once their oldest
 * waiting notification of a cadence has waited that cadence's window (instant: one minute, so a
 * burst of changes within a minute makes one mail; hourly; daily). The mail then carries
 * everything waiting that is not off, read or archived, and all of it counts as mailed.
 * Invitations are not in it: better-auth mails those itself.
 *
 * Every instance runs this on its timer (jobs.ts). A person's run takes a transaction-level
 * advisory lock on them (another instance holding it skips them) and marks the rows it mails
 * in the same transaction, so two instances never mail the same notification.
 *
 * Every mail carries a one-click unsubscribe (RFC 8058): `List-Unsubscribe` with a signed link
 * and `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (unsubscribe-routes.ts).
 */
import type postgres from "postgres";
import {
  directNotificationKinds,
  type NotificationKind,
  type NotificationSettings,
} from "../../shared/entities.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import { mailText, oneLine } from "../mail/mail-text.ts";
import { unsubscribeUrl } from "./unsubscribe-token.ts";

const MINUTE = 60_000;
const windows: Record<NotificationSettings["direct"], number | null> = {
  instant: MINUTE,
  hourly: 60 * MINUTE,
  daily: 24 * 60 * MINUTE,
  off: null,
};
/** People looked at per run; the next run takes the rest. */
const PEOPLE_PER_RUN = 200;
/** pg_try_advisory_xact_lock(NAMESPACE, hashtext(user id)). */
const MAIL_LOCK_NAMESPACE = 0x6e6d_6169; // "nmai"

type MailDeps = {
  sql: postgres.Sql;
  mailer: Mailer;
  logger: Logger;
  baseUrl: string;
  secret: string;
};

type Waiting = {
  id: string;
  workspaceId: string;
  taskId: string | null;
  kind: NotificationKind;
  actorName: string | null;
  data: Record<string, unknown>;
  queuedAt: Date;
  readAt: Date | null;
  archivedAt: Date | null;
};

const isDirect = (kind: NotificationKind) => directNotificationKinds.includes(kind);

/** Sends the mails due at `now`; returns how many were sent. */
export async function sendNotificationMail(
  deps: MailDeps,
  now: Date = new Date(),
): Promise<number> {
  const people = await deps.sql<{ userId: string }[]>`
    select distinct user_id as "userId" from notification
    where mailed_at is null and queued_at <= ${now}::timestamptz - interval '1 minute'
    limit ${PEOPLE_PER_RUN}`;
  let sent = 0;
  for (const { userId } of people) {
    try {
      if (await mailPerson(deps, userId, now)) sent += 1;
    } catch (error) {
      // The rows stay unmailed and the next run tries again.
      deps.logger.error({ err: error, userId }, "notification mail failed");
    }
  }
  return sent;
}

/**
 * Mails one person what is due, if no other instance is doing it. The rows are marked mailed in
 * a transaction that holds the person's lock; the mail goes out after it commits (the mailer may
 * need a connection of its own: the embedded database has only one), and a mail that fails to
 * go out puts its rows back for the next run.
 */
async function mailPerson(deps: MailDeps, userId: string, now: Date): Promise<boolean> {
  const outgoing = await deps.sql.begin(async (tx) => {
    const [lock] = await tx<{ locked: boolean }[]>`
      select pg_try_advisory_xact_lock(${MAIL_LOCK_NAMESPACE}, hashtext(${userId})) as locked`;
    if (!lock?.locked) return null;
    const [person] = await tx<
      { email: string; name: string; direct: string | null; other: string | null }[]
    >`
      select u.email, u.name, s.direct, s.other
      from "user" u left join notification_settings s on s.user_id = u.id
      where u.id = ${userId}`;
    if (!person) return null;
    const cadence = {
      direct: (person.direct ?? "instant") as NotificationSettings["direct"],
      other: (person.other ?? "daily") as NotificationSettings["other"],
    };
    const waiting = await tx<Waiting[]>`
      select n.id, n.workspace_id as "workspaceId", n.task_id as "taskId", n.kind,
        a.name as "actorName", n.data, n.queued_at as "queuedAt", n.read_at as "readAt",
        n.archived_at as "archivedAt"
      from notification n left join "user" a on a.id = n.actor_id
      where n.user_id = ${userId} and n.mailed_at is null
      order by n.queued_at, n.id
      for update of n`;
    const windowOf = (n: Waiting) =>
      n.kind === "invitation" ? null : windows[isDirect(n.kind) ? cadence.direct : cadence.other];
    // Never to be mailed: let them go at once, so they do not wait in the index.
    const dropped = waiting.filter((n) => windowOf(n) === null || n.readAt || n.archivedAt);
    const mailable = waiting.filter((n) => !dropped.includes(n));
    const due = mailable.some((n) => n.queuedAt.getTime() + (windowOf(n) ?? 0) <= now.getTime());
    const done = due ? waiting : dropped;
    if (done.length > 0) {
      await tx`update notification set mailed_at = ${now} where id = any(${done.map((n) => n.id)})`;
    }
    if (!due || mailable.length === 0) return null;
    return { mail: composeMail(deps, { userId, email: person.email }, mailable), mailable };
  });
  if (!outgoing) return false;
  try {
    await deps.mailer.send(outgoing.mail);
  } catch (error) {
    await deps.sql`
      update notification set mailed_at = null
      where id = any(${outgoing.mailable.map((n) => n.id)}) and mailed_at = ${now}`;
    throw error;
  }
  return true;
}

function taskUrl(baseUrl: string, n: Waiting): string {
  const projectId = typeof n.data.projectId === "string" ? n.data.projectId : null;
  if (!n.taskId || !projectId) return `${baseUrl}/dashboard/workspace/${n.workspaceId}/inbox`;
  return `${baseUrl}/dashboard/workspace/${n.workspaceId}/project/${projectId}/task/${n.taskId}`;
}

const field = (n: Waiting, name: string) => {
  const value = n.data[name];
  return typeof value === "string" ? value : "";
};

/** One line of the mail: what happened, in words, each value it quotes folded to one line. */
function describeNotification(n: Waiting): string {
  const actor = oneLine(n.actorName ?? "") || "Someone";
  const task = mailText`${field(n, "taskKey")} ${field(n, "taskTitle")}`.trim();
  const excerpt = field(n, "excerpt") ? mailText`: “${field(n, "excerpt")}”` : "";
  const change = mailText`from ${field(n, "from") || "none"} to ${field(n, "to") || "none"}`;
  switch (n.kind) {
    case "assigned":
      return mailText`${actor} assigned ${task} to you`;
    case "unassigned":
      return mailText`${actor} unassigned you from ${task}`;
    case "mentioned":
      return mailText`${actor} mentioned you in ${task}${excerpt}`;
    case "comment":
      return mailText`${actor} commented on ${task}${excerpt}`;
    case "status":
      return mailText`${actor} changed the status of ${task} ${change}`;
    case "priority":
      return mailText`${actor} changed the priority of ${task} ${change}`;
    case "due-date":
      return mailText`${actor} changed the due date of ${task} ${change}`;
    case "due-soon":
      return mailText`${task} is due tomorrow (${field(n, "to")})`;
    case "overdue":
      return mailText`${task} is overdue (it was due ${field(n, "to")})`;
    case "invitation":
      return mailText`${actor} invited you to ${field(n, "workspaceName")}`;
  }
}

function composeMail(deps: MailDeps, person: { userId: string; email: string }, items: Waiting[]) {
  const unsubscribe = unsubscribeUrl(deps.baseUrl, deps.secret, person.userId);
  const first = items[0];
  const subject =
    items.length === 1 && first ? describeNotification(first) : `${items.length} updates in Tasks`;
  const lines = items.map((n) => `- ${describeNotification(n)}\n  ${taskUrl(deps.baseUrl, n)}`);
  const text = [
    ...lines,
    "",
    `Change what you get in Settings → Account → Notifications: ${deps.baseUrl}/dashboard/settings/account/preferences`,
    `Stop these mails with one click: ${unsubscribe}`,
  ].join("\n");
  return {
    kind: "notifications" as const,
    to: person.email,
    subject,
    text,
    url: first ? taskUrl(deps.baseUrl, first) : deps.baseUrl,
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
