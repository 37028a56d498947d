/**
 * The Replicache mutators, one file per entity in this folder, each with its arguments beside
 * it: the contract between the client, which records a mutation, and the server, which re-runs
 * it (DESIGN.md "Mutators"). Written once against a small store interface that Replicache's
 * `WriteTransaction` satisfies, they give the client the optimistic result at once; the server
 * re-runs every mutation authoritatively with SQL (server/sync/push.ts), checking roles,
 * assigning task numbers and writing activity, and its rows replace these values on the next
 * pull. Keep the two in step: server/sync/mutations/mutators-parity.test.ts compares them.
 *
 * Rules for every mutator: parse the arguments first (a bad call throws at the caller); never
 * read the clock or a random source (mutators are replayed on rebase: arguments carry every id,
 * timestamp and sort key); when the row to change is not in the store, do nothing and let the
 * server decide. Names only ever grow: a changed signature gets a new name. Some mutators take
 * an optional parent id (`projectId` of a task, `taskId` of a comment) that the server ignores:
 * it lets the client find the row's key without scanning every task.
 */
import type { z } from "zod";
import { attachmentArgs, attachmentMutators } from "./attachment.ts";
import { commentArgs, commentMutators } from "./comment.ts";
import { inboxArgs, inboxMutators } from "./inbox.ts";
import { labelArgs, labelMutators } from "./label.ts";
import { projectArgs, projectMutators } from "./project.ts";
import { reactionArgs, reactionMutators } from "./reaction.ts";
import { relationArgs, relationMutators } from "./relation.ts";
import type { EntityMutators } from "./store-reads.ts";
import { taskArgs, taskMutators } from "./task.ts";
import { workflowArgs, workflowMutators } from "./workflow.ts";

/** Every mutator's argument schema, by mutator name. */
export const mutatorArgs = {
  ...projectArgs,
  ...taskArgs,
  ...relationArgs,
  ...workflowArgs,
  ...labelArgs,
  ...commentArgs,
  ...reactionArgs,
  ...attachmentArgs,
  ...inboxArgs,
};

export type MutatorName = keyof typeof mutatorArgs;

export const mutatorNames = Object.keys(mutatorArgs) as MutatorName[];

export function isMutatorName(name: string): name is MutatorName {
  return Object.hasOwn(mutatorArgs, name);
}

/** What a caller passes (`z.input`), by mutator name. */
export type MutatorArgs = { [N in MutatorName]: z.input<(typeof mutatorArgs)[N]> };

type Mutators = EntityMutators<typeof mutatorArgs>;

/**
 * The mutators of one signed-in person: `userId` becomes the creator of their tasks and the
 * author of their comments (the server takes it from the session, never from the arguments).
 */
export function createMutators(userId: string): Mutators {
  return {
    ...projectMutators(),
    ...taskMutators(userId),
    ...relationMutators(userId),
    ...workflowMutators(),
    ...labelMutators(),
    ...commentMutators(userId),
    ...reactionMutators(userId),
    ...attachmentMutators(userId),
    ...inboxMutators(userId),
  };
}
