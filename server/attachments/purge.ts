/**
 * Deletes the bytes nobody will read again: those of deleted attachments (migration 0012
 * schedules them: at once, or after the trash's 30 days for a deleted task's files), and
 * uploads no open URL writes to any more (migration 0019: a PUT after its attachment was
 * completed, replaced or deleted). Every instance runs it on its own timer; `for update skip
 * locked` keeps two instances off the same files, and deleting a file twice is no error.
 */
import type postgres from "postgres";
import type { Logger } from "../logger.ts";
import { forgetPurges, openUploadKeys, takeDuePurges } from "./attachment-rows.ts";
import { attachmentStorageKey, UPLOAD_URL_SECONDS, type AttachmentStorage } from "./storage.ts";

const PURGE_EVERY_MS = 60_000;
const PURGE_BATCH = 100;

/**
 * One run: deletes up to a batch of files, and the stray uploads; how many it deleted. `now`
 * is the purge's clock (a test's later one).
 */
async function purgeAttachments(
  sql: postgres.Sql,
  storage: AttachmentStorage,
  now = new Date(),
): Promise<number> {
  const deleted = await sql.begin(async (tx) => {
    const ids = await takeDuePurges(tx, PURGE_BATCH);
    for (const id of ids) await storage.delete(attachmentStorageKey(id));
    if (ids.length > 0) await forgetPurges(tx, ids);
    return ids.length;
  });
  return deleted + (await sweepUploads(sql, storage, now));
}

/**
 * Uploads no open URL may write to. Only those written an URL's lifetime before the keys were
 * read: a key is recorded before its URL is signed, so anything older that no row names is
 * stray, and the margin covers a storage server whose clock is not ours.
 */
async function sweepUploads(sql: postgres.Sql, storage: AttachmentStorage, now: Date) {
  const before = now.getTime() - UPLOAD_URL_SECONDS * 1000;
  const old = (await storage.listUploads()).filter((upload) => upload.writtenAt.getTime() < before);
  const open = await openUploadKeys(
    sql,
    old.map((upload) => upload.key),
  );
  const stray = old.filter((upload) => !open.has(upload.key));
  for (const upload of stray) await storage.delete(upload.key);
  return stray.length;
}

export function startAttachmentPurge(deps: {
  sql: postgres.Sql;
  storage: AttachmentStorage;
  logger: Logger;
}): { run: (now?: Date) => Promise<number>; stop: () => void } {
  const run = (now?: Date) => purgeAttachments(deps.sql, deps.storage, now);
  const timer = setInterval(() => {
    run().catch((error: unknown) => deps.logger.warn({ err: error }, "attachment purge failed"));
  }, PURGE_EVERY_MS);
  timer.unref();
  return { run, stop: () => clearInterval(timer) };
}
