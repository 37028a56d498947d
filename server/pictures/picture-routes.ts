/**
 * People's pictures and workspaces' logos (shared/pictures.ts says why they are ours):
 *
 * - `POST /api/pictures`, the image's bytes as the body: a signed-in person stores a picture and
 *   gets its address, `{ url }`, to set as their image or (owners and admins, through
 *   better-auth) a workspace's logo. The type is read from the bytes; at most
 *   PICTURES_PER_HOUR a person, and their pictures nobody shows any more go as they add one.
 * - `GET /api/pictures/:id`: the bytes, to anyone who has the address (an unguessable id, as a
 *   picture is shown wherever its person appears), cached for good: an id never changes bytes.
 */
import express, { Router } from "express";
import type postgres from "postgres";
import { z } from "zod";
import { MAX_PICTURE_BYTES, PICTURE_TYPES, picturePath } from "../../shared/pictures.ts";
import { sniffType } from "../attachments/sniff.ts";
import type { Auth } from "../auth/auth.ts";
import { requireTrustedOrigin } from "../auth/origin-check.ts";
import { getSignedIn } from "../auth/session.ts";
import { ApiError } from "../http/api-error.ts";

const PICTURES_PER_HOUR = 20;
const YEAR_SECONDS = 365 * 24 * 60 * 60;

const notFound = () => new ApiError(404, "NOT_FOUND", "Picture not found");
const pictureTypes = new Set<string>(PICTURE_TYPES);

export function pictureRoutes({ auth, sql }: { auth: Auth; sql: postgres.Sql }): Router {
  const router = Router();
  // Any declared type: what counts is what the bytes are.
  const rawBody = express.raw({ type: () => true, limit: MAX_PICTURE_BYTES });

  router.post("/api/pictures", requireTrustedOrigin(auth), rawBody, async (req, res) => {
    const signedIn = await getSignedIn(auth, req);
    if (!signedIn) throw new ApiError(401, "UNAUTHORIZED", "Sign in to upload a picture");
    const body: unknown = req.body;
    const bytes = body instanceof Buffer && body.length > 0 ? body : null;
    const type = bytes && sniffType(bytes, "");
    if (!bytes || !type || !pictureTypes.has(type)) {
      throw new ApiError(400, "NOT_A_PICTURE", "Choose a PNG, JPEG, GIF or WebP image.");
    }
    const ownerId = signedIn.user.id;
    const [recent] = await sql<{ count: number }[]>`
      select count(*)::int as count from picture
      where owner_id = ${ownerId} and created_at > now() - interval '1 hour'`;
    if ((recent?.count ?? 0) >= PICTURES_PER_HOUR) {
      throw new ApiError(
        429,
        "TOO_MANY_PICTURES",
        "Too many pictures in an hour. Try again later.",
      );
    }
    const id = crypto.randomUUID();
    await sql.begin((tx) => [
      tx`insert into picture (id, owner_id, type, bytes) values (${id}, ${ownerId}, ${type}, ${bytes})`,
      // The person's earlier uploads that no person or workspace shows (a picture replaced).
      tx`
        delete from picture p
        where p.owner_id = ${ownerId} and p.id <> ${id} and p.created_at < now() - interval '1 hour'
          and not exists (select 1 from "user" u where u.image = '/api/pictures/' || p.id)
          and not exists (select 1 from organization o where o.logo = '/api/pictures/' || p.id)`,
    ]);
    res.status(201).json({ url: picturePath(id) });
  });

  router.get("/api/pictures/:id", async (req, res) => {
    const id = z.uuid().safeParse(req.params.id);
    if (!id.success) throw notFound();
    const [picture] = await sql<{ type: string; bytes: Buffer }[]>`
      select type, bytes from picture where id = ${id.data}`;
    if (!picture) throw notFound();
    res
      .set({
        "Content-Type": picture.type,
        "Cache-Control": `public, max-age=${YEAR_SECONDS}, immutable`,
        "Content-Security-Policy": "default-src 'none'; sandbox",
      })
      .send(picture.bytes);
  });

  return router;
}
