/**
 * Who belongs to which workspace, and which sessions are live: the reads of better-auth's tables
 * that the rest of the server checks against (roles, the workspaces a person's changes reach,
 * the streams a sign-out ends).
 */
import type postgres from "postgres";

type Db = postgres.Sql | postgres.TransactionSql;

/** The person's role in the workspace, or null when they are not a member. */
export async function memberRole(tx: Db, workspaceId: string, userId: string) {
  const [row] = await tx<{ role: string }[]>`
    select role from member where "organizationId" = ${workspaceId} and "userId" = ${userId}`;
  return row?.role ?? null;
}

export async function userWorkspaceIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db<{ id: string }[]>`
    select "organizationId" as id from member where "userId" = ${userId}`;
  return rows.map((row) => row.id);
}

/** Of these better-auth sessions, the ones that still exist and have not expired. */
export async function liveSessionIds(db: Db, sessionIds: string[]): Promise<Set<string>> {
  const rows = await db<{ id: string }[]>`
    select id from session where id = any(${sessionIds}) and "expiresAt" > now()`;
  return new Set(rows.map((row) => row.id));
}
