/**
 * A workspace's labels: any member creates one; owners and admins change and delete them.
 * The arguments, then the optimistic mutators (shared/mutators/mutators.ts has the rules).
 */
import { z } from "zod";
import {
  idSchema,
  labelColorSchema,
  labelSchema,
  taskSchema,
  timestampSchema,
  type Label,
} from "../entities.ts";
import { labelKey, prefixes, taskStoreKey } from "../keys.ts";
import { nameField } from "./argument-fields.ts";
import { definedOnly, findById, readAll, type EntityMutators } from "./store-reads.ts";

const createLabelArgs = z.object({
  id: idSchema,
  workspaceId: idSchema,
  name: nameField(50),
  color: labelColorSchema,
  createdAt: timestampSchema,
});

const updateLabelArgs = z.object({
  id: idSchema,
  name: nameField(50).optional(),
  color: labelColorSchema.optional(),
  updatedAt: timestampSchema,
});

const deleteLabelArgs = z.object({ id: idSchema });

/** The label mutators' argument schemas, by name. */
export const labelArgs = {
  createLabel: createLabelArgs,
  updateLabel: updateLabelArgs,
  deleteLabel: deleteLabelArgs,
};

export function labelMutators(): EntityMutators<typeof labelArgs> {
  return {
    async createLabel(tx, input) {
      const args = createLabelArgs.parse(input);
      const label: Label = {
        id: args.id,
        workspaceId: args.workspaceId,
        name: args.name,
        color: args.color,
        createdAt: args.createdAt,
        updatedAt: args.createdAt,
      };
      await tx.set(labelKey(label.workspaceId, label.id), label);
    },

    async updateLabel(tx, input) {
      const { id, updatedAt, ...changes } = updateLabelArgs.parse(input);
      const label = await findById(tx, prefixes.label(), id, labelSchema);
      if (!label) return;
      await tx.set(labelKey(label.workspaceId, id), {
        ...label,
        ...definedOnly(changes),
        updatedAt,
      });
    },

    async deleteLabel(tx, input) {
      const { id } = deleteLabelArgs.parse(input);
      const label = await findById(tx, prefixes.label(), id, labelSchema);
      if (!label) return;
      await tx.del(labelKey(label.workspaceId, id));
      // Rare enough to afford a scan of every task: the label leaves the tasks that had it.
      for (const task of await readAll(tx, prefixes.task(), taskSchema)) {
        if (task.workspaceId !== label.workspaceId || !task.labelIds.includes(id)) continue;
        await tx.set(taskStoreKey(task.projectId, task.id), {
          ...task,
          labelIds: task.labelIds.filter((labelId) => labelId !== id),
        });
      }
    },
  };
}
