/**
 * The sentence a person reads when the server refuses a change for its values: "The change had
 * invalid values: title is too long." A refusal notice reaches the author as a toast, so it is
 * built from the zod issues' paths and codes in words, never zod's own message (which is the
 * issues as JSON).
 */
import type { z } from "zod";

/** The arguments' fields as the screens name them. */
const fieldNames: Record<string, string> = {
  id: "the id",
  workspaceId: "the workspace",
  projectId: "the project",
  taskId: "the task",
  name: "the name",
  key: "the key",
  icon: "the icon",
  description: "the description",
  isPublic: "the sharing setting",
  title: "the title",
  status: "the status",
  priority: "the priority",
  assigneeId: "the assignee",
  dueDate: "the due date",
  position: "the position",
  labelIds: "the labels",
  parentId: "the parent task",
  subtasks: "what happens to the sub-tasks",
  relatedTaskId: "the related task",
  kind: "the kind of relation",
  number: "the task number",
  createdBy: "the creator",
  restoredAt: "the time of the restore",
  color: "the colour",
  body: "the comment",
  commentId: "the comment",
  emoji: "the emoji",
  createdAt: "the time of creation",
  updatedAt: "the time of the change",
  readAt: "the time it was read",
  archivedAt: "the time it was archived",
  deletedAt: "the time of the deletion",
  removedAt: "the time of the removal",
  direct: "the mail setting for mentions and assignments",
  other: "the mail setting for other notifications",
};

const formatNames: Record<string, string> = {
  datetime: "date and time",
  date: "date",
  email: "email address",
};

/** At most this many problems are named; a change with more is rare and the first few say enough. */
const MAX_PROBLEMS = 3;

export function describeInvalidArguments(error: z.ZodError): string {
  const problems = [...new Set(error.issues.map(describeIssue))].slice(0, MAX_PROBLEMS);
  return `The change had invalid values: ${inWords(problems)}.`;
}

/** The sentence for a string no text column can store as written (shared/storable-text.ts). */
export function describeUnstorable(path: readonly PropertyKey[]): string {
  return `The change had invalid values: ${fieldName(path)} has a character that cannot be stored.`;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const field = fieldName(issue.path);
  switch (issue.code) {
    case "too_big":
      return issue.origin === "string"
        ? `${field} is too long`
        : issue.origin === "array" || issue.origin === "set"
          ? `${field} has too many entries`
          : `${field} is too large`;
    case "too_small":
      if (issue.origin === "string") {
        return Number(issue.minimum) <= 1 ? `${field} is empty` : `${field} is too short`;
      }
      return issue.origin === "array" || issue.origin === "set"
        ? `${field} has too few entries`
        : `${field} is too small`;
    case "invalid_type":
      return issue.input === undefined ? `${field} is missing` : `${field} has the wrong type`;
    case "invalid_value":
      return `${field} is not one of the allowed values`;
    case "invalid_format":
      return issue.format in formatNames
        ? `${field} is not a valid ${formatNames[issue.format]}`
        : `${field} is not in the expected form`;
    case "custom": {
      // A refinement may say what it expected in words (shared/reaction-emoji.ts).
      const expected: unknown = issue.params?.["expected"];
      return typeof expected === "string" ? `${field} is not ${expected}` : `${field} is not valid`;
    }
    default:
      return `${field} is not valid`;
  }
}

function fieldName(path: readonly PropertyKey[]): string {
  const [first] = path;
  if (first === undefined) return "the change as a whole";
  const name = String(first);
  return fieldNames[name] ?? `the field ${name.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`)}`;
}

/** "a", "a and b", "a, b and c". */
function inWords(parts: string[]): string {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}
