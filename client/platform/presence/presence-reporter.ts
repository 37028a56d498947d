/**
 * What this tab tells the server of itself: where it is (a project, maybe one of its tasks),
 * whether its person is typing a comment or idle, and the description editor's cursor.
 *
 * - A report goes at once when any of that changes (at most one every MIN_GAP_MS, one request
 *   at a time), and as a heartbeat every PRESENCE_HEARTBEAT_MS while the tab is visible and
 *   online. A hidden or offline tab stops reporting, and the server forgets it within
 *   PRESENCE_EXPIRY_MS; a tab switched away from and back within that never flickers.
 * - Leaving a project's screens (for more than LEAVE_GRACE_MS, so going from the board to a
 *   task is no leave) and closing the tab (`pagehide`) send a leave at once.
 * - Idle: no pointer or key event for PRESENCE_IDLE_MS. Typing: `typingComment` on each key,
 *   cleared by `stoppedTyping` (sent, blurred) or PRESENCE_TYPING_MS after the last key.
 *
 * Screens say where the tab is with `useReportPresence`; when several do at once (the board
 * and its peek), the one naming a task wins, else the latest.
 */
import { nanoid } from "nanoid";
import { useEffect } from "react";
import { afterNextPaint } from "../browser/after-paint.ts";
import {
  PRESENCE_HEARTBEAT_MS,
  PRESENCE_IDLE_MS,
  PRESENCE_TYPING_MS,
  type PresenceReport,
} from "../../../shared/presence.ts";

/** Where a tab is: a project's screens, or one of its tasks. */
type PresencePlace = { workspaceId: string; projectId: string; taskId?: string | null };

/** This tab's own id: its reports and its poke stream carry it. */
export const presenceTabId = nanoid();

/** The quickest two reports may follow each other (a cursor moving as someone types). */
const MIN_GAP_MS = 150;
/** A tab between two screens (board → task page) is not leaving. */
const LEAVE_GRACE_MS = 1_000;
/** How often idleness is looked at: a person goes dim within this much of 5 minutes. */
const IDLE_CHECK_MS = 15_000;
/** After a 429 the next report waits this long. */
const RATE_LIMITED_WAIT_MS = 2_000;

const places: { place: PresencePlace }[] = [];
let typing: { taskId: string; timer: ReturnType<typeof setTimeout> } | null = null;
let cursor: { taskId: string; value: string | null } | null = null;
let idle = false;
let lastInput = Date.now();

let reported: PresencePlace | null = null;
let changed = false;
let inFlight = false;
let lastSentAt = 0;
let waitUntil = 0;
/** 401 or 404: the session ended or the workspace is not the person's; wait for a new place. */
let refused = false;
let pumpTimer: ReturnType<typeof setTimeout> | undefined;
let leaveTimer: ReturnType<typeof setTimeout> | undefined;
let listening = false;

function currentPlace(): PresencePlace | null {
  for (let index = places.length - 1; index >= 0; index--) {
    const entry = places[index];
    if (entry?.place.taskId) return entry.place;
  }
  return places.at(-1)?.place ?? null;
}

const samePlace = (a: PresencePlace | null, b: PresencePlace | null) =>
  a?.workspaceId === b?.workspaceId &&
  a?.projectId === b?.projectId &&
  (a?.taskId ?? null) === (b?.taskId ?? null);

function reportOf(place: PresencePlace): PresenceReport {
  const taskId = place.taskId ?? null;
  return {
    workspaceId: place.workspaceId,
    clientId: presenceTabId,
    projectId: place.projectId,
    taskId,
    typing: typing && typing.taskId === taskId ? "comment" : null,
    idle,
    cursor: cursor && cursor.taskId === taskId ? cursor.value : null,
  };
}

/** Sends what is due now, or waits until it is. Runs again after every request and change. */
function pump() {
  clearTimeout(pumpTimer);
  pumpTimer = undefined;
  const place = currentPlace();
  if (!place || refused || inFlight) return;
  if (document.visibilityState !== "visible" || !navigator.onLine) return;
  const now = Date.now();
  const due = changed
    ? Math.max(lastSentAt + MIN_GAP_MS, waitUntil)
    : Math.max(lastSentAt + PRESENCE_HEARTBEAT_MS, waitUntil);
  if (due > now) {
    pumpTimer = setTimeout(pump, due - now);
    return;
  }
  changed = false;
  inFlight = true;
  lastSentAt = now;
  reported = place;
  void send("/api/presence", reportOf(place)).then((status) => {
    inFlight = false;
    if (status === 401 || status === 404) refused = true;
    if (status === 429) waitUntil = Date.now() + RATE_LIMITED_WAIT_MS;
    pump();
  });
}

/** A wake waiting for the next frame's paint, if any. */
let waking: (() => void) | undefined;

/**
 * Something a report carries changed: send it soon, after the frame that shows the change (a
 * key that shows another task in the peek would otherwise wait for this request to be built
 * and handed to the network, about 2 ms, before its frame is painted).
 */
function wake() {
  changed = true;
  waking ??= afterNextPaint(() => {
    waking = undefined;
    pump();
  });
}

/** Resolves with the status, or 0 when the request did not get through (offline). */
async function send(path: string, body: object, keepalive = false): Promise<number> {
  try {
    const response = await fetch(path, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      keepalive,
    });
    return response.status;
  } catch {
    return 0;
  }
}

function leave() {
  clearTimeout(pumpTimer);
  pumpTimer = undefined;
  if (!reported) return;
  reported = null;
  // Kept alive: on `pagehide` the page is going, and the request must outlive it.
  void send("/api/presence/leave", { clientId: presenceTabId }, true);
}

function placesChanged(before: PresencePlace | null) {
  const place = currentPlace();
  if (samePlace(before, place)) return;
  clearTimeout(leaveTimer);
  if (!place) {
    leaveTimer = setTimeout(leave, LEAVE_GRACE_MS);
    return;
  }
  refused = false;
  startListening();
  wake();
}

const onInput = () => {
  lastInput = Date.now();
  if (!idle) return;
  idle = false;
  wake();
};

const onVisibility = () => {
  if (document.visibilityState === "visible") {
    wake();
    return;
  }
  // Hidden: no more reports, so the others see this tab go within PRESENCE_EXPIRY_MS.
  if (typing) stopTyping();
};

/** Listeners for the tab's whole life, added when it first reports (not at import, for tests). */
function startListening() {
  if (listening) return;
  listening = true;
  for (const type of ["pointerdown", "pointermove", "keydown", "wheel", "touchstart"]) {
    window.addEventListener(type, onInput, { capture: true, passive: true });
  }
  document.addEventListener("visibilitychange", onVisibility);
  window.addEventListener("online", wake);
  window.addEventListener("pagehide", leave);
  // Back from the back-forward cache: the page is shown again without a new load.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) wake();
  });
  setInterval(() => {
    const nowIdle = Date.now() - lastInput >= PRESENCE_IDLE_MS;
    if (nowIdle === idle) return;
    idle = nowIdle;
    wake();
  }, IDLE_CHECK_MS);
}

function stopTyping() {
  if (!typing) return;
  clearTimeout(typing.timer);
  typing = null;
  wake();
}

/**
 * Says that this tab is on a project's screens, or one of its tasks, while the calling
 * component is mounted. Pass null while the place is not known yet.
 */
export function useReportPresence(place: PresencePlace | null): void {
  const workspaceId = place?.workspaceId;
  const projectId = place?.projectId;
  const taskId = place?.taskId ?? null;
  useEffect(() => {
    if (!workspaceId || !projectId) return;
    const before = currentPlace();
    const entry = { place: { workspaceId, projectId, taskId } };
    places.push(entry);
    placesChanged(before);
    return () => {
      const previous = currentPlace();
      const index = places.indexOf(entry);
      if (index >= 0) places.splice(index, 1);
      placesChanged(previous);
    };
  }, [workspaceId, projectId, taskId]);
}

/** A key in the task's comment box: "typing a comment…" for the others, for a few seconds. */
export function typingComment(taskId: string): void {
  const started = typing?.taskId !== taskId;
  if (typing) clearTimeout(typing.timer);
  typing = { taskId, timer: setTimeout(stopTyping, PRESENCE_TYPING_MS) };
  if (started) wake();
}

/** The comment was sent or the box left: no longer typing. */
export function stoppedTyping(taskId: string): void {
  if (typing?.taskId === taskId) stopTyping();
}

/**
 * The description editor's cursor in this task, in whatever form it encodes it (at most
 * MAX_PRESENCE_CURSOR_LENGTH characters, no control characters), or null when it has none.
 * The others read it with `usePresenceCursors` (presence-store.ts).
 */
export function setPresenceCursor(taskId: string, value: string | null): void {
  if (cursor?.taskId === taskId && cursor.value === value) return;
  cursor = { taskId, value };
  if (currentPlace()?.taskId === taskId) wake();
}

/** This tab's cursor in a task's description, as last set (null when it has none there). */
export function presenceCursorOf(taskId: string): string | null {
  return cursor?.taskId === taskId ? cursor.value : null;
}
