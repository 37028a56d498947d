import type { APIRequestContext } from "@playwright/test";
import { generateNKeysBetween } from "fractional-indexing";
import { createWorkspaceThroughApi, signUpThroughApi } from "./accounts.ts";
import { mutation, now, pushMutations } from "./sync-push.ts";

/** Projects and tasks a test needs but whose screens are not under test, pushed in one go. */

const uniqueId = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/** A new project in the workspace; returns its id. */
export async function createProjectThroughSync(
  request: APIRequestContext,
  workspaceId: string,
  project: { name: string; key: string },
): Promise<string> {
  const id = uniqueId("prj");
  await pushMutations(request, [
    mutation("createProject", { id, workspaceId, ...project, createdAt: now() }),
  ]);
  return id;
}

/**
 * `count` tasks at the bottom of To do, titled `${prefix} 1`, `${prefix} 2`… in order; returns
 * their ids in the same order.
 */
export async function createTasksThroughSync(
  request: APIRequestContext,
  projectId: string,
  prefix: string,
  count: number,
): Promise<string[]> {
  const positions = generateNKeysBetween(null, null, count);
  const ids = positions.map(() => uniqueId("tsk"));
  const createdAt = now();
  await pushMutations(
    request,
    positions.map((position, index) =>
      mutation("createTask", {
        id: ids[index] ?? uniqueId("tsk"),
        projectId,
        title: `${prefix} ${index + 1}`,
        status: "to-do",
        position,
        createdAt,
      }),
    ),
  );
  return ids;
}

/**
 * Signs up (and so signs in) the context `request` belongs to as `owner`, the owner of a new
 * workspace named `workspace` holding one new `project`; returns both ids.
 */
export async function ownerOfNewProject(
  request: APIRequestContext,
  workspace: string,
  {
    owner,
    project,
  }: { owner: { name: string; email: string }; project: { name: string; key: string } },
): Promise<{ workspaceId: string; projectId: string }> {
  await signUpThroughApi(request, owner);
  const workspaceId = await createWorkspaceThroughApi(request, workspace);
  const projectId = await createProjectThroughSync(request, workspaceId, project);
  return { workspaceId, projectId };
}
