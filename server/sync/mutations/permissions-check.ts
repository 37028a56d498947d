/**
 * The server's side of the role rules (shared/sync-permissions.ts): every mutation names the
 * workspace it touches, and the caller's role there decides. A refusal is a `MutationRefused`,
 * which push.ts treats as permanent: the mutation is skipped, its id still counts as
 * processed, and a notice tells its author why.
 */
import type { NoticeCode } from "../../../shared/entities.ts";
import { canPerform, type SyncAction } from "../../../shared/sync-permissions.ts";
import { memberRole } from "../../auth/auth-rows.ts";
import type { Tx } from "../../db/transaction.ts";

export class MutationRefused extends Error {
  constructor(
    readonly code: NoticeCode,
    message: string,
  ) {
    super(message);
  }
}

const actionText: Record<SyncAction, string> = {
  "project.create": "create projects",
  "project.update": "edit projects",
  "project.delete": "delete projects",
  "project.share": "share projects publicly",
  "project.workflow": "change the statuses of projects",
  "task.create": "create tasks",
  "task.update": "edit tasks",
  "task.delete": "delete tasks",
  "task.restore": "restore deleted tasks",
  "task.assign": "assign tasks",
  "label.create": "create labels",
  "label.update": "edit labels",
  "label.delete": "delete labels",
  "comment.create": "comment",
  "comment.react": "react to comments",
  "comment.delete-any": "delete other people's comments",
};

export const forbidden = (action: SyncAction) =>
  new MutationRefused(
    "FORBIDDEN",
    `You are not allowed to ${actionText[action]} in this workspace.`,
  );

/** The same answer for "missing" and "not yours", so ids of other workspaces reveal nothing. */
export const notFound = (what: string) =>
  new MutationRefused("NOT_FOUND", `The ${what} does not exist or you have no access to it.`);

/** The caller's role in the workspace; refuses when they are not a member. */
export async function requireMembership(
  tx: Tx,
  workspaceId: string,
  userId: string,
  what: string,
): Promise<string> {
  const role = await memberRole(tx, workspaceId, userId);
  if (role === null) throw notFound(what);
  return role;
}

/** Refuses unless the role allows every listed action. */
export function requireActions(role: string, ...actions: SyncAction[]): void {
  for (const action of actions) if (!canPerform(role, action)) throw forbidden(action);
}
