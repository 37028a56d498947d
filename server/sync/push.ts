/**
 * `POST /api/replicache/push` (PushRequest v1), read top to bottom:
 *
 * 1. Wrong pushVersion or schemaVersion → `VersionNotSupported` (HTTP 200). A client group of
 *    another user → 403 before anything is written.
 * 2. Each mutation in its own serializable transaction (retried on 40001/40P01): lock the
 *    client group row, read the client's lastMutationID, skip ids already applied, apply
 *    (apply-mutation.ts), bump lastMutationID, queue the poke (`pg_notify` commits with it).
 *    A push of several mutations first tries them all in one transaction (processBatch); any
 *    refusal rolls that back and the mutations go one by one as described here.
 * 3. A permanent failure (invalid arguments, refused by the role rules, missing row, a
 *    constraint such as a duplicate project key) rolls that transaction back, and a second one
 *    only advances lastMutationID and records a notice for the author: the client's optimistic
 *    change disappears on the next pull and the notice says why. Anything else (the database
 *    unreachable, serialization failures that outlast the retries) is transient: the request
 *    fails with a 5xx, lastMutationID stays, and Replicache pushes the mutation again later.
 * 4. An unknown client whose first mutation id is above 1 means the server lost its state:
 *    `ClientStateNotFound` (HTTP 200), and the client starts a new group.
 */
import type postgres from "postgres";
import type { Logger } from "../logger.ts";
import { z } from "zod";
import type { NoticeCode } from "../../shared/entities.ts";
import { isMutatorName } from "../../shared/mutator-args.ts";
import { SCHEMA_VERSION } from "../../shared/schema-version.ts";
import { ApiError, invalidBody } from "../http/api-error.ts";
import { applyMutation } from "./apply-mutation.ts";
import * as data from "./data.ts";
import { MutationRefused } from "./permissions-check.ts";
import type { PokeAnnouncer } from "./poke.ts";
import { postgresErrorCode, serializable, type Tx } from "./transaction.ts";

const mutationSchema = z.object({
  clientID: z.string().min(1).max(200),
  id: z.number().int().positive(),
  name: z.string().max(200),
  args: z.unknown(),
  timestamp: z.number(),
});

const pushRequestSchema = z.object({
  pushVersion: z.literal(1),
  clientGroupID: z.string().min(1).max(200),
  mutations: z.array(mutationSchema),
  profileID: z.string().max(200),
  schemaVersion: z.string().max(200),
});

type Mutation = z.infer<typeof mutationSchema>;

export type PushResult =
  | Record<string, never>
  | { error: "ClientStateNotFound" }
  | { error: "VersionNotSupported"; versionType: "push" | "schema" };

export type PushDeps = { sql: postgres.Sql; logger: Logger; announcer: PokeAnnouncer };

const forbiddenGroup = () =>
  new ApiError(403, "FORBIDDEN", "This client group belongs to another user");

export async function push(deps: PushDeps, userId: string, body: unknown): Promise<PushResult> {
  const version = z.looseObject({ pushVersion: z.number() }).safeParse(body);
  if (!version.success) throw invalidBody();
  if (version.data.pushVersion !== 1) {
    return { error: "VersionNotSupported", versionType: "push" };
  }
  const parsed = pushRequestSchema.safeParse(body);
  if (!parsed.success) throw invalidBody();
  const request = parsed.data;
  if (request.schemaVersion !== SCHEMA_VERSION) {
    return { error: "VersionNotSupported", versionType: "schema" };
  }
  const owner = await data.clientGroupOwner(deps.sql, request.clientGroupID);
  if (owner !== null && owner !== userId) throw forbiddenGroup();

  if (request.mutations.length > 1) {
    const batch = await processBatch(deps, userId, request.clientGroupID, request.mutations);
    if (batch === "applied") return {};
  }
  for (const mutation of request.mutations) {
    const outcome = await processMutation(deps, userId, request.clientGroupID, mutation);
    if (outcome === "client-state-not-found") return { error: "ClientStateNotFound" };
  }
  return {};
}

/** Thrown inside a batch to roll it back and take the one-by-one path instead. */
class LeaveBatch extends Error {}

/**
 * The usual push of several mutations (a browser sends everything pending at once): all in one
 * serializable transaction, one commit and one notification instead of one per mutation. Any
 * mutation that would be refused, or a client the server does not know, rolls the whole batch
 * back and the request is replayed one transaction per mutation (processMutation), which
 * records each refusal on its own. Transient errors are retried for the whole batch.
 */
async function processBatch(
  deps: PushDeps,
  userId: string,
  clientGroupId: string,
  mutations: Mutation[],
): Promise<"applied" | "one-by-one"> {
  try {
    const workspaceIds = await serializable(deps.sql, async (tx) => {
      const touched = new Set<string>();
      for (const mutation of mutations) {
        const next = await nextMutationId(tx, { userId, clientGroupId, mutation });
        if (next === "skipped") continue;
        if (next === "client-state-not-found" || !isMutatorName(mutation.name)) {
          throw new LeaveBatch();
        }
        touched.add(await applyMutation({ tx, userId }, mutation.name, mutation.args));
        await data.setLastMutationId(tx, mutation.clientID, clientGroupId, mutation.id);
      }
      if (touched.size > 0) {
        await deps.announcer.inTransaction(tx, { workspaceIds: [...touched], userIds: [] });
      }
      return [...touched];
    });
    if (workspaceIds.length > 0) deps.announcer.afterCommit({ workspaceIds, userIds: [] });
    return "applied";
  } catch (error) {
    if (error instanceof LeaveBatch || asRefusal(error)) return "one-by-one";
    throw error;
  }
}

type Outcome = "applied" | "skipped" | "refused" | "client-state-not-found";

async function processMutation(
  deps: PushDeps,
  userId: string,
  clientGroupId: string,
  mutation: Mutation,
): Promise<Outcome> {
  const context = { userId, clientGroupId, mutation };
  try {
    const result = await serializable(deps.sql, async (tx) => {
      const next = await nextMutationId(tx, context);
      if (typeof next === "string") return { outcome: next, workspaceId: null };
      if (!isMutatorName(mutation.name)) {
        throw new MutationRefused("INVALID", `Unknown mutation ${mutation.name}`);
      }
      const workspaceId = await applyMutation({ tx, userId }, mutation.name, mutation.args);
      await data.setLastMutationId(tx, mutation.clientID, clientGroupId, mutation.id);
      await deps.announcer.inTransaction(tx, { workspaceIds: [workspaceId], userIds: [] });
      return { outcome: "applied" as const, workspaceId };
    });
    if (result.workspaceId) {
      deps.announcer.afterCommit({ workspaceIds: [result.workspaceId], userIds: [] });
    }
    return result.outcome;
  } catch (error) {
    const refusal = asRefusal(error);
    if (!refusal) throw error;
    deps.logger.info(
      {
        userId,
        clientId: mutation.clientID,
        mutationId: mutation.id,
        name: mutation.name,
        reason: refusal.message,
      },
      "mutation refused",
    );
    return recordRefusal(deps, context, refusal);
  }
}

type MutationContext = { userId: string; clientGroupId: string; mutation: Mutation };

/**
 * Locks the group and checks the client's sequence. Returns "skipped" for an id already
 * applied, "client-state-not-found" when the server has no record of an established client.
 */
async function nextMutationId(
  tx: Tx,
  { userId, clientGroupId, mutation }: MutationContext,
): Promise<number | "skipped" | "client-state-not-found"> {
  const group = await data.lockClientGroup(tx, clientGroupId, userId);
  if (group.userId !== userId) throw forbiddenGroup();
  const client = await data.getClient(tx, mutation.clientID);
  if (client && client.clientGroupId !== clientGroupId) {
    throw new ApiError(403, "FORBIDDEN", "This client belongs to another client group");
  }
  const expected = (client?.lastMutationId ?? 0) + 1;
  if (mutation.id < expected) return "skipped";
  if (mutation.id > expected) {
    if (!client) return "client-state-not-found";
    // The client is ahead of what we stored: a server restored from an older backup.
    throw new Error(
      `mutation ${mutation.id} of client ${mutation.clientID} is from the future (expected ${expected})`,
    );
  }
  return expected;
}

/** The failure as a notice, when it is permanent; null when it is transient. */
function asRefusal(error: unknown): { code: NoticeCode; message: string } | null {
  if (error instanceof MutationRefused) return { code: error.code, message: error.message };
  const code = postgresErrorCode(error);
  // 23: integrity constraints (a duplicate project key, a row that vanished); 22: bad data.
  if (code === "23505") {
    return {
      code: "CONFLICT",
      message: "This conflicts with existing data (a duplicate key or id).",
    };
  }
  if (code?.startsWith("23") || code?.startsWith("22")) {
    return { code: "INVALID", message: "The change does not fit the data it refers to." };
  }
  return null;
}

async function recordRefusal(
  deps: PushDeps,
  { userId, clientGroupId, mutation }: MutationContext,
  refusal: { code: NoticeCode; message: string },
): Promise<Outcome> {
  const outcome = await serializable(deps.sql, async (tx): Promise<Outcome> => {
    const next = await nextMutationId(tx, { userId, clientGroupId, mutation });
    if (typeof next === "string") return next;
    await data.setLastMutationId(tx, mutation.clientID, clientGroupId, mutation.id);
    await data.insertNotice(tx, { userId, mutationName: mutation.name, ...refusal });
    await deps.announcer.inTransaction(tx, { workspaceIds: [], userIds: [userId] });
    return "refused";
  });
  if (outcome === "refused") deps.announcer.afterCommit({ workspaceIds: [], userIds: [userId] });
  return outcome;
}
