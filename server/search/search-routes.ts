/**
 * `GET /api/workspaces/:workspaceId/search?q=…&exclude=…&histories=…`: the workspace's tasks and
 * comments that match a query, for what the search screen's local index does not hold (partial
 * sync: the index answers for the rest). `exclude` names the projects whose tasks it holds;
 * `histories` the tasks whose comments it holds (their histories), and without it the comments
 * of the excluded projects are left out too (a store that holds every history of its projects).
 * A session is needed (401), the workspace must be the person's (404 otherwise, as for one that
 * does not exist), and the query is 1–200 characters of at most 8 words (400).
 *
 * Every word of the query must begin a word of the task's key, title or description, or of the
 * comment's text, as in the local index (client/features/search/README.md): folded to lower
 * case without accents on both sides. The best 20 tasks come back (title matches first, then the
 * newest) and the 20 newest comments, each with the count of all.
 */
import { Router } from "express";
import type postgres from "postgres";
import { z } from "zod";
import { idSchema } from "../../shared/entities.ts";
import type { Auth } from "../auth/auth.ts";
import { getSignedIn } from "../auth/session.ts";
import { ApiError, invalidBody } from "../http/api-error.ts";
import { memberRole } from "../auth/auth-rows.ts";
import { taskKeySql } from "../db/task-key-sql.ts";

const SEARCH_RESULTS = 20;
const MAX_WORDS = 8;

/** A comma-separated list of at most 50 ids. */
const idList = z
  .string()
  .max(50 * 65)
  .transform((list) => list.split(",").filter(Boolean))
  .pipe(z.array(idSchema).max(50));

const querySchema = z.object({
  q: z.string().trim().min(1).max(200),
  exclude: idList.optional(),
  histories: idList.optional(),
});

/** Lower case, accents removed, as the client's `fold`. */
const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** The words of a query: runs of letters and digits (a task key stays whole: `web-12`). */
export function searchWords(query: string): string[] {
  const words = fold(query).match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? [];
  return [...new Set(words)];
}

type ServerSearchHit = {
  id: string;
  projectId: string;
  key: string;
  title: string;
  description: string;
  updatedAt: string;
};

/** A comment found, with what its result shows of its task. */
type ServerCommentHit = {
  id: string;
  taskId: string;
  projectId: string;
  key: string;
  title: string;
  body: string;
  createdAt: string;
};

export function searchRoutes({ auth, sql }: { auth: Auth; sql: postgres.Sql }): Router {
  const router = Router();

  router.get("/api/workspaces/:workspaceId/search", async (req, res) => {
    const signedIn = await getSignedIn(auth, req);
    if (!signedIn) throw new ApiError(401, "UNAUTHORIZED", "Sign in to search");
    const workspaceId = idSchema.safeParse(req.params.workspaceId);
    const parsed = querySchema.safeParse(req.query);
    if (!parsed.success || !workspaceId.success) throw invalidBody();
    const words = searchWords(parsed.data.q);
    if (words.length === 0 || words.length > MAX_WORDS) throw invalidBody();
    const role = await memberRole(sql, workspaceId.data, signedIn.user.id);
    if (!role) throw new ApiError(404, "NOT_FOUND", "No such workspace");

    // A word begins a word of the text: after its start or a character that is no letter or
    // digit. The text is folded in SQL as the words were in JS: lower case, and the common
    // accented letters translated (the unaccent extension is not in every Postgres).
    const folded = (text: postgres.Fragment) =>
      sql`translate(' ' || lower(${text}), ${ACCENTED}, ${PLAIN})`;
    const key = taskKeySql(sql);
    const title = folded(sql`${key} || ' ' || t.title`);
    const text = folded(sql`${key} || ' ' || t.title || ' ' || t.description`);
    const matches = (column: postgres.Fragment) =>
      words.map((word) => sql`and ${column} ~ ${`[^[:alnum:]]${escapeRegex(word)}`}`);
    const exclude = parsed.data.exclude ?? [];
    const histories = parsed.data.histories;
    const commentsHeld = histories
      ? sql`c.task_id = any(${histories})`
      : sql`t.project_id = any(${exclude})`;
    const tasks = sql<(ServerSearchHit & { total: string; inTitle: boolean })[]>`
      select t.id, t.project_id as "projectId", ${key} as key, t.title,
        left(t.description, 600) as description, t.updated_at as "updatedAt",
        count(*) over ()::text as total,
        (true ${matches(title)}) as "inTitle"
      from task t join project p on p.id = t.project_id
      where t.workspace_id = ${workspaceId.data}
        and not (t.project_id = any(${exclude}))
        ${matches(text)}
      order by "inTitle" desc, t.updated_at desc
      limit ${SEARCH_RESULTS}`;
    const comments = sql<(ServerCommentHit & { total: string })[]>`
      select c.id, c.task_id as "taskId", t.project_id as "projectId",
        ${key} as key, t.title, left(c.body, 600) as body,
        c.created_at as "createdAt", count(*) over ()::text as total
      from comment c join task t on t.id = c.task_id join project p on p.id = t.project_id
      where c.workspace_id = ${workspaceId.data} and not (${commentsHeld})
        ${matches(folded(sql`c.body`))}
      order by c.created_at desc, c.id
      limit ${SEARCH_RESULTS}`;
    const [taskRows, commentRows] = await Promise.all([tasks, comments]);
    res.json({
      total: Number(taskRows[0]?.total ?? 0),
      tasks: taskRows.map(({ total: _total, inTitle: _inTitle, updatedAt, ...hit }) => ({
        ...hit,
        updatedAt: new Date(updatedAt).toISOString(),
      })),
      comments: {
        total: Number(commentRows[0]?.total ?? 0),
        hits: commentRows.map(({ total: _total, createdAt, ...hit }) => ({
          ...hit,
          createdAt: new Date(createdAt).toISOString(),
        })),
      },
    });
  });

  return router;
}

const ACCENTED = "àáâãäåāçćčèéêëēėęìíîïīñńòóôõöøōùúûüūýÿžźżšś";
const PLAIN = "aaaaaaaccceeeeeeeiiiiinnooooooouuuuuyyzzzss";

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, (c) => `\\${c}`);
