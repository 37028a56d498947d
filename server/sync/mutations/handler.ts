/**
 * The types every mutation handler shares (apply-mutation.ts dispatches to the handlers;
 * workflow-mutations.ts and the others write them), in a file of their own so that no handler
 * file imports the dispatch.
 */
import type { z } from "zod";
import type { mutatorArgs, MutatorName } from "../../../shared/mutators/mutators.ts";
import type { Tx } from "../../db/transaction.ts";

/** `maxUploadBytes`: MAX_UPLOAD_MB of this server (DEFAULT_MAX_UPLOAD_MB when not given). */
export type HandlerContext = { tx: Tx; userId: string; maxUploadBytes?: number };

/**
 * A mutation that passed every check: the workspace it changes (null for the person's own
 * notices, notifications and settings, which belong to no workspace), the people whose own
 * data it changes (`userIds`: poked besides the workspace), and its writes, sent but not yet
 * answered. The caller sends its own last statements (the client's lastMutationID, the poke)
 * and the COMMIT right behind them, so they reach Postgres in one round trip: the row the
 * handler locked is held that much shorter, and concurrent pushes of one row take turns faster.
 * Every statement of `writes` must therefore be begun by the time the handler returns (several
 * are sent with Promise.all, which runs them in order); a write that depends on what another
 * statement reads is awaited in the handler instead (server/db/transaction.ts refuses a late one).
 */
export type Applied = { workspaceId: string | null; userIds?: string[]; writes: Promise<unknown> };

export type Handler<N extends MutatorName> = (
  context: HandlerContext,
  args: z.output<(typeof mutatorArgs)[N]>,
) => Promise<Applied>;

/** The handlers of some mutators, each of its own arguments (one entity's file holds these). */
export type Handlers<N extends MutatorName> = { [K in N]: Handler<K> };
