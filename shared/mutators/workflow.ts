/**
 * A project's workflow: its statuses added, renamed, recoloured, reordered and deleted into
 * another (owner and admin only; the server checks).
 * The arguments, then the optimistic mutators (shared/mutators/mutators.ts has the rules).
 */
import { z } from "zod";
import {
  idSchema,
  statusCategorySchema,
  statusColorSchema,
  statusIconSchema,
  statusSchema,
  taskSchema,
  timestampSchema,
  type Status,
} from "../entities.ts";
import { prefixes, statusKey, taskStoreKey } from "../keys.ts";
import { comparePositions, positionsAfter } from "../task-position.ts";
import { nameField, positionSchema } from "./argument-fields.ts";
import { definedOnly, findProject, readAll, readKey, type EntityMutators } from "./store-reads.ts";

/**
 * A project's workflow (owner and admin only). Status ids are unique within their project, so
 * `projectId` is part of the name here, not a hint. A new status goes into its category at
 * `position`; reordering sends a new position (within the category: the category never changes).
 */
const createStatusArgs = z.object({
  id: idSchema,
  projectId: idSchema,
  name: nameField(50),
  category: statusCategorySchema,
  color: statusColorSchema,
  icon: statusIconSchema.nullable().optional(),
  position: positionSchema,
  createdAt: timestampSchema,
});

const updateStatusArgs = z.object({
  id: idSchema,
  projectId: idSchema,
  name: nameField(50).optional(),
  color: statusColorSchema.optional(),
  icon: statusIconSchema.nullable().optional(),
  position: positionSchema.optional(),
  updatedAt: timestampSchema,
});

/** Its tasks move to the bottom of `replacementId`, in their order; a late move into it lands there too. */
const deleteStatusArgs = z.object({
  id: idSchema,
  projectId: idSchema,
  replacementId: idSchema,
  updatedAt: timestampSchema,
});

/** The workflow mutators' argument schemas, by name. */
export const workflowArgs = {
  createStatus: createStatusArgs,
  updateStatus: updateStatusArgs,
  deleteStatus: deleteStatusArgs,
};

export function workflowMutators(): EntityMutators<typeof workflowArgs> {
  return {
    async createStatus(tx, input) {
      const args = createStatusArgs.parse(input);
      const project = await findProject(tx, args.projectId);
      if (!project || (await tx.get(statusKey(project.id, args.id)))) return;
      const status: Status = {
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
      };
      await tx.set(statusKey(status.projectId, status.id), status);
    },

    async updateStatus(tx, input) {
      const { id, projectId, updatedAt, ...changes } = updateStatusArgs.parse(input);
      const status = await readKey(tx, statusKey(projectId, id), statusSchema);
      if (!status || status.replacedBy !== null) return;
      await tx.set(statusKey(projectId, id), { ...status, ...definedOnly(changes), updatedAt });
    },

    async deleteStatus(tx, input) {
      const { id, projectId, replacementId, updatedAt } = deleteStatusArgs.parse(input);
      const statuses = await readAll(tx, prefixes.status(projectId), statusSchema);
      const status = statuses.find((candidate) => candidate.id === id);
      const replacement = statuses.find((candidate) => candidate.id === replacementId);
      if (!status || status.replacedBy !== null || id === replacementId) return;
      if (!replacement || replacement.replacedBy !== null) return;
      await tx.set(statusKey(projectId, id), { ...status, replacedBy: replacementId, updatedAt });
      // Statuses deleted earlier into this one now point at its replacement: one step, always.
      for (const earlier of statuses) {
        if (earlier.replacedBy !== id) continue;
        await tx.set(statusKey(projectId, earlier.id), { ...earlier, replacedBy: replacementId });
      }
      // Its tasks, in their order, to the bottom of the replacement (as the server does).
      const tasks = await readAll(tx, prefixes.task(projectId), taskSchema);
      const moving = tasks.filter((task) => task.status === id).sort(comparePositions);
      const positions = positionsAfter(
        tasks.filter((task) => task.status === replacementId).map((task) => task.position),
        moving.length,
      );
      for (const [index, task] of moving.entries()) {
        await tx.set(taskStoreKey(projectId, task.id), {
          ...task,
          status: replacementId,
          position: positions[index] ?? task.position,
          updatedAt,
        });
      }
    },
  };
}
