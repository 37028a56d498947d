import { z } from "zod";
import { taskPrioritySchema, taskStatusSchema } from "../../../shared/entities.ts";

/**
 * What was typed into New task and not yet created, one draft per project: closing the dialog
 * (Esc, a click outside, the close button) keeps it, and reopening it in that project brings
 * it back. In sessionStorage, so a reload keeps it and closing the tab forgets it; creating
 * the task or "Discard" removes it.
 */
const draftSchema = z.object({
  title: z.string(),
  description: z.string(),
  status: taskStatusSchema,
  priority: taskPrioritySchema,
  assigneeId: z.string().nullable(),
  dueDate: z.string().nullable(),
  labelIds: z.array(z.string()),
});

export type TaskDraft = z.infer<typeof draftSchema>;

export const emptyDraft: TaskDraft = {
  title: "",
  description: "",
  // Every project has this status unless deleted; the dialog then starts at its first unstarted one.
  status: "to-do",
  priority: "no-priority",
  assigneeId: null,
  dueDate: null,
  labelIds: [],
};

const storageKey = (projectId: string) => `new-task-draft:${projectId}`;

/** Whether the draft holds anything a person would mind losing. */
export const hasContent = (draft: TaskDraft) =>
  draft.title.trim() !== "" || draft.description.trim() !== "";

export function readDraft(projectId: string): TaskDraft {
  try {
    const stored = sessionStorage.getItem(storageKey(projectId));
    if (stored === null) return emptyDraft;
    const parsed = draftSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : emptyDraft;
  } catch {
    // Storage blocked (a privacy mode) or a damaged entry: start from an empty draft.
    return emptyDraft;
  }
}

export function saveDraft(projectId: string, draft: TaskDraft): void {
  try {
    if (hasContent(draft)) sessionStorage.setItem(storageKey(projectId), JSON.stringify(draft));
    else sessionStorage.removeItem(storageKey(projectId));
  } catch {
    // Storage full or blocked: the draft lives on in memory while the dialog is open.
  }
}

export function discardDraft(projectId: string): void {
  try {
    sessionStorage.removeItem(storageKey(projectId));
  } catch {
    // Nothing was stored.
  }
}
