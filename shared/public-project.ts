/**
 * The answer of `GET /api/public/projects/{projectId}` (DESIGN.md "The sync contract"): a
 * public project, its workflow (its statuses in order), its tasks, its workspace's labels and
 * the names of the people tasks are assigned to. Nothing here identifies a person beyond a display name: no emails, no user ids.
 */
import { z } from "zod";
import {
  dueDateSchema,
  labelColorSchema,
  statusCategorySchema,
  statusColorSchema,
  statusIconSchema,
  taskPrioritySchema,
  taskStatusSchema,
  timestampSchema,
} from "./entities.ts";

const publicTaskSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  title: z.string(),
  description: z.string(),
  status: taskStatusSchema,
  priority: taskPrioritySchema,
  dueDate: dueDateSchema.nullable(),
  position: z.string(),
  labelIds: z.array(z.string()),
  assigneeName: z.string().nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});

/** A status of the project (deleted ones left out), in workflow order. */
const publicStatusSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: statusCategorySchema,
  color: statusColorSchema,
  icon: statusIconSchema.nullable(),
});

const publicLabelSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: labelColorSchema,
});

export const publicProjectSchema = z.object({
  project: z.object({
    id: z.string(),
    name: z.string(),
    key: z.string(),
    icon: z.string().nullable(),
    description: z.string(),
  }),
  statuses: z.array(publicStatusSchema),
  tasks: z.array(publicTaskSchema),
  labels: z.array(publicLabelSchema),
});

export type PublicTask = z.infer<typeof publicTaskSchema>;
export type PublicStatus = z.infer<typeof publicStatusSchema>;
export type PublicLabel = z.infer<typeof publicLabelSchema>;
export type PublicProject = z.infer<typeof publicProjectSchema>;
