/**
 * Presence: who is looking at which project and task right now, with what they are typing and
 * where their cursor is. Ephemeral: never in Replicache, never in a Postgres table. The client
 * reports with `POST /api/presence` (and `POST /api/presence/leave`); the server sends every
 * workspace's list as an `event: presence` on the poke stream. server/presence/README.md has
 * the decisions and the timings.
 */
import { z } from "zod";
import { idSchema } from "./entities.ts";
import { hasControlCharacters, opaqueIdSchema } from "./opaque-id.ts";

/** A visible tab reports this often, whether anything changed or not. */
export const PRESENCE_HEARTBEAT_MS = 2_000;
/**
 * An entry not refreshed for this long is dropped: two heartbeats, so one late heartbeat is
 * forgiven, and a tab that went offline or hid is gone from the others' screens within 5 s
 * (the server looks for expired entries every 200 ms, then the list travels and paints).
 */
export const PRESENCE_EXPIRY_MS = 4_000;
/** Without a pointer or key event for this long, a person shows dimmed. */
export const PRESENCE_IDLE_MS = 5 * 60_000;
/** "Typing a comment…" stops this long after the last key. */
export const PRESENCE_TYPING_MS = 3_000;
/** The description editor's cursor, as it encodes it: carried, never read. */
export const MAX_PRESENCE_CURSOR_LENGTH = 1024;

const presenceTypingSchema = z.enum(["comment"]);
export type PresenceTyping = z.infer<typeof presenceTypingSchema>;

const cursorSchema = z
  .string()
  .max(MAX_PRESENCE_CURSOR_LENGTH)
  .refine((value) => !hasControlCharacters(value), "control characters");

/** The body of `POST /api/presence`: where this tab is and what it does. */
export const presenceReportSchema = z.object({
  workspaceId: opaqueIdSchema,
  /** One per tab, minted by the page: the same person in two tabs has two. */
  clientId: idSchema,
  projectId: idSchema.nullish(),
  taskId: idSchema.nullish(),
  typing: presenceTypingSchema.nullish(),
  idle: z.boolean(),
  cursor: cursorSchema.nullish(),
});
export type PresenceReport = z.infer<typeof presenceReportSchema>;

/**
 * The longest description edit relayed at once (its Yjs update, base64): a keystroke's is a
 * few dozen characters; a larger change (a paste) reaches the others by the pull alone.
 */
export const MAX_RELAYED_EDIT_LENGTH = 4_000;

/**
 * The body of `POST /api/presence/edit`: an edit of a task's description, the same update the
 * tab pushes as `editDescription`, relayed at once to the others who have the task open. What
 * they apply early the pull brings again (Yjs merges it once).
 */
export const descriptionEditSchema = z.object({
  workspaceId: opaqueIdSchema,
  clientId: idSchema,
  taskId: idSchema,
  update: z
    .string()
    .min(4)
    .max(MAX_RELAYED_EDIT_LENGTH)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, "base64"),
  /** The tab's cursor after the edit, so that the others' caret moves with the character. */
  cursor: cursorSchema.nullish(),
});
export type DescriptionEdit = z.infer<typeof descriptionEditSchema>;

/** The data of an `event: edit`: another tab's edit of a task's description, and its cursor. */
export const relayedEditSchema = z.object({
  workspaceId: z.string(),
  taskId: z.string(),
  userId: z.string(),
  clientId: z.string(),
  update: z.string(),
  cursor: z.string().nullable(),
});

/** The body of `POST /api/presence/leave`: the tab is closing. */
export const presenceLeaveSchema = z.object({ clientId: idSchema });

/** One tab of one person, as every member of the workspace receives it. */
export const presenceEntrySchema = z.object({
  userId: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  clientId: z.string(),
  projectId: z.string().nullable(),
  taskId: z.string().nullable(),
  typing: presenceTypingSchema.nullable(),
  idle: z.boolean(),
  cursor: z.string().nullable(),
});
export type PresenceEntry = z.infer<typeof presenceEntrySchema>;

/** The data of an `event: presence`: the whole list of one workspace, replacing the last. */
export const presenceListSchema = z.object({
  workspaceId: z.string(),
  entries: z.array(presenceEntrySchema),
});
