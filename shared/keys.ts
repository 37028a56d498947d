/**
 * The key layout of the client store (DESIGN.md "The sync contract"). The parent id in a key
 * makes the hot reads prefix scans: a board scans only `task/{projectId}/`. Each value also
 * carries its own `id`. The server's client view records are keyed by these full keys.
 */

export const workspaceKey = (id: string) => `workspace/${id}`;
export const memberKey = (workspaceId: string, userId: string) => `member/${workspaceId}/${userId}`;
export const projectKey = (workspaceId: string, id: string) => `project/${workspaceId}/${id}`;
export const labelKey = (workspaceId: string, id: string) => `label/${workspaceId}/${id}`;
/** A status of a project's workflow: its id is unique within the project only. */
export const statusKey = (projectId: string, id: string) => `status/${projectId}/${id}`;
export const taskStoreKey = (projectId: string, id: string) => `task/${projectId}/${id}`;
export const commentKey = (taskId: string, id: string) => `comment/${taskId}/${id}`;
/**
 * One person's emoji on a comment, under the task so a task's page reads all its reactions in
 * one scan. The key is the reaction: the same person adding the same emoji twice, from two
 * browsers offline, writes one key (an emoji holds no `/`: shared/reaction-emoji.ts).
 */
export const reactionKey = (taskId: string, commentId: string, userId: string, emoji: string) =>
  `reaction/${taskId}/${commentId}/${userId}/${emoji}`;
export const activityKey = (taskId: string, id: string) => `activity/${taskId}/${id}`;
/** A file on a task: its metadata only; the bytes go over HTTP (shared/attachments.ts). */
export const attachmentKey = (taskId: string, id: string) => `attachment/${taskId}/${id}`;
/**
 * A relation between two tasks, under their workspace: the board reads the workspace's few
 * relations in one scan that task changes never re-run (server/sync/README.md).
 */
export const relationKey = (workspaceId: string, id: string) => `relation/${workspaceId}/${id}`;
/** A task's description as a Yjs document (shared/description-doc.ts); only once edited. */
export const descriptionDocKey = (taskId: string) => `description-doc/${taskId}`;
/** A refused mutation of the signed-in person (see server/sync/README.md). */
export const noticeKey = (id: string) => `notice/${id}`;

/** The projects whose tasks the store holds (partial sync; shared/entities.ts SyncScope). */
export const syncScopeKey = "sync-scope";

/** One notification of the signed-in person (only theirs is ever in their store). */
export const notificationKey = (id: string) => `notification/${id}`;
/** A person following a task: `id` in the value is the user's id. */
export const subscriberKey = (taskId: string, userId: string) => `subscriber/${taskId}/${userId}`;
/** The signed-in person's mail settings. */
export const notificationSettingsKey = (userId: string) => `notification-settings/${userId}`;

/** Prefixes for scans: everything of one kind, or everything under one parent. */
export const prefixes = {
  workspace: "workspace/",
  member: (workspaceId?: string) => (workspaceId ? `member/${workspaceId}/` : "member/"),
  project: (workspaceId?: string) => (workspaceId ? `project/${workspaceId}/` : "project/"),
  label: (workspaceId?: string) => (workspaceId ? `label/${workspaceId}/` : "label/"),
  status: (projectId?: string) => (projectId ? `status/${projectId}/` : "status/"),
  task: (projectId?: string) => (projectId ? `task/${projectId}/` : "task/"),
  comment: (taskId?: string) => (taskId ? `comment/${taskId}/` : "comment/"),
  reaction: (taskId?: string, commentId?: string) =>
    taskId ? (commentId ? `reaction/${taskId}/${commentId}/` : `reaction/${taskId}/`) : "reaction/",
  activity: (taskId?: string) => (taskId ? `activity/${taskId}/` : "activity/"),
  attachment: (taskId?: string) => (taskId ? `attachment/${taskId}/` : "attachment/"),
  descriptionDoc: "description-doc/",
  notice: "notice/",
  notification: "notification/",
  subscriber: (taskId?: string) => (taskId ? `subscriber/${taskId}/` : "subscriber/"),
  relation: (workspaceId?: string) => (workspaceId ? `relation/${workspaceId}/` : "relation/"),
};
