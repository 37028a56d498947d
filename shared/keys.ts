/**
 * The key layout of the client store (DESIGN.md "The sync contract"). The parent id in a key
 * makes the hot reads prefix scans: a board scans only `task/{projectId}/`. Each value also
 * carries its own `id`. The server's client view records are keyed by these full keys.
 */

export const workspaceKey = (id: string) => `workspace/${id}`;
export const memberKey = (workspaceId: string, userId: string) => `member/${workspaceId}/${userId}`;
export const projectKey = (workspaceId: string, id: string) => `project/${workspaceId}/${id}`;
export const labelKey = (workspaceId: string, id: string) => `label/${workspaceId}/${id}`;
export const taskKey = (projectId: string, id: string) => `task/${projectId}/${id}`;
export const commentKey = (taskId: string, id: string) => `comment/${taskId}/${id}`;
export const activityKey = (taskId: string, id: string) => `activity/${taskId}/${id}`;
/** A refused mutation of the signed-in person (see server/sync/README.md). */
export const noticeKey = (id: string) => `notice/${id}`;

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
  task: (projectId?: string) => (projectId ? `task/${projectId}/` : "task/"),
  comment: (taskId?: string) => (taskId ? `comment/${taskId}/` : "comment/"),
  activity: (taskId?: string) => (taskId ? `activity/${taskId}/` : "activity/"),
  notice: "notice/",
  notification: "notification/",
  subscriber: (taskId?: string) => (taskId ? `subscriber/${taskId}/` : "subscriber/"),
};
