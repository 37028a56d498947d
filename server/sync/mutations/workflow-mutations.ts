/**
 * The authoritative run of the Workflow mutators (createStatus, updateStatus, deleteStatus): a
 * project's statuses, edited by owners and admins only. Each locks the project first, so the
 * checks against the project's other statuses (names, the categories the board needs) hold
 * until commit, and a new task (which locks the project too) never lands in a status being
 * deleted. The optimistic twins are in shared/mutators/.
 */
import type { Status } from "../../../shared/entities.ts";
import {
  MAX_STATUSES_PER_PROJECT,
  liveStatuses,
  requiredCategories,
  squashStatusName,
} from "../../../shared/statuses.ts";
import type { Handler } from "./handler.ts";
import * as projectRows from "../rows/project-rows.ts";
import { MutationRefused, notFound, requireActions } from "./permissions-check.ts";
import * as statusRows from "../rows/status-rows.ts";
import type { Tx } from "../../db/transaction.ts";
import { categoryNames } from "../../../shared/status-palette.ts";

/** The project, locked, with the caller's role checked and its statuses read. */
async function lockWorkflow(tx: Tx, projectId: string, userId: string) {
  const project = await projectRows.lockProject(tx, projectId, userId);
  if (!project?.role) throw notFound("project");
  requireActions(project.role, "project.workflow");
  return { project, statuses: await statusRows.projectStatuses(tx, projectId) };
}

function requireUniqueName(statuses: readonly Status[], name: string, except?: string) {
  const wanted = squashStatusName(name);
  const clash = liveStatuses(statuses).find(
    (status) => status.id !== except && squashStatusName(status.name) === wanted,
  );
  if (clash) {
    throw new MutationRefused(
      "CONFLICT",
      `This project already has a status named “${clash.name}”.`,
    );
  }
}

function findLive(statuses: readonly Status[], id: string): Status {
  const status = statuses.find((candidate) => candidate.id === id);
  if (!status || status.replacedBy !== null) throw notFound("status");
  return status;
}

export const workflowHandlers: {
  createStatus: Handler<"createStatus">;
  updateStatus: Handler<"updateStatus">;
  deleteStatus: Handler<"deleteStatus">;
} = {
  async createStatus({ tx, userId }, args) {
    const { project, statuses } = await lockWorkflow(tx, args.projectId, userId);
    if (statuses.some((status) => status.id === args.id)) {
      throw new MutationRefused("CONFLICT", "A status with this id already exists.");
    }
    if (liveStatuses(statuses).length >= MAX_STATUSES_PER_PROJECT) {
      throw new MutationRefused(
        "INVALID",
        `A project has at most ${MAX_STATUSES_PER_PROJECT} statuses.`,
      );
    }
    requireUniqueName(statuses, args.name);
    const writes = statusRows.insertStatus(tx, {
      id: args.id,
      workspaceId: project.workspaceId,
      projectId: project.id,
      name: args.name,
      category: args.category,
      color: args.color,
      icon: args.icon ?? null,
      position: args.position,
      replacedBy: null,
      createdAt: args.createdAt,
      updatedAt: args.createdAt,
    });
    return { workspaceId: project.workspaceId, writes };
  },

  async updateStatus({ tx, userId }, { id, projectId, ...changes }) {
    const { project, statuses } = await lockWorkflow(tx, projectId, userId);
    findLive(statuses, id);
    if (changes.name !== undefined) requireUniqueName(statuses, changes.name, id);
    const writes = statusRows.updateStatus(tx, projectId, id, changes);
    return { workspaceId: project.workspaceId, writes };
  },

  async deleteStatus({ tx, userId }, { id, projectId, replacementId, updatedAt }) {
    const { project, statuses } = await lockWorkflow(tx, projectId, userId);
    const status = findLive(statuses, id);
    if (replacementId === id) {
      throw new MutationRefused("INVALID", "A status cannot replace itself.");
    }
    const replacement = statuses.find((candidate) => candidate.id === replacementId);
    if (!replacement || replacement.replacedBy !== null) {
      throw new MutationRefused("INVALID", "The status its tasks should move to does not exist.");
    }
    const others = liveStatuses(statuses).filter((candidate) => candidate.id !== id);
    if (
      requiredCategories.includes(status.category) &&
      !others.some((other) => other.category === status.category)
    ) {
      throw new MutationRefused(
        "INVALID",
        `The board needs a status in ${categoryNames[status.category]}: add another before deleting “${status.name}”.`,
      );
    }
    // Its tasks' history says where each went and who moved it, as a move would. Its writes
    // depend on what it reads, so they are done here rather than left in flight (Applied).
    await statusRows.deleteStatus(tx, {
      workspaceId: project.workspaceId,
      projectId,
      id,
      replacementId,
      actorId: userId,
      updatedAt,
    });
    return { workspaceId: project.workspaceId, writes: Promise.resolve() };
  },
};
