/**
 * `GET /api/invitations/{invitationId}`: the few facts the invitation page shows before sign-in
 * (shared/invitation-preview.ts). The id is the secret of the mailed link, so whoever has the
 * link may read them; an invitation that is accepted, cancelled, expired or unknown is a 404.
 */
import { Router } from "express";
import type postgres from "postgres";
import { idSchema } from "../../shared/entities.ts";
import type { InvitationPreview } from "../../shared/invitation-preview.ts";
import { ApiError } from "../http/api-error.ts";

export function invitationRoutes(sql: postgres.Sql): Router {
  const router = Router();
  router.get("/api/invitations/:invitationId", async (req, res) => {
    const invitationId = idSchema.safeParse(req.params.invitationId);
    const preview = invitationId.success ? await loadPreview(sql, invitationId.data) : null;
    if (!preview) throw new ApiError(404, "NOT_FOUND", "Invitation not found");
    res.set("Cache-Control", "no-store");
    res.json(preview);
  });
  return router;
}

async function loadPreview(sql: postgres.Sql, id: string): Promise<InvitationPreview | null> {
  const [row] = await sql<InvitationPreview[]>`
    select o.name as "workspaceName", coalesce(nullif(u.name, ''), u.email) as "inviterName",
      i.email
    from invitation i
    join organization o on o.id = i."organizationId"
    join "user" u on u.id = i."inviterId"
    where i.id = ${id} and i.status = 'pending' and i."expiresAt" > now()`;
  return row ?? null;
}
