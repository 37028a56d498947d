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
 *
 * A stream lives only as long as its session. Each instance checks the sessions of its streams
 * in one query every few seconds (expiry, and any way a session row goes) and at once when a
 * session-ending call (sign-out, revocation, password reset…) is announced on the same channel.
 * Changes that arrive during a check wait for its end: notifications come in commit order, so a
 * change committed after a sign-out never pokes the signed-out stream.
 *
 * One session may hold MAX_STREAMS_PER_SESSION streams on an instance; more are refused with
 * 429 rather than closing the oldest, because EventSource reconnects a closed stream, and the
 * tabs over the limit would then evict each other forever.
 *
 * The streams carry other events too: presence (server/presence/) writes `event: presence` to
 * them through `streams()` and hears, through `observe`, when one opens, closes or reloads its
 * workspaces, and which users a change named.
 */
import type { Response } from "express";
import { z } from "zod";
import type { Database } from "../db/database.ts";
import { ApiError } from "../http/api-error.ts";
import type { Logger } from "../logger.ts";
import type { Metrics } from "../metrics/metrics.ts";
import { liveSessionIds, userWorkspaceIds } from "../auth/auth-rows.ts";
import { notify, type PokeAnnouncer, type SyncChange } from "../db/notify.ts";
import type { Tx } from "../db/transaction.ts";

export const POKE_CHANNEL = "replicache_poke";
const HEARTBEAT_MS = 25_000;
const DEBOUNCE_MS = 15;
/**
 * Under a crowd the window widens with the streams open on this instance (4 ms each, up to a
 * second): every poke makes a pull, and 200 clients pulling after every one of 200 changes a
 * second would leave the server no time for the changes themselves (issue 19, `npm run load`).
 * The first change after a quiet window still pokes at once.
 */
const DEBOUNCE_PER_STREAM_MS = 4;
const MAX_DEBOUNCE_MS = 1000;
/** pg_notify payloads must stay under 8000 bytes. */
const MAX_PAYLOAD_IDS = 100;
/** The app opens one stream per tab; a session asking for more is a leak or an attack. */
const MAX_STREAMS_PER_SESSION = 10;
/** When the instance closes, its streams are told to reconnect after this plus up to SPREAD. */
const RECONNECT_MIN_MS = 100;
const RECONNECT_SPREAD_MS = 900;
/** How often the sessions of open streams are checked when no session-ending call is announced. */
const SESSION_CHECK_MS = 5_000;

/** `s`: some session ended; every instance checks the sessions of its streams. */
const changeSchema = z.object({
  w: z.array(z.string()),
  u: z.array(z.string()),
  s: z.literal(true).optional(),
});
const SESSIONS_ENDED_PAYLOAD = JSON.stringify({ w: [], u: [], s: true });

/** An open stream, as presence sees it. */
export type PokeStream = {
  readonly userId: string;
  readonly sessionId: string;
  /** The tab's own id (`?tab=`), which its presence reports carry; null when not given. */
  readonly tabId: string | null;
  /** The workspaces of the stream's user, reloaded when a change names the user. */
  readonly workspaceIds: ReadonlySet<string>;
  /** Writes one event; `data` is one line (JSON). */
  send(event: string, data: string): void;
};

/** What presence hears of the streams. Every callback runs synchronously; none may throw. */
type StreamObserver = {
  opened?(stream: PokeStream): void;
  closed?(stream: PokeStream): void;
  /** The stream's user was named in a change and its workspaces were read again. */
  reloaded?(stream: PokeStream): void;
  /** A change reached this instance (after any session check it waited for). */
  changed?(change: SyncChange): void;
};

type Connection = PokeStream & {
  workspaceIds: Set<string>;
  res: Response;
  heartbeat: NodeJS.Timeout | undefined;
};

export type Pokes = {
  announcer: PokeAnnouncer;
  /** `GET /api/replicache/poke` for a signed-in user; 429 when the session has too many. */
  stream(
    res: Response,
    signedIn: { userId: string; sessionId: string; tabId?: string | null },
  ): Promise<void>;
  /** The streams open on this instance now. */
  streams(): Iterable<PokeStream>;
  /** Hears streams open, close and reload, and the changes; returns the way to stop. */
  observe(observer: StreamObserver): () => void;
  /** Ends every stream and stops listening. */
  close(): Promise<void>;
};

export async function createPokes({
  db,
  logger,
  metrics,
  forgetCachedSessions,
}: {
  db: Database;
  logger: Logger;
  /** Counts pokes written, and reads the streams open when scraped. */
  metrics?: Metrics;
  /**
   * Forgets every session the instance believes (`server/auth/session.ts`), handed in by the
   * server's wiring so that sync does not import auth: called whenever sessions may have ended.
   */
  forgetCachedSessions: () => void;
}): Promise<Pokes> {
  const connections = new Set<Connection>();
  const observers = new Set<StreamObserver>();
  /** Streams per session, counted from the request on, so a burst of requests cannot pass. */
  const streamsOfSession = new Map<string, number>();

  // The first change pokes at once (it is on the path of "another browser sees it"); the
  // changes that come within the window go as one poke at its end, so a burst costs two pulls.
  // The window is the instance's, not each stream's: every stream a burst named is poked at the
  // same moment, and their pulls arrive together and are served as one wave (pull-waves.ts).
  const debounceMs = () =>
    Math.min(MAX_DEBOUNCE_MS, Math.max(DEBOUNCE_MS, connections.size * DEBOUNCE_PER_STREAM_MS));
  /** Streams named while the window is open, poked when it closes. */
  const due = new Set<Connection>();
  let window: NodeJS.Timeout | undefined;
  const write = (connection: Connection) => {
    if (!connections.has(connection)) return;
    connection.res.write("event: poke\ndata: {}\n\n");
    metrics?.pokesSent.inc();
  };
  if (metrics) metrics.gauges.streams = () => connections.size;
  const closeWindow = () => {
    window = undefined;
    if (due.size === 0) return;
    for (const connection of due) write(connection);
    due.clear();
    window = setTimeout(closeWindow, debounceMs());
  };
  /**
   * Pokes the streams one change names: at once when no window is open, and the window opens
   * behind them; inside a window, at its end. The window opens before the next change is
   * delivered, even one delivered in the same turn: after the event loop was held up,
   * postgres.js hands every notification that arrived meanwhile to the listener in one
   * synchronous loop, and each would otherwise have poked every stream again.
   */
  const poke = (named: Iterable<Connection>) => {
    if (window) {
      for (const connection of named) due.add(connection);
      return;
    }
    let poked = false;
    for (const connection of named) {
      write(connection);
      poked = true;
    }
    if (poked) window = setTimeout(closeWindow, debounceMs());
  };

  const refreshWorkspaces = async (connection: Connection) => {
    try {
      connection.workspaceIds = new Set(await userWorkspaceIds(db.sql, connection.userId));
      if (connections.has(connection)) for (const o of observers) o.reloaded?.(connection);
    } catch (error) {
      logger.warn({ err: error }, "could not reload a poke connection's workspaces");
    }
  };

  /** Changes that arrived while the sessions were being checked: delivered after the check. */
  let held: (SyncChange | "everyone")[] | undefined;

  const deliver = (change: SyncChange | "everyone") => {
    if (held) {
      held.push(change);
      return;
    }
    if (change === "everyone") {
      poke(connections);
      return;
    }
    for (const observer of observers) observer.changed?.(change);
    const poked: Connection[] = [];
    for (const connection of connections) {
      const named = change.userIds.includes(connection.userId);
      if (named) void refreshWorkspaces(connection);
      if (named || change.workspaceIds.some((id) => connection.workspaceIds.has(id))) {
        poked.push(connection);
      }
    }
    poke(poked);
  };

  const forget = (connection: Connection) => {
    if (connections.delete(connection)) for (const o of observers) o.closed?.(connection);
  };

  const endStream = (connection: Connection) => {
    forget(connection);
    connection.res.end();
  };

  // One check at a time; a request for another while one runs makes it go round once more,
  // since the running query may have read before the session's end was committed.
  let checking: Promise<void> | undefined;
  let checkAgain = false;
  const checkSessions = (): Promise<void> => {
    if (checking) {
      checkAgain = true;
      return checking;
    }
    held = [];
    checking = (async () => {
      do {
        checkAgain = false;
        const sessionIds = [...new Set([...connections].map((c) => c.sessionId))];
        if (sessionIds.length === 0) continue;
        try {
          const live = await liveSessionIds(db.sql, sessionIds);
          for (const connection of connections) {
            if (!live.has(connection.sessionId)) endStream(connection);
          }
        } catch (error) {
          // Keep the streams: the next check decides.
          logger.warn({ err: error }, "could not check the sessions of poke streams");
        }
      } while (checkAgain);
    })().finally(() => {
      const waiting = held ?? [];
      held = undefined;
      checking = undefined;
      for (const change of waiting) deliver(change);
    });
    return checking;
  };
  const sessionTimer = setInterval(() => {
    if (connections.size > 0) void checkSessions();
  }, SESSION_CHECK_MS);
  sessionTimer.unref();

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
        if (parsed.data.s) {
          forgetCachedSessions();
          void checkSessions();
        } else deliver({ workspaceIds: parsed.data.w, userIds: parsed.data.u });
      },
      // Runs on the first connect and on every reconnect: anything may have been missed.
      () => {
        forgetCachedSessions();
        deliver("everyone");
      },
    );
    unlisten = listening.unlisten;
  }

  // All sent at once: in a push they go out right before its COMMIT (server/db/transaction.ts).
  const notifyAll = async (sql: Tx, change: SyncChange) => {
    await Promise.all(payloads(change).map((payload) => notify(sql, POKE_CHANNEL, payload)));
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
    async sessionsEnded() {
      // This instance forgets at once, before the call that ended them answers.
      forgetCachedSessions();
      if (db.mode === "postgres") await notify(db.sql, POKE_CHANNEL, SESSIONS_ENDED_PAYLOAD);
      else await checkSessions();
    },
  };

  return {
    announcer,
    async stream(res, { userId, sessionId, tabId = null }) {
      const open = streamsOfSession.get(sessionId) ?? 0;
      if (open >= MAX_STREAMS_PER_SESSION) {
        throw new ApiError(
          429,
          "TOO_MANY_STREAMS",
          "Too many live update streams for this session",
        );
      }
      streamsOfSession.set(sessionId, open + 1);
      const connection: Connection = {
        userId,
        sessionId,
        tabId,
        workspaceIds: new Set(),
        send: (event, data) => void res.write(`event: ${event}\ndata: ${data}\n\n`),
        res,
        heartbeat: undefined,
      };
      let closed = false;
      // The response's close, not the request's: that one fires once the request is read.
      // Registered first: the browser may leave while the workspaces are being read.
      res.on("close", () => {
        closed = true;
        clearInterval(connection.heartbeat);
        due.delete(connection);
        forget(connection);
        const left = (streamsOfSession.get(sessionId) ?? 1) - 1;
        if (left > 0) streamsOfSession.set(sessionId, left);
        else streamsOfSession.delete(sessionId);
      });
      connection.workspaceIds = new Set(await userWorkspaceIds(db.sql, userId));
      if (closed) return;
      res.writeHead(200, {
        "Content-Type": "text/event-stream",
        "Cache-Control": "no-cache, no-transform",
        Connection: "keep-alive",
        // Tells nginx and similar proxies not to buffer the stream.
        "X-Accel-Buffering": "no",
      });
      res.write(": connected\n\n");
      connections.add(connection);
      connection.heartbeat = setInterval(() => res.write(": heartbeat\n\n"), HEARTBEAT_MS);
      for (const observer of observers) observer.opened?.(connection);
    },
    streams: () => connections,
    observe(observer) {
      observers.add(observer);
      return () => void observers.delete(observer);
    },
    async close() {
      clearInterval(sessionTimer);
      clearTimeout(window);
      // The database may already be gone (shutdown after a lost connection): nothing to undo.
      await unlisten?.().catch((error: unknown) => {
        logger.debug({ err: error }, "poke listener already closed");
      });
      due.clear();
      // The browser's EventSource reconnects by itself after the stream ends, after `retry`
      // ms: spread over a second, so a draining instance's streams do not all land on the
      // others at once. On reconnecting the client pulls, so no change is missed meanwhile.
      for (const connection of connections) {
        const retryMs = RECONNECT_MIN_MS + Math.floor(Math.random() * RECONNECT_SPREAD_MS);
        connection.res.end(`retry: ${retryMs}\n\n`);
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
