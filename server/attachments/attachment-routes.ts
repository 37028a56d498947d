/**
 * The HTTP half of attachments (README.md here). The row came through a push (addAttachment);
 * here the browser asks where to put the bytes, says when they are there, and fetches them:
 *
 * - `POST /api/attachments/:id/upload`: a signed URL to PUT the bytes to (members who may
 *   update the task), good for one upload: it writes to a key of its own (storage.ts);
 * - `POST /api/attachments/:id/complete`: the server checks the stored size against the row's,
 *   reads the type from the first bytes, moves them where they are served from, and marks the
 *   row uploaded (everyone's store follows);
 * - `GET /api/workspaces/:workspaceId/storage`: the bytes the workspace stores, and its quota;
 * - `GET /api/attachments/:id/content`: for members of the task's workspace, or anyone when its
 *   project is public, a redirect to a URL signed for minutes; 404 for everyone else.
 * - `PUT /api/storage/uploads/:id/:nonce` and `GET /api/storage/attachments/:id` serve the
 *   local storage's signed URLs.
 *
 * Both the URL and the completion count the workspace's stored bytes against
 * ATTACHMENT_QUOTA_MB: past it, 413 STORAGE_QUOTA_EXCEEDED.
 */
import { randomBytes } from "node:crypto";
import { Router, type Request } from "express";
import type postgres from "postgres";
import { z } from "zod";
import { isInlineImage, quotaExceededMessage } from "../../shared/attachments.ts";
import { idSchema } from "../../shared/entities.ts";
import { canPerform } from "../../shared/sync-permissions.ts";
import type { Auth } from "../auth/auth.ts";
import { requireTrustedOrigin } from "../auth/origin-check.ts";
import { getSignedIn } from "../auth/session.ts";
import { ApiError } from "../http/api-error.ts";
import { memberRole } from "../auth/auth-rows.ts";
import type { PokeAnnouncer } from "../db/notify.ts";
import {
  attachmentAccess,
  issueUpload,
  lockForCompletion,
  lockWorkspaceQuota,
  markUploaded,
  openUpload,
  storedBytes,
  type AttachmentAccess,
} from "./attachment-rows.ts";
import { LocalStorage, TooLarge } from "./local-storage.ts";
import { SNIFF_BYTES, sniffType } from "./sniff.ts";
import {
  attachmentStorageKey,
  contentDisposition,
  DOWNLOAD_URL_SECONDS,
  uploadStorageKey,
  type AttachmentStorage,
} from "./storage.ts";

type AttachmentRouteDeps = {
  auth: Auth;
  sql: postgres.Sql;
  storage: AttachmentStorage;
  announcer: PokeAnnouncer;
  /** ATTACHMENT_QUOTA_MB: the most a workspace stores, in megabytes; 0 for no quota. */
  quotaMb: number;
};

const notFound = () => new ApiError(404, "NOT_FOUND", "Attachment not found");
const notArrived = () => new ApiError(409, "NOT_UPLOADED", "The file has not arrived yet");
/** The redirect to a signed URL is cached for less than the URL lives. */
const REDIRECT_CACHE_SECONDS = Math.floor(DOWNLOAD_URL_SECONDS / 5);

export function attachmentRoutes(deps: AttachmentRouteDeps): Router {
  const { auth, sql, storage, announcer, quotaMb } = deps;
  const router = Router();
  const trustedOrigin = requireTrustedOrigin(auth);

  /** Refuses a file that would take the workspace past its quota (`stored`: its bytes now). */
  const checkQuota = (stored: number, size: number) => {
    if (quotaMb > 0 && stored + size > quotaMb * 1024 * 1024) {
      throw new ApiError(413, "STORAGE_QUOTA_EXCEEDED", quotaExceededMessage(quotaMb));
    }
  };

  const idOf = (req: Request) => {
    const id = idSchema.safeParse(req.params.id);
    if (!id.success) throw notFound();
    return id.data;
  };

  /** The attachment, for a signed-in member who may update its task. */
  const forUploader = async (req: Request): Promise<AttachmentAccess> => {
    const signedIn = await getSignedIn(auth, req);
    if (!signedIn) throw new ApiError(401, "UNAUTHORIZED", "Sign in to upload files");
    const access = await attachmentAccess(sql, idOf(req), signedIn.user.id);
    if (!access?.role) throw notFound();
    if (!canPerform(access.role, "task.update")) {
      throw new ApiError(403, "FORBIDDEN", "You cannot add files to this task");
    }
    return access;
  };

  router.post("/api/attachments/:id/upload", trustedOrigin, async (req, res) => {
    const access = await forUploader(req);
    if (access.uploadedAt) {
      throw new ApiError(409, "ALREADY_UPLOADED", "This file is already uploaded");
    }
    checkQuota(await storedBytes(sql, access.workspaceId), access.size);
    const key = uploadStorageKey(access.id, randomBytes(16).toString("base64url"));
    await issueUpload(sql, access.id, key);
    res.set("Cache-Control", "no-store");
    res.json(await storage.uploadTarget(key, { type: access.type, size: access.size }));
  });

  router.post("/api/attachments/:id/complete", trustedOrigin, async (req, res) => {
    const access = await forUploader(req);
    if (access.uploadedAt) {
      res.json({ type: access.type });
      return;
    }
    const key = await openUpload(sql, access.id);
    const size = key === null ? null : await storage.size(key);
    if (key === null || size === null) throw notArrived();
    if (size !== access.size) {
      await storage.delete(key);
      throw new ApiError(
        422,
        "SIZE_MISMATCH",
        `The file that arrived is ${size} bytes, not the ${access.size} it was said to be`,
      );
    }
    const type = sniffType(await storage.head(key, SNIFF_BYTES), access.type);
    // One completion of a workspace at a time: two files that each fit cannot both go past
    // the quota. The row is locked while its bytes move, so a delete waits and then purges them.
    const outcome = await sql
      .begin(async (tx) => {
        await lockWorkspaceQuota(tx, access.workspaceId);
        if (!(await lockForCompletion(tx, access.id))) return "gone" as const;
        // A newer URL was issued meanwhile: its upload is the one to complete.
        if ((await openUpload(tx, access.id)) !== key) return "replaced" as const;
        checkQuota(await storedBytes(tx, access.workspaceId, access.id), size);
        await storage.move(key, attachmentStorageKey(access.id));
        await markUploaded(tx, access.id, type);
        return "uploaded" as const;
      })
      .catch(async (error: unknown) => {
        if (error instanceof ApiError) await storage.delete(key);
        throw error;
      });
    if (outcome === "gone") throw notFound();
    if (outcome === "replaced") throw notArrived();
    await announcer.announce({ workspaceIds: [access.workspaceId], userIds: [] });
    res.json({ type });
  });

  router.get("/api/workspaces/:workspaceId/storage", async (req, res) => {
    const signedIn = await getSignedIn(auth, req);
    if (!signedIn) throw new ApiError(401, "UNAUTHORIZED", "Sign in to see the workspace");
    const workspaceId = idSchema.safeParse(req.params.workspaceId);
    const role = workspaceId.success
      ? await memberRole(sql, workspaceId.data, signedIn.user.id)
      : null;
    if (!role || !workspaceId.success) throw new ApiError(404, "NOT_FOUND", "No such workspace");
    const usedBytes = await storedBytes(sql, workspaceId.data);
    res.set("Cache-Control", "no-store");
    res.json({ usedBytes, quotaBytes: quotaMb > 0 ? quotaMb * 1024 * 1024 : null });
  });

  router.get("/api/attachments/:id/content", async (req, res) => {
    const signedIn = await getSignedIn(auth, req);
    const access = await attachmentAccess(sql, idOf(req), signedIn?.user.id ?? null);
    // Someone who may not see it learns nothing, not even that it exists.
    if (!access || (!access.role && !access.isPublic)) throw notFound();
    if (!access.uploadedAt) {
      throw new ApiError(409, "NOT_UPLOADED", "This file is still being uploaded");
    }
    const url = await storage.downloadUrl(attachmentStorageKey(access.id), {
      type: access.type,
      disposition: contentDisposition(access.name, isInlineImage(access.type)),
    });
    res.set("Cache-Control", `private, max-age=${REDIRECT_CACHE_SECONDS}`);
    res.set("Vary", "Cookie");
    res.redirect(302, url);
  });

  if (storage instanceof LocalStorage) router.use(localStorageRoutes(storage, sql));
  return router;
}

const storageKeyOf = (req: Request) => {
  const id = idSchema.safeParse(req.params.id);
  return id.success ? attachmentStorageKey(id.data) : null;
};
const NONCE = /^[A-Za-z0-9_-]{1,64}$/;
const invalidSignature = () =>
  new ApiError(403, "INVALID_SIGNATURE", "This link has expired or is not valid");

/** The signed URLs of the local storage: what S3 itself answers in an S3 deployment. */
function localStorageRoutes(storage: LocalStorage, sql: postgres.Sql): Router {
  const router = Router();
  const putParams = z.object({ type: z.string(), size: z.coerce.number().int().positive() });
  const getParams = z.object({ type: z.string(), disposition: z.string() });

  router.put("/api/storage/uploads/:id/:nonce", async (req, res) => {
    const id = idSchema.safeParse(req.params.id);
    const nonce = String(req.params.nonce);
    const key = id.success && NONCE.test(nonce) ? uploadStorageKey(id.data, nonce) : null;
    const signed = key === null ? null : storage.verify("PUT", key, req.query);
    const params = putParams.safeParse(signed);
    if (key === null || !params.success) throw invalidSignature();
    // One upload of one existing, incomplete attachment: not after `complete`, a newer URL,
    // or the attachment's deletion.
    if ((await openUpload(sql, id.data!)) !== key) {
      throw new ApiError(409, "UPLOAD_CLOSED", "This upload link has already been used");
    }
    const { type, size } = params.data;
    if (req.get("content-type") !== type) {
      throw new ApiError(400, "VALIDATION_ERROR", `Expected Content-Type ${type}`);
    }
    let written: number;
    try {
      written = await storage.write(key, req, size);
    } catch (error) {
      if (error instanceof TooLarge) {
        throw new ApiError(413, "PAYLOAD_TOO_LARGE", "The file is larger than it was said to be");
      }
      throw error;
    }
    if (written !== size) {
      await storage.delete(key);
      throw new ApiError(400, "SIZE_MISMATCH", `Expected ${size} bytes, got ${written}`);
    }
    res.status(200).end();
  });

  router.get("/api/storage/attachments/:id", async (req, res) => {
    const key = storageKeyOf(req);
    const signed = key === null ? null : storage.verify("GET", key, req.query);
    const params = getParams.safeParse(signed);
    if (key === null || !params.success) throw invalidSignature();
    const size = await storage.size(key);
    if (size === null) throw notFound();
    // setHeader, not res.set: express would add a charset to a text type.
    res.setHeader("Content-Type", params.data.type);
    res.set({
      "Content-Length": String(size),
      "Content-Disposition": params.data.disposition,
      "X-Content-Type-Options": "nosniff",
      // Whatever the file is, it runs nothing and loads nothing.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      "Cache-Control": `private, max-age=${DOWNLOAD_URL_SECONDS}, immutable`,
    });
    storage.read(key).pipe(res);
  });
  return router;
}
