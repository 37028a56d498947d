/**
 * The push's handlers of projects: create, update (name, sharing…), delete.
 */
import * as projectRows from "../rows/project-rows.ts";
import type { Handlers } from "./handler.ts";
import { notFound, requireActions, requireMembership } from "./permissions-check.ts";

export const projectHandlers: Handlers<"createProject" | "updateProject" | "deleteProject"> = {
  async createProject({ tx, userId }, args) {
    const role = await requireMembership(tx, args.workspaceId, userId, "workspace");
    requireActions(role, "project.create");
    const writes = projectRows.insertProject(tx, {
      id: args.id,
      workspaceId: args.workspaceId,
      name: args.name,
      key: args.key,
      icon: args.icon ?? null,
      description: args.description ?? "",
      createdAt: args.createdAt,
      updatedAt: args.createdAt,
    });
    return { workspaceId: args.workspaceId, writes };
  },

  async updateProject({ tx, userId }, { id, ...changes }) {
    const project = await projectRows.lockProject(tx, id, userId);
    if (!project?.role) throw notFound("project");
    requireActions(project.role, "project.update");
    if (changes.isPublic !== undefined && changes.isPublic !== project.isPublic) {
      requireActions(project.role, "project.share");
    }
    return { workspaceId: project.workspaceId, writes: projectRows.updateProject(tx, id, changes) };
  },

  async deleteProject({ tx, userId }, { id }) {
    const project = await projectRows.lockProject(tx, id, userId);
    if (!project?.role) throw notFound("project");
    requireActions(project.role, "project.delete");
    return { workspaceId: project.workspaceId, writes: projectRows.deleteProject(tx, id) };
  },
};
