/**
 * `POST /api/replicache/pull` (PullRequest v1), answered by row versioning with client view
 * records (cvr.ts), read top to bottom:
 *
 * 1. Wrong pullVersion or schemaVersion → `VersionNotSupported` (HTTP 200, as Replicache wants).
 * 2. In one repeatable-read transaction: read the client group (403 if another user's; an
 *    unknown group is served too: a forked group arrives with another group's cookie).
 * 3. Load the record the cookie names (unknown or another user's → reset: `clear` + full puts).
 * 4. Fast path: if the person's workspace change counters and notices are what the record was
 *    built from, and no client's lastMutationID moved, answer "nothing changed" without
 *    reading the scope.
 * 5. Otherwise read the scope's keys and versions, diff, fetch full rows for the puts, store the
 *    new record under a fresh id and answer with cookie `{order, cvrId}` where
 *    order = max(cookie order, group's last order) + 1, so a cookie never goes backwards.
 */
import { randomUUID } from "node:crypto";
import type { PatchOperation, PullResponseV1, ReadonlyJSONValue } from "replicache";
import { z } from "zod";
import { SCHEMA_VERSION } from "../../shared/schema-version.ts";
import { ApiError, invalidBody } from "../http/api-error.ts";
import { changedMutationIds, diffCvr } from "./cvr.ts";
import * as data from "./data.ts";
import { withRetry } from "./transaction.ts";
import type postgres from "postgres";

/** Older records than the newest few of a group answer with a reset instead of a diff. */
const CVRS_KEPT_PER_GROUP = 5;
/** A record this old belongs to a browser long closed; its return costs one full pull. */
const CVR_MAX_AGE_DAYS = 14;

const cookieSchema = z.union([
  z.null(),
  z.number(),
  z.string(),
  z.object({ order: z.union([z.number(), z.string()]), cvrId: z.string().optional() }),
]);

const pullRequestSchema = z.object({
  pullVersion: z.literal(1),
  clientGroupID: z.string().min(1).max(200),
  cookie: cookieSchema,
  profileID: z.string().max(200),
  schemaVersion: z.string().max(200),
});

export type PullCookie = { order: number; cvrId: string };

export type PullResult =
  PullResponseV1 | { error: "VersionNotSupported"; versionType: "pull" | "schema" };

export async function pull(sql: postgres.Sql, userId: string, body: unknown): Promise<PullResult> {
  const version = z.looseObject({ pullVersion: z.number() }).safeParse(body);
  if (!version.success) throw invalidBody();
  if (version.data.pullVersion !== 1) {
    return { error: "VersionNotSupported", versionType: "pull" };
  }
  const parsed = pullRequestSchema.safeParse(body);
  if (!parsed.success) throw invalidBody();
  const request = parsed.data;
  if (request.schemaVersion !== SCHEMA_VERSION) {
    return { error: "VersionNotSupported", versionType: "schema" };
  }
  const cookie = request.cookie;
  const cookieOrder = orderOf(cookie);
  const cvrId = typeof cookie === "object" && cookie !== null ? cookie.cvrId : undefined;
  const groupId = request.clientGroupID;

  return withRetry(sql, "repeatable read", async (tx) => {
    // Read, not locked: a no-op pull writes nothing. Two concurrent pulls of one group both
    // write the group's cvr_version below, and repeatable read makes the second one retry.
    const group = (await data.readClientGroup(tx, groupId)) ?? { userId, cvrVersion: 0 };
    if (group.userId !== userId) {
      throw new ApiError(403, "FORBIDDEN", "This client group belongs to another user");
    }
    const previous = cvrId ? await data.loadCvrHeader(tx, cvrId, userId) : null;
    const fingerprint = await data.scopeFingerprint(tx, userId);
    const mutationIds = await data.clientMutationIds(tx, groupId);
    const lastMutationIDChanges = changedMutationIds(
      previous?.clientMutationIds ?? {},
      mutationIds,
    );
    const clientsChanged = Object.keys(lastMutationIDChanges).length > 0;
    const unchanged = { cookie, lastMutationIDChanges: {}, patch: [] };
    if (previous && previous.fingerprint === fingerprint && !clientsChanged) return unchanged;

    const scope = await data.loadScope(tx, userId);
    const entries = Object.fromEntries(scope.versions);
    const previousEntries = previous ? await data.loadCvrEntries(tx, previous.id) : {};
    const { puts, dels } = diffCvr(previousEntries, entries);
    if (previous && puts.length === 0 && dels.length === 0 && !clientsChanged) {
      // Counters moved without a visible change: remember it, so the next pull is fast again.
      await data.updateCvrFingerprint(tx, previous.id, fingerprint);
      return unchanged;
    }

    const patch: PatchOperation[] = previous ? [] : [{ op: "clear" }];
    for (const key of dels) patch.push({ op: "del", key });
    const values = await putValues(tx, scope, puts);
    for (const key of puts) {
      const value = values.get(key);
      if (value !== undefined) patch.push({ op: "put", key, value });
    }

    const next: PullCookie = {
      order: Math.max(cookieOrder, group.cvrVersion) + 1,
      cvrId: randomUUID(),
    };
    await data.setClientGroupVersion(tx, groupId, userId, next.order);
    await data.saveCvr(tx, {
      id: next.cvrId,
      clientGroupId: groupId,
      userId,
      order: next.order,
      entries,
      clientMutationIds: mutationIds,
      fingerprint,
    });
    await data.pruneCvrs(tx, {
      clientGroupId: groupId,
      userId,
      keep: CVRS_KEPT_PER_GROUP,
      maxAgeDays: CVR_MAX_AGE_DAYS,
    });
    return { cookie: next, lastMutationIDChanges, patch };
  });
}

function orderOf(cookie: z.infer<typeof cookieSchema>): number {
  if (cookie === null) return 0;
  if (typeof cookie === "object") return orderOf(cookie.order);
  const order = Number(cookie);
  return Number.isFinite(order) ? Math.max(0, Math.floor(order)) : 0;
}

async function putValues(
  tx: postgres.TransactionSql,
  scope: data.Scope,
  keys: string[],
): Promise<Map<string, ReadonlyJSONValue>> {
  const values = new Map<string, ReadonlyJSONValue>();
  const ids: Record<data.RowKind, string[]> = {
    project: [],
    label: [],
    task: [],
    comment: [],
    activity: [],
  };
  for (const key of keys) {
    const value = scope.values.get(key);
    if (value) values.set(key, value);
    const row = scope.rows.get(key);
    if (row) ids[row.kind].push(row.id);
  }
  for (const [key, value] of await data.loadRows(tx, ids)) values.set(key, value);
  return values;
}
