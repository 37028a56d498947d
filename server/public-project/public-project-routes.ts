/**
 * `GET /api/public/projects/{projectId}`: the read-only view of a public project, no session.
 * A private and a missing project get the same 404, so a project's existence does not leak;
 * so does an id no project can have (a NUL byte would otherwise reach Postgres and fail).
 */
import { Router } from "express";
import type postgres from "postgres";
import { idSchema } from "../../shared/entities.ts";
import { ApiError } from "../http/api-error.ts";
import { loadPublicProject } from "./public-project-data.ts";

export function publicProjectRoutes(sql: postgres.Sql): Router {
  const router = Router();
  router.get("/api/public/projects/:projectId", async (req, res) => {
    const projectId = idSchema.safeParse(req.params.projectId);
    const project = projectId.success ? await loadPublicProject(sql, projectId.data) : null;
    if (!project) throw new ApiError(404, "NOT_FOUND", "Project not found");
    // The page polls for changes: never answer from a cache, and turning public access off takes effect at once.
    res.set("Cache-Control", "no-store");
    res.json(project);
  });
  return router;
}
