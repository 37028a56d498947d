/**
 * `POST /api/presence` (a tab's report: where it is, typing, idle, cursor) and
 * `POST /api/presence/leave` (the tab is closing). Both act on the session cookie, so both need
 * a trusted Origin (403), as push and pull do. A report needs a session (401), a body of the
 * right shape (400) and membership of the workspace it names (404, the same answer as for a
 * workspace that does not exist, so ids reveal nothing); a session sending too many gets 429.
 * `POST /api/presence/edit` relays a description edit to the others on the task at once (the
 * push of the same edit persists it): it needs the role to edit tasks too (403).
 * A leave without a session answers 204: nothing of that person is here to remove, and the
 * leave of a tab whose session has just ended should not show as an error.
 */
import express, { Router } from "express";
import type postgres from "postgres";
import {
  descriptionEditSchema,
  presenceLeaveSchema,
  presenceReportSchema,
} from "../../shared/presence.ts";
import { canPerform } from "../../shared/sync-permissions.ts";
import type { Auth } from "../auth/auth.ts";
import { requireTrustedOrigin } from "../auth/origin-check.ts";
import { getSignedIn } from "../auth/session.ts";
import { ApiError, invalidBody } from "../http/api-error.ts";
import { memberRole } from "../auth/auth-rows.ts";
import type { Presence } from "./presence.ts";
import { createReportRate } from "./report-rate.ts";

/** A report is a few hundred bytes; the cursor at most 1024 characters. */
const BODY_LIMIT = "8kb";

type PresenceRouteDeps = {
  auth: Auth;
  sql: postgres.Sql;
  presence: Presence;
};

export function presenceRoutes({ auth, sql, presence }: PresenceRouteDeps): Router {
  const router = Router();
  const rate = createReportRate();
  // A fast typist's keystrokes, each relayed: 60 in a burst, 30 a second after that.
  const editRate = createReportRate(60, 30);
  const trustedOrigin = requireTrustedOrigin(auth);
  const json = express.json({ limit: BODY_LIMIT });

  const limit = (sessionId: string, res: express.Response) => {
    if (rate.take(sessionId)) return;
    res.setHeader("Retry-After", "1");
    throw new ApiError(429, "RATE_LIMITED", "Too many presence reports; slow down");
  };

  router.post("/api/presence", trustedOrigin, json, async (req, res) => {
    const signedIn = await getSignedIn(auth, req);
    if (!signedIn) throw new ApiError(401, "UNAUTHORIZED", "Sign in to share your presence");
    limit(signedIn.sessionId, res);
    const parsed = presenceReportSchema.safeParse(req.body);
    if (!parsed.success) throw invalidBody();
    const role = await memberRole(sql, parsed.data.workspaceId, signedIn.user.id);
    if (!role) throw new ApiError(404, "NOT_FOUND", "No such workspace");
    await presence.report(signedIn.user, parsed.data);
    res.status(204).end();
  });

  router.post("/api/presence/edit", trustedOrigin, json, async (req, res) => {
    const signedIn = await getSignedIn(auth, req);
    if (!signedIn) throw new ApiError(401, "UNAUTHORIZED", "Sign in to edit descriptions");
    if (!editRate.take(signedIn.sessionId)) {
      res.setHeader("Retry-After", "1");
      throw new ApiError(429, "RATE_LIMITED", "Too many description edits; slow down");
    }
    const parsed = descriptionEditSchema.safeParse(req.body);
    if (!parsed.success) throw invalidBody();
    const role = await memberRole(sql, parsed.data.workspaceId, signedIn.user.id);
    if (!role) throw new ApiError(404, "NOT_FOUND", "No such workspace");
    if (!canPerform(role, "task.update")) {
      throw new ApiError(403, "FORBIDDEN", "Your role cannot edit tasks");
    }
    await presence.relayEdit(signedIn.user, parsed.data);
    res.status(204).end();
  });

  router.post("/api/presence/leave", trustedOrigin, json, async (req, res) => {
    const parsed = presenceLeaveSchema.safeParse(req.body);
    if (!parsed.success) throw invalidBody();
    const signedIn = await getSignedIn(auth, req);
    if (signedIn) {
      limit(signedIn.sessionId, res);
      await presence.leave(signedIn.user.id, parsed.data.clientId);
    }
    res.status(204).end();
  });

  return router;
}
