/**
 * A description's edits, relayed at once to the others who have the task open: the same Yjs
 * update the tab pushes as `editDescription`, sent beside the push through presence
 * (`POST /api/presence/edit`) and arriving in their tabs as an `event: edit` on the poke stream,
 * so that a keystroke reaches another person's editor without waiting for the push's merge and
 * their pull. Nothing depends on it: the push persists the edit and the pull brings it again
 * (Yjs merges it once), so a relay lost, refused or too large (a paste) only means the pull's
 * pace. server/presence/README.md has the server's half.
 */
import { MAX_RELAYED_EDIT_LENGTH, relayedEditSchema } from "../../../shared/presence.ts";
import { presenceCursorOf, presenceTabId } from "./presence-reporter.ts";
import { moveRelayedCursor, othersOnTask } from "./presence-store.ts";

/** After a 429 relays stop this long (the pushes go on). */
const RATE_LIMITED_WAIT_MS = 1_000;

const listeners = new Map<string, Set<(update: string) => void>>();
let waitUntil = 0;

/**
 * Relays this tab's edit (its update, base64) to the others on the task, if there are any, with
 * the cursor the editor sets once the edit is drawn (in the same task: hence the microtask).
 */
export function relayDescriptionEdit(workspaceId: string, taskId: string, update: string): void {
  if (update.length > MAX_RELAYED_EDIT_LENGTH || !navigator.onLine) return;
  if (Date.now() < waitUntil || !othersOnTask(workspaceId, taskId)) return;
  queueMicrotask(() => post(workspaceId, taskId, update));
}

function post(workspaceId: string, taskId: string, update: string) {
  const body = {
    workspaceId,
    clientId: presenceTabId,
    taskId,
    update,
    cursor: presenceCursorOf(taskId),
  };
  fetch("/api/presence/edit", {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  }).then(
    (response) => {
      if (response.status === 429) waitUntil = Date.now() + RATE_LIMITED_WAIT_MS;
    },
    // Offline or the server away: the push carries the edit when it can.
    () => {},
  );
}

/**
 * The data of an `event: edit`; anything malformed is ignored, and so is everything while the
 * tab believes itself offline: it shows the others' edits when it is back, as it does their
 * other changes.
 */
export function receiveRelayedEdit(data: string): void {
  if (!navigator.onLine) return;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return;
  }
  const parsed = relayedEditSchema.safeParse(json);
  if (!parsed.success) return;
  const { workspaceId, taskId, userId, clientId, update, cursor } = parsed.data;
  for (const listener of listeners.get(taskId) ?? []) listener(update);
  moveRelayedCursor(workspaceId, userId, clientId, taskId, cursor);
}

/** Hears the others' edits of this task's description as they are relayed; returns the stop. */
export function onRelayedEdit(taskId: string, listener: (update: string) => void): () => void {
  let set = listeners.get(taskId);
  if (!set) listeners.set(taskId, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(taskId);
  };
}
