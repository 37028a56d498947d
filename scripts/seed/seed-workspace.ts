/**
 * Writes a generated workspace (workspace-data.ts) into the database. People, the workspace and
 * its memberships go through better-auth's own API in-process (so they sign in with the seed
 * password like anyone else); the product rows go in with multi-row INSERTs in one transaction,
 * shaped as the push writes them, so the sync server serves them like any other data: the
 * version and change-counter triggers of migrations/0003_sync.sql run as for a push.
 */
import { randomBytes } from "node:crypto";
import type postgres from "postgres";
import { createAuth, type Auth } from "../../server/auth/auth.ts";
import type { Config } from "../../server/config.ts";
import type { Logger } from "../../server/logger.ts";
import { generateWorkspace, type SeedOptions, type WorkspaceData } from "./workspace-data.ts";

export const SEED_PASSWORD = "correct horse battery";

export type SeededWorkspace = {
  workspaceId: string;
  name: string;
  people: { id: string; name: string; email: string; role: string }[];
  /** Largest first. */
  projects: { id: string; name: string; key: string; tasks: number }[];
  counts: { tasks: number; comments: number; activity: number; labels: number };
};

/** Rows per INSERT: far below Postgres' 65,535 parameters for the widest table (14 columns). */
const CHUNK = 2000;

/**
 * better-auth in this process, on the seeded database. Without `secret` it only hashes passwords
 * (scrypt, salted), and no session it signs is ever used; the benchmark passes the server's
 * secret to sign its people in here, clear of the sign-in rate limit.
 */
export function seedAuth(deps: {
  sql: postgres.Sql;
  config: Config;
  logger: Logger;
  baseUrl?: string;
  secret?: string;
}): Auth {
  return createAuth({
    config: deps.config,
    sql: deps.sql,
    mailer: { send: async () => {} },
    logger: deps.logger,
    baseUrl: deps.baseUrl ?? deps.config.baseUrl ?? "http://localhost",
    secret: deps.secret ?? randomBytes(32).toString("base64url"),
  });
}

export async function seedWorkspace(
  { sql, auth }: { sql: postgres.Sql; auth: Auth },
  options: SeedOptions,
): Promise<SeededWorkspace> {
  const data = generateWorkspace(options);

  // A re-run replaces the workspace (its rows go with it) and keeps the people.
  await sql`delete from "organization" where slug = ${data.slug}`;
  const userIds: string[] = [];
  for (const person of data.people) {
    const [existing] = await sql<{ id: string }[]>`
      select id from "user" where email = ${person.email}`;
    if (existing) {
      userIds.push(existing.id);
      continue;
    }
    const created = await auth.api.signUpEmail({
      body: { name: person.name, email: person.email, password: SEED_PASSWORD },
    });
    userIds.push(created.user.id);
  }
  const ownerId = userIds[0];
  if (!ownerId) throw new Error("a workspace needs an owner");
  const workspace = await auth.api.createOrganization({
    body: { name: data.name, slug: data.slug, userId: ownerId },
  });
  if (!workspace) throw new Error("better-auth did not create the workspace");
  for (const [index, person] of data.people.entries()) {
    const userId = userIds[index];
    if (index === 0 || !userId) continue;
    await auth.api.addMember({
      body: { userId, organizationId: workspace.id, role: person.role },
    });
  }

  const activity = await sql.begin((tx) => insertRows(tx, workspace.id, userIds, data));
  return {
    workspaceId: workspace.id,
    name: data.name,
    people: data.people.map((person, index) => ({ ...person, id: userIds[index] ?? "" })),
    projects: data.projects.map((project) => ({
      id: project.id,
      name: project.name,
      key: project.key,
      tasks: project.lastTaskNumber,
    })),
    counts: {
      tasks: data.tasks.length,
      comments: data.comments.length,
      activity,
      labels: data.labels.length,
    },
  };
}

async function insertRows(
  tx: postgres.TransactionSql,
  workspaceId: string,
  userIds: string[],
  data: WorkspaceData,
): Promise<number> {
  const user = (index: number | null) => (index === null ? null : (userIds[index] ?? null));
  await insertChunked(
    tx,
    "project",
    data.projects.map((p) => ({
      id: p.id,
      workspace_id: workspaceId,
      name: p.name,
      key: p.key,
      icon: p.icon,
      description: p.description,
      is_public: false,
      last_task_number: p.lastTaskNumber,
      created_at: p.createdAt,
      updated_at: p.createdAt,
    })),
  );
  await insertChunked(
    tx,
    "label",
    data.labels.map((l) => ({
      id: l.id,
      workspace_id: workspaceId,
      name: l.name,
      color: l.color,
      created_at: l.createdAt,
      updated_at: l.createdAt,
    })),
  );
  await insertChunked(
    tx,
    "task",
    data.tasks.map((t) => ({
      id: t.id,
      workspace_id: workspaceId,
      project_id: t.projectId,
      number: t.number,
      title: t.title,
      description: t.description,
      status: t.status,
      priority: t.priority,
      assignee_id: user(t.assignee),
      due_date: t.dueDate,
      position: t.position,
      created_by: user(t.createdBy),
      created_at: t.createdAt,
      updated_at: t.updatedAt,
    })),
  );
  await insertChunked(
    tx,
    "task_label",
    data.tasks.flatMap((t) => t.labelIds.map((labelId) => ({ task_id: t.id, label_id: labelId }))),
  );
  await insertChunked(
    tx,
    "comment",
    data.comments.map((c) => ({
      id: c.id,
      workspace_id: workspaceId,
      task_id: c.taskId,
      author_id: user(c.author),
      body: c.body,
      created_at: c.createdAt,
      updated_at: c.createdAt,
    })),
  );
  // What the push records: "created" with each task, "comment" with each comment.
  const activity = [
    ...data.tasks.map((t) => ({
      id: `${t.id}-created`,
      workspace_id: workspaceId,
      task_id: t.id,
      actor_id: user(t.createdBy),
      kind: "created",
      from_value: null,
      to_value: null,
      comment_id: null,
      created_at: t.createdAt,
    })),
    ...data.comments.map((c) => ({
      id: `${c.id}-comment`,
      workspace_id: workspaceId,
      task_id: c.taskId,
      actor_id: user(c.author),
      kind: "comment",
      from_value: null,
      to_value: null,
      comment_id: c.id,
      created_at: c.createdAt,
    })),
  ];
  await insertChunked(tx, "activity", activity);
  return activity.length;
}

type Row = Record<string, string | number | boolean | Date | null>;

async function insertChunked(tx: postgres.TransactionSql, table: string, rows: Row[]) {
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    await tx`insert into ${tx(table)} ${tx(chunk)}`;
  }
}
