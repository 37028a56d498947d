/**
 * Presence on one server instance: the entries it has heard, and the lists it writes to its own
 * poke streams. Nothing is stored: an entry lives in memory on every instance, as long as its
 * tab keeps reporting.
 *
 * How a report travels (README.md beside this file has the reasons):
 * - The instance that takes the POST publishes it: with real Postgres as `pg_notify` on a
 *   channel of its own (every instance, itself included, LISTENs and applies it), with the
 *   embedded database straight to itself (one process).
 * - Every instance stamps what it hears with its own clock, drops what has not been refreshed
 *   for PRESENCE_EXPIRY_MS, and sends a workspace's whole list to each of its streams whose
 *   user is a member, a moment after the list changed (a heartbeat that changes nothing sends
 *   nothing). A stream that opens or reloads its workspaces gets the lists at once.
 * - A tab leaves by its POST, by its poke stream closing (announced like a leave, by the
 *   instance that held the stream), or by expiry. A person removed from a workspace is dropped
 *   from its list when the change that removed them arrives (pokes name them).
 */
import { z } from "zod";
import {
  PRESENCE_EXPIRY_MS,
  presenceEntrySchema,
  type PresenceEntry,
  type DescriptionEdit,
  type PresenceReport,
} from "../../shared/presence.ts";
import type { SessionUser } from "../auth/session.ts";
import type { Database } from "../db/database.ts";
import type { Logger } from "../logger.ts";
import { userWorkspaceIds } from "../auth/auth-rows.ts";
import { notify } from "../db/notify.ts";
import type { PokeStream, Pokes } from "../sync/poke.ts";
import type { SyncChange } from "../db/notify.ts";

const PRESENCE_CHANNEL = "presence";
/** A list goes out this long after its first change, with whatever else changed meanwhile. */
const BROADCAST_DELAY_MS = 25;
/** How often expired entries are looked for; adds at most this much to PRESENCE_EXPIRY_MS. */
const SWEEP_MS = 200;
/** Postgres refuses NOTIFY payloads from 8000 bytes; an entry that would not fit loses its image. */
const MAX_PAYLOAD_BYTES = 7_000;
/** Of a longer name only this much travels; the avatar's tooltip needs no more. */
const MAX_NAME_LENGTH = 200;
/** A longer image address (a data: URL) stays home: the avatar shows initials instead. */
const MAX_IMAGE_LENGTH = 2_048;
/** Tabs of one person kept per instance: more replace the one heard from longest ago. */
const MAX_TABS_PER_USER = 20;

/** An entry as this instance holds it: its workspace, and when it was last heard of. */
type Held = { workspaceId: string; entry: PresenceEntry; heardAt: number };

const messageSchema = z.discriminatedUnion("t", [
  z.object({ t: z.literal("set"), e: presenceEntrySchema.extend({ workspaceId: z.string() }) }),
  z.object({ t: z.literal("leave"), u: z.string(), c: z.string() }),
  // A description edit (`d`, base64) of task `k` in workspace `w`, from user `u`'s tab `c`,
  // with the tab's cursor after it (`r`).
  z.object({
    t: z.literal("edit"),
    w: z.string(),
    k: z.string(),
    u: z.string(),
    c: z.string(),
    d: z.string(),
    r: z.string().nullable(),
  }),
]);
type Message = z.infer<typeof messageSchema>;

export type Presence = {
  /** Publishes a tab's report; the caller has checked that the user is a member. */
  report(user: SessionUser, report: PresenceReport): Promise<void>;
  /** Publishes that a tab has gone. */
  leave(userId: string, clientId: string): Promise<void>;
  /**
   * Relays a description edit to the other tabs that have the task open (their presence says
   * so), at once; the caller has checked that the user may edit the workspace's tasks.
   */
  relayEdit(user: SessionUser, edit: DescriptionEdit): Promise<void>;
  /** Stops listening and sending; entries held are forgotten. */
  close(): Promise<void>;
};

export async function createPresence({
  db,
  logger,
  pokes,
}: {
  db: Database;
  logger: Logger;
  pokes: Pokes;
}): Promise<Presence> {
  const entries = new Map<string, Held>();
  const dirty = new Set<string>();
  let broadcastTimer: NodeJS.Timeout | undefined;
  let closed = false;

  const listOf = (workspaceId: string): PresenceEntry[] =>
    [...entries.values()]
      .filter((held) => held.workspaceId === workspaceId)
      .map((held) => held.entry)
      .sort(
        (a, b) =>
          compare(a.name, b.name) || compare(a.userId, b.userId) || compare(a.clientId, b.clientId),
      );

  const send = (stream: PokeStream, workspaceId: string) =>
    stream.send("presence", JSON.stringify({ workspaceId, entries: listOf(workspaceId) }));

  const broadcast = () => {
    broadcastTimer = undefined;
    const changed = [...dirty];
    dirty.clear();
    for (const stream of pokes.streams()) {
      for (const workspaceId of changed) {
        if (stream.workspaceIds.has(workspaceId)) send(stream, workspaceId);
      }
    }
  };

  const markChanged = (workspaceId: string) => {
    dirty.add(workspaceId);
    broadcastTimer ??= setTimeout(broadcast, BROADCAST_DELAY_MS);
  };

  const drop = (key: string) => {
    const held = entries.get(key);
    if (!held) return;
    entries.delete(key);
    markChanged(held.workspaceId);
  };

  /**
   * An edit goes at once (no batching) to the streams of the tabs present on its task. The
   * cursor it carries becomes the tab's entry's without a list going out: the edit told those
   * who show it, and a list sent later carries it.
   */
  const relay = ({ w, k, u, c, d, r }: Extract<Message, { t: "edit" }>) => {
    const sender = entries.get(keyOf(u, c));
    if (sender?.workspaceId === w && sender.entry.taskId === k) {
      sender.entry = { ...sender.entry, cursor: r };
    }
    const tabs = new Set<string>();
    for (const { workspaceId, entry } of entries.values()) {
      if (workspaceId === w && entry.taskId === k && entry.clientId !== c) {
        tabs.add(keyOf(entry.userId, entry.clientId));
      }
    }
    if (tabs.size === 0) return;
    const data = JSON.stringify({
      workspaceId: w,
      taskId: k,
      userId: u,
      clientId: c,
      update: d,
      cursor: r,
    });
    for (const stream of pokes.streams()) {
      if (stream.tabId !== null && tabs.has(keyOf(stream.userId, stream.tabId))) {
        stream.send("edit", data);
      }
    }
  };

  const apply = (message: Message) => {
    if (closed) return;
    if (message.t === "edit") {
      relay(message);
      return;
    }
    if (message.t === "leave") {
      drop(keyOf(message.u, message.c));
      return;
    }
    const { workspaceId, ...entry } = message.e;
    const key = keyOf(entry.userId, entry.clientId);
    const before = entries.get(key);
    entries.set(key, { workspaceId, entry, heardAt: Date.now() });
    if (before?.workspaceId === workspaceId && sameEntry(before.entry, entry)) return;
    if (before && before.workspaceId !== workspaceId) markChanged(before.workspaceId);
    markChanged(workspaceId);
    if (!before) limitTabs(entry.userId);
  };

  const limitTabs = (userId: string) => {
    const tabs = [...entries].filter(([, { entry }]) => entry.userId === userId);
    if (tabs.length <= MAX_TABS_PER_USER) return;
    tabs.sort(([, a], [, b]) => a.heardAt - b.heardAt);
    for (const [key] of tabs.slice(0, tabs.length - MAX_TABS_PER_USER)) drop(key);
  };

  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, { heardAt }] of entries) {
      if (now - heardAt > PRESENCE_EXPIRY_MS) drop(key);
    }
  }, SWEEP_MS);
  sweep.unref();

  /** People named by a change may have left workspaces: keep only their entries still allowed. */
  const recheckMembership = async (change: SyncChange) => {
    const present = new Set([...entries.values()].map(({ entry }) => entry.userId));
    for (const userId of new Set(change.userIds)) {
      if (!present.has(userId)) continue;
      try {
        const allowed = new Set(await userWorkspaceIds(db.sql, userId));
        for (const [key, held] of entries) {
          if (held.entry.userId === userId && !allowed.has(held.workspaceId)) drop(key);
        }
      } catch (error) {
        // The entries expire anyway: the person's reports are refused from now on.
        logger.warn({ err: error }, "could not recheck the workspaces of a present person");
      }
    }
  };

  const sendAll = (stream: PokeStream) => {
    const present = new Set([...entries.values()].map((held) => held.workspaceId));
    for (const workspaceId of stream.workspaceIds) {
      if (present.has(workspaceId)) send(stream, workspaceId);
    }
  };

  const publish = async (message: Message) => {
    if (db.mode === "embedded") {
      apply(message);
      return;
    }
    await notify(db.sql, PRESENCE_CHANNEL, payloadOf(message));
  };

  const stopObserving = pokes.observe({
    opened: sendAll,
    reloaded: sendAll,
    changed: (change) => void recheckMembership(change),
    closed: (stream) => {
      const { userId, tabId } = stream;
      if (closed || tabId === null) return;
      // EventSource may already have reconnected this tab here.
      for (const other of pokes.streams()) {
        if (other.userId === userId && other.tabId === tabId) return;
      }
      publish({ t: "leave", u: userId, c: tabId }).catch((error: unknown) =>
        logger.warn({ err: error }, "could not announce that a tab left"),
      );
    },
  });

  let unlisten: (() => Promise<void>) | undefined;
  if (db.mode === "postgres") {
    const listening = await db.sql.listen(PRESENCE_CHANNEL, (payload) => {
      const parsed = messageSchema.safeParse(safeJson(payload));
      if (parsed.success) apply(parsed.data);
      else logger.warn({ payload }, "ignored a malformed presence notification");
    });
    unlisten = listening.unlisten;
  }

  return {
    async report(user, report) {
      await publish({
        t: "set",
        e: {
          workspaceId: report.workspaceId,
          userId: user.id,
          name: user.name.slice(0, MAX_NAME_LENGTH),
          image: user.image && user.image.length <= MAX_IMAGE_LENGTH ? user.image : null,
          clientId: report.clientId,
          projectId: report.projectId ?? null,
          // A task is always seen inside its project; a report without one shows nowhere.
          taskId: report.projectId ? (report.taskId ?? null) : null,
          typing: report.typing ?? null,
          idle: report.idle,
          cursor: report.cursor ?? null,
        },
      });
    },
    leave: (userId, clientId) => publish({ t: "leave", u: userId, c: clientId }),
    relayEdit: (user, { workspaceId, taskId, clientId, update, cursor }) =>
      publish({
        t: "edit",
        w: workspaceId,
        k: taskId,
        u: user.id,
        c: clientId,
        d: update,
        r: cursor ?? null,
      }),
    async close() {
      closed = true;
      stopObserving();
      clearInterval(sweep);
      clearTimeout(broadcastTimer);
      entries.clear();
      // The database may already be gone (shutdown after a lost connection): nothing to undo.
      await unlisten?.().catch((error: unknown) => {
        logger.debug({ err: error }, "presence listener already closed");
      });
    },
  };
}

const keyOf = (userId: string, clientId: string) => JSON.stringify([userId, clientId]);

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const entryFields = [
  "userId",
  "name",
  "image",
  "clientId",
  "projectId",
  "taskId",
  "typing",
  "idle",
  "cursor",
] as const satisfies readonly (keyof PresenceEntry)[];

function sameEntry(a: PresenceEntry, b: PresenceEntry): boolean {
  return entryFields.every((field) => a[field] === b[field]);
}

/** The NOTIFY payload; an image too long to fit is left out (the client shows initials). */
function payloadOf(message: Message): string {
  const payload = JSON.stringify(message);
  if (message.t !== "set" || Buffer.byteLength(payload) <= MAX_PAYLOAD_BYTES) return payload;
  return JSON.stringify({ ...message, e: { ...message.e, image: null } });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
