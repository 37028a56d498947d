/**
 * The push's handlers of a workspace's labels.
 */
import * as labelRows from "../rows/label-rows.ts";
import type { Handlers } from "./handler.ts";
import { notFound, requireActions, requireMembership } from "./permissions-check.ts";

export const labelHandlers: Handlers<"createLabel" | "updateLabel" | "deleteLabel"> = {
  async createLabel({ tx, userId }, args) {
    const role = await requireMembership(tx, args.workspaceId, userId, "workspace");
    requireActions(role, "label.create");
    const writes = labelRows.insertLabel(tx, {
      id: args.id,
      workspaceId: args.workspaceId,
      name: args.name,
      color: args.color,
      createdAt: args.createdAt,
      updatedAt: args.createdAt,
    });
    return { workspaceId: args.workspaceId, writes };
  },

  async updateLabel({ tx, userId }, { id, ...changes }) {
    const label = await labelRows.lockLabel(tx, id, userId);
    if (!label?.role) throw notFound("label");
    requireActions(label.role, "label.update");
    return { workspaceId: label.workspaceId, writes: labelRows.updateLabel(tx, id, changes) };
  },

  async deleteLabel({ tx, userId }, { id }) {
    const label = await labelRows.lockLabel(tx, id, userId);
    if (!label?.role) throw notFound("label");
    requireActions(label.role, "label.delete");
    return { workspaceId: label.workspaceId, writes: labelRows.deleteLabel(tx, id) };
  },
};
