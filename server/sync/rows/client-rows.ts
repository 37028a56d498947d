/**
 * Replicache's own bookkeeping: client groups and the person who owns each, the order of a
 * group's cookies, and each client's last mutation id. Split from data.ts (now scope-rows.ts) by
 * entity, as STYLE.md asks of it.
 */
import type postgres from "postgres";

type Db = postgres.Sql | postgres.TransactionSql;

export async function clientGroupOwner(db: Db, id: string): Promise<string | null> {
  const [row] = await db<{ userId: string }[]>`
    select user_id as "userId" from replicache_client_group where id = ${id}`;
  return row?.userId ?? null;
}

/**
 * Creates the group on first sight and locks its row for the rest of the transaction, so two
 * requests of one group (two tabs pushing at once) run one after the other. `for no key
 * update`, the lock an update of the row would take: it waits for the group's other pushes but
 * not for the foreign-key checks (key share) of the records and cookie order a pull writes,
 * and pulls are served in waves that hold them until the wave commits (pull-waves.ts). Nothing
 * of a pull's writes is in this row (migration 0016). The two statements leave together (one
 * round trip).
 */
export async function lockClientGroup(
  tx: Db,
  id: string,
  userId: string,
): Promise<{ userId: string }> {
  const insert = tx`
    insert into replicache_client_group (id, user_id) values (${id}, ${userId})
    on conflict (id) do nothing`;
  const lock = tx<{ userId: string }[]>`
    select user_id as "userId" from replicache_client_group where id = ${id} for no key update`;
  const [, [row]] = await Promise.all([insert, lock]);
  if (!row) throw new Error(`client group ${id} could not be locked`);
  return row;
}

/**
 * Client groups by id (a pull's are read for its whole wave: pull-waves.ts `one`): the owner,
 * and the order of the last cookie handed out (0 before any). A group never seen is missing.
 */
export const clientGroups = {
  async read(tx: Db, ids: string[]): Promise<Map<string, { userId: string; cvrVersion: number }>> {
    const rows = await tx<{ id: string; userId: string; cvrVersion: number }[]>`
      select g.id, g.user_id as "userId", coalesce(c.cvr_version, 0) as "cvrVersion"
      from replicache_client_group g left join replicache_cookie c on c.client_group_id = g.id
      where g.id = any(${ids})`;
    return new Map(rows.map(({ id, ...group }) => [id, group]));
  },
};

type CookieOrder = { groupId: string; userId: string; isNew: boolean; order: number };

/**
 * Records the order of the cookie each pull just handed out, creating the groups seen for the
 * first time. A group's row is written only then: a push holds it locked (lockClientGroup).
 * One group at most once per call (a wave has one pull per group).
 */
export const cookieOrders = {
  async write(tx: Db, orders: CookieOrder[]) {
    const created = orders.filter((order) => order.isNew);
    const groups =
      created.length > 0
        ? tx`with created as (
            insert into replicache_client_group (id, user_id)
            select * from unnest(${created.map((o) => o.groupId)}::text[],
              ${created.map((o) => o.userId)}::text[])
            on conflict (id) do nothing)`
        : tx``;
    await tx`
      ${groups}
      insert into replicache_cookie (client_group_id, cvr_version)
      select * from unnest(${orders.map((o) => o.groupId)}::text[],
        ${orders.map((o) => o.order)}::int[])
      on conflict (client_group_id) do update set cvr_version = excluded.cvr_version`;
  },
};

/**
 * The stored state of the named clients. Read after the group is locked (lockClientGroup), and
 * in its own statement: at READ COMMITTED a statement sees what committed before it started, so
 * this sees every mutation the group's previous push recorded.
 */
export async function getClients(
  tx: Db,
  ids: string[],
): Promise<Map<string, { clientGroupId: string; lastMutationId: number }>> {
  const rows = await tx<{ id: string; clientGroupId: string; lastMutationId: number }[]>`
    select id, client_group_id as "clientGroupId", last_mutation_id as "lastMutationId"
    from replicache_client where id = any(${ids})`;
  return new Map(rows.map(({ id, ...client }) => [id, client]));
}

/** The error setLastMutationIds fails with when another group took one of the client ids. */
export const FOREIGN_CLIENT_CODE = "22012";

/**
 * Records the clients' last mutation ids. A client id that another group took meanwhile keeps
 * its row, and the statement then fails (division by zero, FOREIGN_CLIENT_CODE): the push
 * refuses, and a COMMIT sent behind it rolls back instead (server/db/transaction.ts).
 */
export async function setLastMutationIds(
  tx: Db,
  clientGroupId: string,
  clients: { id: string; lastMutationId: number }[],
): Promise<void> {
  if (clients.length === 0) return;
  await tx`
    with saved as (
      insert into replicache_client (id, client_group_id, last_mutation_id)
      select id, ${clientGroupId}, last_mutation_id
      from unnest(${clients.map((c) => c.id)}::text[], ${clients.map((c) => c.lastMutationId)}::int[])
        as t(id, last_mutation_id)
      on conflict (id) do update
        set last_mutation_id = excluded.last_mutation_id, last_modified = now()
        where replicache_client.client_group_id = excluded.client_group_id
      returning id
    )
    select 1 / (count(*) = ${clients.length})::int from saved`;
}

/** Each group's clients and their lastMutationIDs; a group with no client yet is missing. */
export const clientMutationIds = {
  async read(tx: Db, groupIds: string[]): Promise<Map<string, Record<string, number>>> {
    const rows = await tx<{ groupId: string; id: string; lastMutationId: number }[]>`
      select client_group_id as "groupId", id, last_mutation_id as "lastMutationId"
      from replicache_client where client_group_id = any(${groupIds})`;
    const groups = new Map<string, Record<string, number>>();
    for (const { groupId, id, lastMutationId } of rows) {
      let clients = groups.get(groupId);
      if (!clients) groups.set(groupId, (clients = {}));
      clients[id] = lastMutationId;
    }
    return groups;
  },
};
