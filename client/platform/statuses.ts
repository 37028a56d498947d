import { defaultStatuses, type WorkflowStatus } from "../../shared/statuses.ts";

/**
 * The statuses of a project, in order. Every project has the default six until projects define
 * their own; screens read them from here so that change touches one place.
 */
export function useProjectStatuses(_projectId: string): readonly WorkflowStatus[] {
  return defaultStatuses;
}
