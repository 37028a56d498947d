/**
 * Who hears of a change, decided inside the push transaction that makes it (called from the
 * handlers in server/sync/mutations/, task.ts and comment.ts, beside the activity lines). The
 * rules (README.md here):
 *
 * - assigned / unassigned: the new and the old assignee;
 * - mentioned: a member newly mentioned in a description or a comment;
 * - comment, status, priority, due-date: the task's subscribers;
 * - never the author of the change; one notification per person per change and kind, and a
 *   person told directly (assigned, unassigned, mentioned) is not told again as a subscriber;
 * - the creator, the assignee, commenters and the people mentioned become subscribers.
 *
 * The statements are sent in order on the transaction and not awaited here: the caller awaits
 * them with its own last statements (handler.ts `Applied`). Subscribers are notified
 * before the change's new subscribers are added, so a person assigned in this change is told
 * "assigned", not also "status changed".
 */
import { mentionedUserIds } from "../../shared/mentions.ts";
import { markdownToText } from "../../shared/rich-text/document-text.ts";
import type { Tx } from "../db/transaction.ts";
import * as rows from "./notification-rows.ts";
import type { NotificationDetails, TaskEvent } from "./notification-rows.ts";

const EXCERPT_LENGTH = 200;

/** How much of the markdown an excerpt reads: far more than its 200 characters of words. */
const EXCERPT_SOURCE = 2_000;

/**
 * The first words of what someone wrote, as a reader sees them (the document the editors edit,
 * shared/rich-text: no markdown marks, a mention as its name), for the inbox and the mail.
 */
function excerpt(markdown: string): string {
  const text = markdownToText(markdown.slice(0, EXCERPT_SOURCE)).replace(/\s+/g, " ").trim();
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text;
}

/** The people mentioned in `after` and not already in `before`. */
export function newMentions(before: string, after: string): string[] {
  const old = new Set(mentionedUserIds(before));
  return mentionedUserIds(after).filter((id) => !old.has(id));
}

export type FieldChange = {
  kind: "status" | "priority" | "due-date";
  from: string | null;
  to: string | null;
};

/** A task created: the assignee and the people its description mentions. */
export function taskCreated(
  tx: Tx,
  event: TaskEvent,
  task: { assigneeId: string | null; description: string },
) {
  const mentioned = mentionedUserIds(task.description).filter((id) => id !== task.assigneeId);
  const details = mentioned.length > 0 ? { excerpt: excerpt(task.description) } : {};
  return Promise.all([
    rows.notifyPeople(tx, event, [
      ...(task.assigneeId
        ? [{ userId: task.assigneeId, kind: "assigned" as const, details: {} }]
        : []),
      ...mentioned.map((userId) => ({ userId, kind: "mentioned" as const, details })),
    ]),
    rows.subscribe(
      tx,
      event.taskId,
      [event.actorId, ...(task.assigneeId ? [task.assigneeId] : []), ...mentioned],
      event.at,
    ),
  ]);
}

/** A task changed: assignment, new mentions in the description, tracked fields. */
export function taskUpdated(
  tx: Tx,
  event: TaskEvent,
  change: {
    assignee?: { from: string | null; to: string | null };
    mentioned: string[];
    description: string | undefined;
    fields: FieldChange[];
  },
) {
  const direct: Parameters<typeof rows.notifyPeople>[2] = [];
  const { assignee } = change;
  if (assignee?.to) direct.push({ userId: assignee.to, kind: "assigned", details: {} });
  if (assignee?.from) direct.push({ userId: assignee.from, kind: "unassigned", details: {} });
  const told = new Set(direct.map((r) => r.userId));
  const mentioned = change.mentioned.filter((id) => !told.has(id));
  // Read only for the people mentioned: most changes mention no one.
  const details: NotificationDetails =
    mentioned.length > 0 ? { excerpt: excerpt(change.description ?? "") } : {};
  for (const userId of mentioned) direct.push({ userId, kind: "mentioned", details });
  const except = direct.map((r) => r.userId);
  return Promise.all([
    ...change.fields.map((field) =>
      rows.notifySubscribers(tx, event, field.kind, { from: field.from, to: field.to }, except),
    ),
    rows.notifyPeople(tx, event, direct),
    rows.subscribe(
      tx,
      event.taskId,
      [...(assignee?.to ? [assignee.to] : []), ...mentioned],
      event.at,
    ),
  ]);
}

/** A comment added: the people it mentions, then the other subscribers. */
export function commentAdded(tx: Tx, event: TaskEvent, comment: { id: string; body: string }) {
  const mentioned = mentionedUserIds(comment.body);
  const details = { commentId: comment.id, excerpt: excerpt(comment.body) };
  return Promise.all([
    rows.notifyPeople(
      tx,
      event,
      mentioned.map((userId) => ({ userId, kind: "mentioned" as const, details })),
    ),
    rows.notifySubscribers(tx, event, "comment", details, mentioned),
    rows.subscribe(tx, event.taskId, [event.actorId, ...mentioned], event.at),
  ]);
}

/** A comment edited: only the people newly mentioned in it. */
export function commentEdited(
  tx: Tx,
  event: TaskEvent,
  comment: { id: string; before: string; after: string },
) {
  const mentioned = newMentions(comment.before, comment.after);
  if (mentioned.length === 0) return Promise.resolve();
  const details = { commentId: comment.id, excerpt: excerpt(comment.after) };
  return Promise.all([
    rows.notifyPeople(
      tx,
      event,
      mentioned.map((userId) => ({ userId, kind: "mentioned" as const, details })),
    ),
    rows.subscribe(tx, event.taskId, mentioned, event.at),
  ]);
}
