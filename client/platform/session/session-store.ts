import { useSyncExternalStore } from "react";
import { z } from "zod";
import { ApiError, NetworkError } from "../../lib/api-errors.ts";
import { getJson } from "../http/get-json.ts";

/**
 * The signed-in person as the whole app reads it: fetched once from better-auth's
 * `GET /api/auth/get-session` (a plain request: a reload does not load better-auth's client for
 * it, load-auth-client.ts), then kept here and refreshed after every call that changes it
 * (SPEC.md section 4). A copy without the session token is kept in localStorage, so a page
 * load while offline stays signed in.
 */

const dateSchema = z.coerce.date();

const appSessionSchema = z.object({
  user: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    image: z.string().nullish(),
    createdAt: dateSchema,
    updatedAt: dateSchema,
    isAnonymous: z.boolean().nullish(),
  }),
  session: z.object({
    id: z.string(),
    userId: z.string(),
    expiresAt: dateSchema,
    createdAt: dateSchema,
    activeOrganizationId: z.string().nullish(),
  }),
});

export type AppSession = z.infer<typeof appSessionSchema>;

const storageKey = "auth-session";

type State = { loaded: false } | { loaded: true; session: AppSession | null };

let state: State = { loaded: false };
let inflight: Promise<AppSession | null> | undefined;
const listeners = new Set<() => void>();

const getSnapshot = () => (state.loaded ? state.session : null);
const getLoading = () => !state.loaded && inflight !== undefined;

function setSession(session: AppSession | null) {
  state = { loaded: true, session };
  try {
    if (session) localStorage.setItem(storageKey, JSON.stringify(session));
    else localStorage.removeItem(storageKey);
  } catch {
    // Storage full or blocked: the in-memory session still works for this page.
  }
  notify();
}

function notify() {
  for (const listener of listeners) listener();
}

function storedSession(): AppSession | null {
  try {
    const raw = localStorage.getItem(storageKey);
    if (!raw) return null;
    const parsed = appSessionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

async function fetchSession(): Promise<AppSession | null> {
  try {
    const parsed = appSessionSchema.safeParse(await getJson("/api/auth/get-session", z.unknown()));
    setSession(parsed.success ? parsed.data : null);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      setSession(null);
    } else if (error instanceof NetworkError || error instanceof ApiError) {
      // Offline, or the server is failing: it has not said the session is gone, so the last
      // known one stands (the offline-first app keeps working from its local store).
      state = { loaded: true, session: state.loaded ? state.session : storedSession() };
    } else {
      throw error;
    }
  }
  return getSnapshot();
}

/** Asks the server again; callers await it before navigating into or out of the signed-in area. */
export function refreshSession(): Promise<AppSession | null> {
  if (!inflight) {
    inflight = fetchSession().finally(() => {
      inflight = undefined;
      notify();
    });
    notify();
  }
  return inflight;
}

/** The session for route guards: fetched on the first call of a page load, cached after. */
export function loadSession(): Promise<AppSession | null> {
  return state.loaded ? Promise.resolve(state.session) : refreshSession();
}

/**
 * The signed-in area's guard: as loadSession, but a page load in a browser that knows who was
 * signed in (the copy in localStorage, not past its expiry) starts from that session at once
 * while the server is asked, as Linear opens from what it holds: the screen, its code and the
 * local store do not wait a round trip. When the server answers that the session is gone
 * (revoked from another device, expired there), it ends as sessionEnded does: the screens
 * go to sign-in, the local data stays. When it answers with another person's session, the
 * page loads again as them.
 */
export function loadSessionOptimistically(): Promise<AppSession | null> {
  if (state.loaded || inflight) return loadSession();
  const stored = storedSession();
  if (!stored || stored.session.expiresAt.getTime() <= Date.now()) return refreshSession();
  state = { loaded: true, session: stored };
  void refreshSession().then(
    (session) => {
      if (session?.user.id === stored.user.id) return;
      // Signed in as someone else meanwhile (this browser's cookie changed): the page starts
      // again as them, from the copy refreshSession has just stored.
      if (session) window.location.reload();
      else for (const listener of endListeners) listener();
    },
    () => undefined,
  );
  return Promise.resolve(stored);
}

/** Who was signed in when this browser last knew, before the server has been asked. */
export function lastSignedInUserId(): string | null {
  return storedSession()?.user.id ?? null;
}

/** After sign-out or account deletion: nothing is left to refresh. */
export function forgetSession(): void {
  setSession(null);
}

const endListeners = new Set<() => void>();

/**
 * The server has refused this session (a 401 to a sync request: revoked from another device,
 * or expired): signed out here too, but unlike a sign-out the person's local data stays, to be
 * synced once they sign in again.
 */
export async function sessionEnded(userId: string): Promise<void> {
  if (!state.loaded || state.session?.user.id !== userId) return;
  // Asking the server also has it drop the dead session cookie. Left in place, it would undo
  // the next sign-in: better-auth's anonymous plugin reads it after the new session is set and,
  // finding it dead, deletes the session cookie of the response (better-auth 1.7.25).
  await refreshSession();
  setSession(null);
  for (const listener of endListeners) listener();
}

/** Calls `listener` when the server has ended the session (see sessionEnded). */
export function onSessionEnded(listener: () => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while the first session request of the page load is under way (SPEC.md section 4). */
export function useSessionLoading(): boolean {
  return useSyncExternalStore(subscribe, getLoading);
}

/** The signed-in person; null when signed out (a screen of the signed-in area renders nothing then). */
export function useSession(): AppSession | null {
  return useSyncExternalStore(subscribe, getSnapshot);
}
