/**
 * A database restored into another database (a dump restored into another cluster, or into a
 * new database of this one) keeps what its rows say about sync, and that says nothing true
 * there (issue 20):
 *
 * - Every synced row and tombstone carries `tx`, the id of the transaction that last wrote it
 *   (pull.ts), and ids count up per cluster. A cluster whose counter is lower sees ids from the
 *   future: such a row is "not visible in" every snapshot a pull takes, so every pull sent it
 *   again, to every client, forever.
 * - Client view records hold snapshots of the old cluster. Against a cluster whose counter is
 *   higher, a record's snapshot would count the new cluster's first transactions as seen: their
 *   changes would never reach the client.
 *
 * So the server keeps the identity of the database it runs on (the cluster's system identifier
 * and the database's oid, which a restore into another database changes and a copy of the
 * embedded database's folder keeps). At start, after the migrations, a different identity
 * means a restore: the records are dropped (every client's next pull starts again from a reset,
 * which is what it gets for a record too old), rows and tombstones stamped with an id the
 * cluster has not reached are stamped with this transaction's, and the identity is recorded.
 * Every instance runs this at start; the row lock makes the first do it and the others find it
 * done.
 */
import type postgres from "postgres";
import type { Logger } from "../logger.ts";

type RestoreCheck =
  | { outcome: "first start" | "same database" }
  | { outcome: "restored"; records: number; restamped: number };

export async function settleRestoredDatabase(
  sql: postgres.Sql,
  logger: Logger,
): Promise<RestoreCheck> {
  const result = await sql.begin(async (tx): Promise<RestoreCheck> => {
    const [here] = await tx<{ systemIdentifier: string; databaseOid: string }[]>`
      select (select system_identifier::text from pg_control_system()) as "systemIdentifier",
        (select oid::text from pg_database where datname = current_database()) as "databaseOid"`;
    const inserted = await tx`
      insert into sync_identity (system_identifier, database_oid)
      values (${here!.systemIdentifier}, ${here!.databaseOid})
      on conflict do nothing`;
    if (inserted.count === 1) return { outcome: "first start" };
    const [stored] = await tx<{ systemIdentifier: string; databaseOid: string }[]>`
      select system_identifier as "systemIdentifier", database_oid::text as "databaseOid"
      from sync_identity for update`;
    if (
      stored?.systemIdentifier === here!.systemIdentifier &&
      stored.databaseOid === here!.databaseOid
    ) {
      return { outcome: "same database" };
    }
    const records = await tx`delete from replicache_cvr`;
    // Every table of this schema with a `tx` column: the synced rows and their tombstones.
    const tables = await tx<{ name: string }[]>`
      select c.table_name as name from information_schema.columns c
      join information_schema.tables t using (table_schema, table_name)
      where c.table_schema = current_schema() and c.column_name = 'tx'
        and c.data_type = 'xid8' and t.table_type = 'BASE TABLE'
      order by c.table_name`;
    let restamped = 0;
    for (const { name } of tables) {
      const updated = await tx`
        update ${tx(name)} set tx = pg_current_xact_id() where tx >= pg_current_xact_id()`;
      restamped += updated.count;
    }
    await tx`
      update sync_identity
      set system_identifier = ${here!.systemIdentifier}, database_oid = ${here!.databaseOid}`;
    return { outcome: "restored", records: records.count, restamped };
  });
  if (result.outcome === "restored") {
    logger.warn(
      { records: result.records, restamped: result.restamped },
      "this database was restored from another: client view records dropped (every client " +
        "starts again from a reset), rows of the old cluster's future restamped",
    );
  }
  return result;
}
