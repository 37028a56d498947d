import { useMemo } from "react";
import type { Label, Member, Project } from "../../../../shared/entities.ts";
import type { WorkflowStatus } from "../../../../shared/statuses.ts";
import { canPerform } from "../../../../shared/sync-permissions.ts";
import type { Preferences } from "../../../platform/preferences/preferences.ts";

/**
 * What every card needs besides its task, in one object that stays the same until one of its
 * parts changes: a memoised card then repaints only when its own task does.
 */
export type CardContext = {
  workspaceId: string;
  projectId: string;
  projectKey: string;
  today: string;
  preferences: Preferences;
  membersById: ReadonlyMap<string, Member>;
  labelsById: ReadonlyMap<string, Label>;
  /** The project's statuses, in order, and by id: a card's icon and "done" look come from here. */
  statuses: readonly WorkflowStatus[];
  statusesById: ReadonlyMap<string, WorkflowStatus>;
  /** What the person's role lets them do to a task (SPEC.md section 6). */
  can: CardPermissions;
  /** The signed-in person, for "Assign to me". */
  userId: string;
  /** Their role in the workspace: whose comments the peek lets them delete. */
  role: string;
};

type CardPermissions = { update: boolean; assign: boolean; delete: boolean };

function cardPermissions(role: string): CardPermissions {
  return {
    update: canPerform(role, "task.update"),
    assign: canPerform(role, "task.assign"),
    delete: canPerform(role, "task.delete"),
  };
}

export function useCardContext(
  project: Project,
  members: readonly Member[],
  labels: readonly Label[],
  statuses: readonly WorkflowStatus[],
  preferences: Preferences,
  today: string,
  access: { role: string; userId: string },
): CardContext {
  const { role, userId } = access;
  const membersById = useMemo(
    () => new Map(members.map((member) => [member.id, member])),
    [members],
  );
  const labelsById = useMemo(() => new Map(labels.map((label) => [label.id, label])), [labels]);
  const statusesById = useMemo(
    () => new Map(statuses.map((status) => [status.id, status])),
    [statuses],
  );
  return useMemo(
    () => ({
      workspaceId: project.workspaceId,
      projectId: project.id,
      projectKey: project.key,
      today,
      preferences,
      membersById,
      labelsById,
      statuses,
      statusesById,
      can: cardPermissions(role),
      userId,
      role,
    }),
    [
      project.workspaceId,
      project.id,
      project.key,
      today,
      preferences,
      membersById,
      labelsById,
      statuses,
      statusesById,
      role,
      userId,
    ],
  );
}
