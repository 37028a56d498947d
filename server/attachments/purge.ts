/**
 * Deletes the bytes of deleted attachments (migration 0012 schedules them: at once, or after
 * the trash's 30 days for a deleted task's files). Every instance runs it on its own timer;
 * `for update skip locked` keeps two instances off the same files.
 */
import type postgres from "postgres";
import type { Logger } from "../logger.ts";
import { forgetPurges, takeDuePurges } from "./attachment-rows.ts";
import { attachmentStorageKey, type AttachmentStorage } from "./storage.ts";

export const PURGE_EVERY_MS = 60_000;
const PURGE_BATCH = 100;

/** One run: deletes up to a batch of files; how many it deleted. */
export async function purgeAttachments(
  sql: postgres.Sql,
  storage: AttachmentStorage,
): Promise<number> {
  return sql.begin(async (tx) => {
    const ids = await takeDuePurges(tx, PURGE_BATCH);
    for (const id of ids) await storage.delete(attachmentStorageKey(id));
    if (ids.length > 0) await forgetPurges(tx, ids);
    return ids.length;
  });
}

export function startAttachmentPurge(deps: {
  sql: postgres.Sql;
  storage: AttachmentStorage;
  logger: Logger;
}): { run: () => Promise<number>; stop: () => void } {
  const run = () => purgeAttachments(deps.sql, deps.storage);
  const timer = setInterval(() => {
    run().catch((error: unknown) => deps.logger.warn({ err: error }, "attachment purge failed"));
  }, PURGE_EVERY_MS);
  timer.unref();
  return { run, stop: () => clearInterval(timer) };
}
