/**
 * Pokes for writes better-auth makes: workspace create/update/delete, invitation accepted,
 * role changed, member removed or left, and a member's name or image updated. The after-hook
 * in server/auth/auth.ts hands every auth call here; the database triggers of
 * migrations/0003_sync.sql already bumped the change counters, this only tells the connected
 * browsers to pull. Calls that may end sessions (sign-out, revocations…) are announced too, so
 * every instance closes the poke streams of the ended sessions at once.
 */
import type postgres from "postgres";
import { z } from "zod";
import type { Logger } from "../logger.ts";
import { userWorkspaceIds } from "./auth-rows.ts";
import type { PokeAnnouncer, SyncChange } from "../db/notify.ts";

export type AuthCall = {
  path: string;
  body: unknown;
  /** What the endpoint returned (an error object when it failed). */
  returned: unknown;
  /** The signed-in user who made the call, when there is one. */
  userId: string | undefined;
};

/** The calls whose response is the workspace itself. */
const RETURNS_WORKSPACE = new Set([
  "/organization/create",
  "/organization/update",
  "/organization/delete",
]);

/** Calls that change synced data; everything else under /organization/ only reads. */
const WRITES = new Set([
  "/organization/create",
  "/organization/update",
  "/organization/delete",
  "/organization/accept-invitation",
  "/organization/add-member",
  "/organization/update-member-role",
  "/organization/remove-member",
  "/organization/leave",
  "/update-user",
]);

/**
 * Calls that delete sessions. Any other way a session goes (expiry, a deleted anonymous user)
 * is found by the periodic check in poke.ts.
 */
const ENDS_SESSIONS = new Set([
  "/sign-out",
  "/revoke-session",
  "/revoke-sessions",
  "/revoke-other-sessions",
  "/reset-password",
  "/change-password",
  "/delete-user",
  "/delete-user/callback",
  "/delete-anonymous-user",
  "/magic-link/verify",
]);

const idsSchema = z.looseObject({
  id: z.string().optional(),
  organizationId: z.string().optional(),
  userId: z.string().optional(),
  member: z.looseObject({ organizationId: z.string(), userId: z.string() }).optional(),
  invitation: z.looseObject({ organizationId: z.string() }).optional(),
});

export function authCallAnnouncer(deps: {
  sql: postgres.Sql;
  announcer: PokeAnnouncer;
  logger: Logger;
}) {
  return async (call: AuthCall): Promise<void> => {
    if (ENDS_SESSIONS.has(call.path) && !failed(call.returned)) {
      try {
        await deps.announcer.sessionsEnded();
      } catch (error) {
        // The periodic check of the sessions ends those streams a few seconds later.
        deps.logger.warn({ err: error, path: call.path }, "could not announce ended sessions");
      }
      return;
    }
    if (!WRITES.has(call.path) || call.returned instanceof Error) return;
    try {
      const change = await changeOf(deps.sql, call);
      await deps.announcer.announce(change);
    } catch (error) {
      // The write itself succeeded; a missed poke is caught up by the client's periodic pull.
      deps.logger.warn({ err: error, path: call.path }, "could not announce a workspace change");
    }
  };
}

/** better-auth returns its redirects (a verified link, a confirmed deletion) as errors. */
function failed(returned: unknown): boolean {
  if (!(returned instanceof Error)) return false;
  const status = "statusCode" in returned ? returned.statusCode : undefined;
  return !(typeof status === "number" && status >= 300 && status < 400);
}

async function changeOf(sql: postgres.Sql, call: AuthCall): Promise<SyncChange> {
  const userIds = new Set<string>();
  const workspaceIds = new Set<string>();
  if (call.userId) userIds.add(call.userId);
  if (call.path === "/update-user") {
    if (call.userId)
      for (const id of await userWorkspaceIds(sql, call.userId)) workspaceIds.add(id);
    return { workspaceIds: [...workspaceIds], userIds: [...userIds] };
  }
  for (const source of [call.body, call.returned]) {
    const ids = idsSchema.safeParse(source);
    if (!ids.success) continue;
    const { id, organizationId, userId, member, invitation } = ids.data;
    if (organizationId) workspaceIds.add(organizationId);
    if (member) {
      workspaceIds.add(member.organizationId);
      userIds.add(member.userId);
    }
    if (invitation) workspaceIds.add(invitation.organizationId);
    if (source !== call.returned) continue;
    // A returned member names its user; a returned workspace is itself the id.
    if (userId && organizationId) userIds.add(userId);
    if (id && RETURNS_WORKSPACE.has(call.path)) workspaceIds.add(id);
  }
  return { workspaceIds: [...workspaceIds], userIds: [...userIds] };
}
