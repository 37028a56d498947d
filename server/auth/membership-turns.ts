/**
 * better-auth checks that a workspace keeps an owner, then writes, in separate statements: two
 * owners demoting each other at the same moment both passed the check (6 of 6 races) and left
 * the workspace with none. So the calls that take someone's role or membership away take turns,
 * each starting once the one before has committed, and better-auth's own check then sees it:
 * - in one process, a queue: a call waits for the one before;
 * - on Postgres, across every instance, the call also runs in a transaction holding an advisory
 *   lock (released however the call ends). The queue keeps each instance to one connection
 *   waiting for it, so a crowd of these calls cannot take the pool that the call holding the
 *   lock needs for its own statements. (The embedded database has one process and one
 *   connection: the queue is all it needs, and a transaction would hold its only connection.)
 * Such calls are rare and short, so one turn for the whole server costs nothing measurable.
 * Should anything else change roles, migration 0017's trigger refuses a write that leaves a
 * workspace with members but no owner.
 */
import type postgres from "postgres";
import type { DatabaseMode } from "../db/database.ts";
import { AUTH_BASE } from "./mailed-link-pages.ts";

export type AuthHandler = (request: Request) => Promise<Response>;

/** better-auth's paths that can take the role of owner from someone. */
const TAKE_ROLES = new Set([
  "/organization/update-member-role",
  "/organization/remove-member",
  "/organization/leave",
  "/delete-user",
  "/delete-user/callback",
]);

/** pg_advisory_xact_lock's key for these calls: any number no other lock of ours uses. */
const MEMBERSHIP_LOCK = 4_300_043;

export function inMembershipTurns(
  handler: AuthHandler,
  { sql, mode }: { sql: postgres.Sql; mode: DatabaseMode },
): AuthHandler {
  const locked: AuthHandler =
    mode === "embedded"
      ? handler
      : (request) =>
          sql.begin(async (tx) => {
            await tx`select pg_advisory_xact_lock(${MEMBERSHIP_LOCK})`;
            return handler(request);
          });
  let queue: Promise<unknown> = Promise.resolve();
  return (request) => {
    const path = new URL(request.url).pathname.slice(AUTH_BASE.length);
    if (!TAKE_ROLES.has(path)) return handler(request);
    const turn = queue.then(() => locked(request));
    queue = turn.catch(() => {});
    return turn;
  };
}
