import { useMemo } from "react";
import type { Label, Member, Project } from "../../../shared/entities.ts";
import type { Preferences } from "../../platform/preferences/preferences.ts";

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
};

export function useCardContext(
  project: Project,
  members: readonly Member[],
  labels: readonly Label[],
  preferences: Preferences,
  today: string,
): CardContext {
  const membersById = useMemo(
    () => new Map(members.map((member) => [member.id, member])),
    [members],
  );
  const labelsById = useMemo(() => new Map(labels.map((label) => [label.id, label])), [labels]);
  return useMemo(
    () => ({
      workspaceId: project.workspaceId,
      projectId: project.id,
      projectKey: project.key,
      today,
      preferences,
      membersById,
      labelsById,
    }),
    [project.workspaceId, project.id, project.key, today, preferences, membersById, labelsById],
  );
}
