/**
 * Who may do what to synced data, from the role table of SPEC.md section 6 (shared/permissions.ts)
 * plus the rules DESIGN.md adds for labels and comments. The server checks these on every
 * mutation; the client uses them to hide what a role cannot do.
 *
 * Labels and other people's comments have no row in the role table: editing them counts as
 * managing the workspace's settings (`workspace: manage_settings`, owner and admin).
 */
import { roleAllows } from "./permissions.ts";

export type SyncAction =
  | "project.create"
  | "project.update"
  | "project.delete"
  | "project.share"
  | "project.workflow"
  | "task.create"
  | "task.update"
  | "task.delete"
  | "task.restore"
  | "task.assign"
  | "label.create"
  | "label.update"
  | "label.delete"
  | "comment.create"
  | "comment.react"
  | "comment.delete-any";

const rules: Record<SyncAction, (role: string) => boolean> = {
  "project.create": (role) => roleAllows(role, { project: ["create"] }),
  "project.update": (role) => roleAllows(role, { project: ["update"] }),
  "project.delete": (role) => roleAllows(role, { project: ["delete"] }),
  "project.share": (role) => roleAllows(role, { project: ["share"] }),
  // Statuses are the project's settings: who may update the project edits its workflow.
  "project.workflow": (role) => roleAllows(role, { project: ["update"] }),
  "task.create": (role) => roleAllows(role, { task: ["create"] }),
  "task.update": (role) => roleAllows(role, { task: ["update"] }),
  "task.delete": (role) => roleAllows(role, { task: ["delete"] }),
  // Bringing a deleted task back (undo) is the right of whoever may delete it.
  "task.restore": (role) => roleAllows(role, { task: ["delete"] }),
  "task.assign": (role) => roleAllows(role, { task: ["assign"] }),
  "label.create": (role) => roleAllows(role, { workspace: ["read"] }),
  "label.update": (role) => roleAllows(role, { workspace: ["manage_settings"] }),
  "label.delete": (role) => roleAllows(role, { workspace: ["manage_settings"] }),
  "comment.create": (role) => roleAllows(role, { task: ["read"] }),
  // Whoever may comment may react; removing a reaction is its author's alone.
  "comment.react": (role) => roleAllows(role, { task: ["read"] }),
  "comment.delete-any": (role) => roleAllows(role, { workspace: ["manage_settings"] }),
};

/** Whether a member with this role (possibly comma separated) may perform the action. */
export function canPerform(role: string, action: SyncAction): boolean {
  return rules[action](role);
}

/** Comments: the author edits their own; the author or an owner/admin deletes. */
export function canEditComment(userId: string, authorId: string | null): boolean {
  return authorId !== null && authorId === userId;
}

export function canDeleteComment(role: string, userId: string, authorId: string | null): boolean {
  return canEditComment(userId, authorId) || canPerform(role, "comment.delete-any");
}
