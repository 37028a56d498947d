/**
 * Notices: what the server tells one person about their refused changes, a few kept per person.
 * Split from data.ts (now scope-rows.ts).
 */
import type postgres from "postgres";
import type { NoticeCode } from "../../../shared/entities.ts";

type Db = postgres.Sql | postgres.TransactionSql;

const NOTICES_KEPT_PER_USER = 20;

const NOTICE_DAYS = 3;

/** Records a refused mutation for its author and drops their old notices. */
export async function insertNotice(
  tx: Db,
  notice: { userId: string; mutationName: string; code: NoticeCode; message: string },
) {
  await Promise.all([
    tx`
    insert into sync_notice (id, user_id, mutation_name, code, message)
    values (${crypto.randomUUID()}, ${notice.userId}, ${notice.mutationName}, ${notice.code},
      ${notice.message})`,
    tx`
    delete from sync_notice where user_id = ${notice.userId} and (
      created_at < now() - make_interval(days => ${NOTICE_DAYS})
      or seq not in (
        select seq from sync_notice where user_id = ${notice.userId}
        order by seq desc limit ${NOTICES_KEPT_PER_USER}))`,
  ]);
}

/** Deletes a notice of the person's; someone else's notice, or one already gone, stays as it is. */
export async function deleteNotice(tx: Db, userId: string, id: string) {
  await tx`delete from sync_notice where id = ${id} and user_id = ${userId}`;
}
