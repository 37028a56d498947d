/**
 * A project: its name, key, icon, description and whether it is public. A new project starts
 * with the default workflow's statuses; a deleted one takes its tasks, statuses and relations.
 * The arguments, then the optimistic mutators (shared/mutators/mutators.ts has the rules).
 */
import { z } from "zod";
import { idSchema, timestampSchema, type Project } from "../entities.ts";
import { prefixes, projectKey, statusKey } from "../keys.ts";
import { defaultProjectStatuses } from "../statuses.ts";
import { nameField, projectKeySchema, descriptionSchema } from "./argument-fields.ts";
import {
  deleteRelationsOf,
  deleteTaskAndChildren,
  definedOnly,
  findProject,
  idOfKey,
  type EntityMutators,
} from "./store-reads.ts";

const createProjectArgs = z.object({
  id: idSchema,
  workspaceId: idSchema,
  name: nameField(100),
  key: projectKeySchema,
  icon: z.string().max(64).nullable().optional(),
  description: descriptionSchema.optional(),
  createdAt: timestampSchema,
});

const updateProjectArgs = z.object({
  id: idSchema,
  name: nameField(100).optional(),
  key: projectKeySchema.optional(),
  icon: z.string().max(64).nullable().optional(),
  description: descriptionSchema.optional(),
  isPublic: z.boolean().optional(),
  updatedAt: timestampSchema,
});

const deleteProjectArgs = z.object({ id: idSchema });

/** The project mutators' argument schemas, by name. */
export const projectArgs = {
  createProject: createProjectArgs,
  updateProject: updateProjectArgs,
  deleteProject: deleteProjectArgs,
};

export function projectMutators(): EntityMutators<typeof projectArgs> {
  return {
    async createProject(tx, input) {
      const args = createProjectArgs.parse(input);
      const project: Project = {
        id: args.id,
        workspaceId: args.workspaceId,
        name: args.name,
        key: args.key,
        icon: args.icon ?? null,
        description: args.description ?? "",
        isPublic: false,
        lastTaskNumber: 0,
        createdAt: args.createdAt,
        updatedAt: args.createdAt,
      };
      await tx.set(projectKey(project.workspaceId, project.id), project);
      // The server's project insert creates the same six (migration 0010).
      for (const status of defaultProjectStatuses(project, args.createdAt)) {
        await tx.set(statusKey(project.id, status.id), status);
      }
    },

    async updateProject(tx, input) {
      const { id, updatedAt, ...changes } = updateProjectArgs.parse(input);
      const project = await findProject(tx, id);
      if (!project) return;
      const next: Project = { ...project, ...definedOnly(changes), updatedAt };
      await tx.set(projectKey(project.workspaceId, id), next);
    },

    async deleteProject(tx, input) {
      const { id } = deleteProjectArgs.parse(input);
      const project = await findProject(tx, id);
      if (!project) return;
      const keys = await tx
        .scan({ prefix: prefixes.task(id) })
        .keys()
        .toArray();
      for (const key of keys) await deleteTaskAndChildren(tx, key);
      await deleteRelationsOf(tx, project.workspaceId, new Set(keys.map(idOfKey)));
      for (const key of await tx
        .scan({ prefix: prefixes.status(id) })
        .keys()
        .toArray()) {
        await tx.del(key);
      }
      await tx.del(projectKey(project.workspaceId, id));
    },
  };
}
