/**
 * `GET /api/projects/:projectId/comments`: every comment of a project's tasks, oldest first, for
 * its JSON export (client/features/settings/project-integrations.tsx). The browser's store holds
 * the histories of the tasks opened on it only (server/sync/README.md "Partial sync"), so the
 * export asks the server. A session is needed (401); a project of a workspace the person is not
 * in answers 404, as one that does not exist.
 */
import { Router } from "express";
import type postgres from "postgres";
import { idSchema } from "../../shared/entities.ts";
import type { Auth } from "../auth/auth.ts";
import { getSignedIn } from "../auth/session.ts";
import { ApiError } from "../http/api-error.ts";
import { projectComments } from "../sync/rows/scope-rows.ts";

export function exportRoutes({ auth, sql }: { auth: Auth; sql: postgres.Sql }): Router {
  const router = Router();
  router.get("/api/projects/:projectId/comments", async (req, res) => {
    const signedIn = await getSignedIn(auth, req);
    if (!signedIn) throw new ApiError(401, "UNAUTHORIZED", "Sign in to export");
    const projectId = idSchema.safeParse(req.params.projectId);
    const comments = projectId.success
      ? await projectComments(sql, projectId.data, signedIn.user.id)
      : null;
    if (!comments) throw new ApiError(404, "NOT_FOUND", "Project not found");
    res.set("Cache-Control", "no-store");
    res.json({ comments });
  });
  return router;
}
