/**
 * Pokes: a content-free hint "pull now", sent over Server-Sent Events to every connected
 * browser whose workspaces changed (DESIGN.md: "A poke carries no data").
 *
 * How a change travels:
 * - Real Postgres: the writing transaction calls `pg_notify` on one channel (Postgres delivers
 *   it only on commit) and every server instance holds `sql.listen` on it (a dedicated
 *   postgres.js connection that reconnects by itself). When that connection (re)connects,
 *   notifications may have been missed, so every local client is poked.
 * - Embedded PGlite: one process and one connection, so no LISTEN: an in-process bus, published
 *   after the commit.
 *
 * A change names workspaces and users. A connection is poked when its user is named (a removed
 * member, a new member, the author of a refused mutation) or when it belongs to a named
 * workspace. Each connection keeps its user's workspace ids, reloaded when its user is named,
 * because a deleted workspace's members can no longer be looked up afterwards.
 */
import type { Response } from "express";
import type postgres from "postgres";
import { z } from "zod";
import type { Database } from "../db/database.ts";
import type { Logger } from "../logger.ts";
import { notify, userWorkspaceIds } from "./data.ts";

export type SyncChange = { workspaceIds: string[]; userIds: string[] };

export const POKE_CHANNEL = "replicache_poke";
const HEARTBEAT_MS = 25_000;
const DEBOUNCE_MS = 15;
/** pg_notify payloads must stay under 8000 bytes. */
const MAX_PAYLOAD_IDS = 100;

const changeSchema = z.object({ w: z.array(z.string()), u: z.array(z.string()) });

/** Publishes changes; the push and the better-auth hook use it. */
export type PokeAnnouncer = {
  /** Inside the writing transaction: real Postgres queues the NOTIFY for the commit. */
  inTransaction(tx: postgres.TransactionSql, change: SyncChange): Promise<void>;
  /** After the commit: the embedded database's in-process bus publishes here. */
  afterCommit(change: SyncChange): void;
  /** Outside any transaction, for writes someone else committed (better-auth's calls). */
  announce(change: SyncChange): Promise<void>;
};

type Connection = {
  userId: string;
  workspaceIds: Set<string>;
  res: Response;
  timer: NodeJS.Timeout | undefined;
  /** A change arrived while the timer ran: poke again when it ends. */
  again: boolean;
};

export type Pokes = {
  announcer: PokeAnnouncer;
  /** `GET /api/replicache/poke` for a signed-in user. */
  stream(res: Response, userId: string): Promise<void>;
  /** Ends every stream and stops listening. */
  close(): Promise<void>;
};

export async function createPokes({
  db,
  logger,
}: {
  db: Database;
  logger: Logger;
}): Promise<Pokes> {
  const connections = new Set<Connection>();

  // The first change pokes at once (it is on the path of "another browser sees it"); more
  // changes within DEBOUNCE_MS wait and go as one poke at its end, so a burst costs two pulls.
  const poke = (connection: Connection) => {
    if (connection.timer) {
      connection.again = true;
      return;
    }
    connection.res.write("event: poke\ndata: {}\n\n");
    connection.timer = setTimeout(() => {
      connection.timer = undefined;
      if (!connection.again) return;
      connection.again = false;
      poke(connection);
    }, DEBOUNCE_MS);
  };

  const refreshWorkspaces = async (connection: Connection) => {
    try {
      connection.workspaceIds = new Set(await userWorkspaceIds(db.sql, connection.userId));
    } catch (error) {
      logger.warn({ err: error }, "could not reload a poke connection's workspaces");
    }
  };

  const deliver = (change: SyncChange | "everyone") => {
    for (const connection of connections) {
      if (change === "everyone") {
        poke(connection);
        continue;
      }
      const named = change.userIds.includes(connection.userId);
      if (named) void refreshWorkspaces(connection);
      if (named || change.workspaceIds.some((id) => connection.workspaceIds.has(id))) {
        poke(connection);
      }
    }
  };

  let unlisten: (() => Promise<void>) | undefined;
  if (db.mode === "postgres") {
    const listening = await db.sql.listen(
      POKE_CHANNEL,
      (payload) => {
        const parsed = changeSchema.safeParse(safeJson(payload));
        if (!parsed.success) {
          logger.warn({ payload }, "ignored a malformed poke notification");
          return;
        }
        deliver({ workspaceIds: parsed.data.w, userIds: parsed.data.u });
      },
      // Runs on the first connect and on every reconnect: anything may have been missed.
      () => deliver("everyone"),
    );
    unlisten = listening.unlisten;
  }

  const notifyAll = async (sql: postgres.Sql | postgres.TransactionSql, change: SyncChange) => {
    for (const payload of payloads(change)) await notify(sql, POKE_CHANNEL, payload);
  };

  const announcer: PokeAnnouncer = {
    async inTransaction(tx, change) {
      if (db.mode === "postgres" && !isEmpty(change)) await notifyAll(tx, change);
    },
    afterCommit(change) {
      if (db.mode === "embedded" && !isEmpty(change)) deliver(change);
    },
    async announce(change) {
      if (isEmpty(change)) return;
      if (db.mode === "postgres") await notifyAll(db.sql, change);
      else deliver(change);
    },
  };

  return {
    announcer,
    async stream(res, userId) {
      const connection: Connection = {
        userId,
        workspaceIds: new Set(await userWorkspaceIds(db.sql, userId)),
        res,
        timer: undefined,
        again: false,
      };
      res.writeHead(200, {
        "Content-Type": "text/event-stream",
        "Cache-Control": "no-cache, no-transform",
        Connection: "keep-alive",
        // Tells nginx and similar proxies not to buffer the stream.
        "X-Accel-Buffering": "no",
      });
      res.write(": connected\n\n");
      connections.add(connection);
      const heartbeat = setInterval(() => res.write(": heartbeat\n\n"), HEARTBEAT_MS);
      // The response's close, not the request's: that one fires once the request is read.
      res.on("close", () => {
        clearInterval(heartbeat);
        clearTimeout(connection.timer);
        connections.delete(connection);
      });
    },
    async close() {
      // The database may already be gone (shutdown after a lost connection): nothing to undo.
      await unlisten?.().catch((error: unknown) => {
        logger.debug({ err: error }, "poke listener already closed");
      });
      for (const connection of connections) {
        clearTimeout(connection.timer);
        connection.res.end();
      }
      connections.clear();
    },
  };
}

function isEmpty(change: SyncChange) {
  return change.workspaceIds.length === 0 && change.userIds.length === 0;
}

/** One JSON payload per chunk of ids, each well under Postgres's 8000-byte limit. */
function payloads(change: SyncChange): string[] {
  const result: string[] = [];
  const w = [...new Set(change.workspaceIds)];
  const u = [...new Set(change.userIds)];
  while (w.length > 0 || u.length > 0) {
    result.push(
      JSON.stringify({ w: w.splice(0, MAX_PAYLOAD_IDS), u: u.splice(0, MAX_PAYLOAD_IDS) }),
    );
  }
  return result;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
