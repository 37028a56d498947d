/**
 * The authoritative run of each mutator, inside the push transaction: validate the arguments,
 * find the workspace the mutation touches, check the caller's role there, write, and record
 * the task's activity. The optimistic twin of each function is in shared/mutators/; what
 * differs on purpose: the server assigns task numbers, writes activity, and takes the creator
 * and author from the session.
 */
import { z } from "zod";
import { unstorablePath } from "../../../shared/storable-text.ts";
import { describeInvalidArguments, describeUnstorable } from "./invalid-arguments.ts";
import type { Applied, Handler, HandlerContext } from "./handler.ts";
import { MutationRefused } from "./permissions-check.ts";
import { mutatorArgs, type MutatorName } from "../../../shared/mutators/mutators.ts";
import { workflowHandlers } from "./workflow-mutations.ts";
import { projectHandlers } from "./project.ts";
import { taskHandlers } from "./task.ts";
import { relationHandlers } from "./relation.ts";
import { labelHandlers } from "./label.ts";
import { commentHandlers } from "./comment.ts";
import { reactionHandlers } from "./reaction.ts";
import { attachmentHandlers } from "./attachment.ts";
import { inboxHandlers } from "./inbox.ts";

/**
 * Checks one mutation and sends its writes (see Applied, handler.ts).
 * Throws `MutationRefused` for anything the caller may not or cannot do.
 */
export async function applyMutation(
  context: HandlerContext,
  name: MutatorName,
  rawArgs: unknown,
): Promise<Applied> {
  const unstorable = unstorablePath(rawArgs);
  if (unstorable) throw new MutationRefused("INVALID", describeUnstorable(unstorable));
  // The input in each issue tells a missing value from a wrong one (invalid-arguments.ts).
  const parsed = mutatorArgs[name].safeParse(rawArgs, { reportInput: true });
  if (!parsed.success) {
    throw new MutationRefused("INVALID", describeInvalidArguments(parsed.error));
  }
  // The schema of `name` parsed the arguments, so they fit the handler of `name`.
  const handler = handlers[name] as Handler<typeof name>;
  return handler(context, parsed.data as never);
}

/** The ids a mutation names, read loosely: a malformed mutation is refused by applyMutation. */
const namedIds = z
  .looseObject({
    id: z.string(),
    projectId: z.string(),
    taskId: z.string(),
    parentId: z.string().nullable(),
  })
  .partial();

/**
 * The project and task rows the handler of a mutation locks. A batch locks all of its rows
 * first, in one order (server/db/row-locks.ts `lockRows`): two batches that reach the same rows in
 * another order would otherwise deadlock, and Postgres takes a second to notice
 * (deadlock_timeout).
 */
export function rowsToLock(
  name: MutatorName,
  rawArgs: unknown,
): { projectIds: string[]; taskIds: string[] } {
  const ids = namedIds.safeParse(rawArgs);
  if (!ids.success) return { projectIds: [], taskIds: [] };
  const { id, projectId, taskId, parentId } = ids.data;
  const only = (...values: (string | null | undefined)[]) =>
    values.filter((value): value is string => typeof value === "string");
  switch (name) {
    // A new parent is locked too (lockParentTask), so it cannot become a sub-task meanwhile.
    case "createTask":
      return { projectIds: only(projectId), taskIds: only(parentId) };
    case "createStatus":
    case "updateStatus":
    case "deleteStatus":
      return { projectIds: only(projectId), taskIds: [] };
    case "updateProject":
    case "deleteProject":
      return { projectIds: only(id), taskIds: [] };
    case "updateTask":
      return { projectIds: [], taskIds: only(id, parentId) };
    case "editDescription":
    case "moveTask":
    case "deleteTask":
      return { projectIds: [], taskIds: only(id) };
    case "restoreTask":
      return { projectIds: only(projectId), taskIds: only(id) };
    case "addComment":
    case "addAttachment":
    case "subscribeToTask":
      return { projectIds: [], taskIds: only(taskId) };
    default:
      // Labels and comments: rarely contended, and a deadlock is retried anyway.
      return { projectIds: [], taskIds: [] };
  }
}

const handlers: { [N in MutatorName]: Handler<N> } = {
  ...projectHandlers,
  ...taskHandlers,
  ...relationHandlers,
  ...workflowHandlers,
  ...labelHandlers,
  ...commentHandlers,
  ...reactionHandlers,
  ...attachmentHandlers,
  ...inboxHandlers,
};
