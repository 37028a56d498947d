import type { Request } from "express";
import { fromNodeHeaders } from "better-auth/node";
import type { Auth } from "./auth.ts";

export type SessionUser = {
  id: string;
  name: string;
  email: string;
  image: string | null | undefined;
};

/** A request's session: its id (what ends at sign-out or revocation) and its user. */
type SignedIn = { sessionId: string; user: SessionUser };

/**
 * How long a looked-up session is believed without asking the database again. Every push and
 * pull checks the session; the look-up was two of a push's seven round trips (issue 19).
 * A session that ends (sign-out, revocation, password change or reset, account deletion) is
 * forgotten at once on the instance that ended it and, through the poke channel's
 * sessions-ended notice, on every other instance within its delivery time (milliseconds);
 * one that expires is never believed past its expiry.
 */
const SESSION_CACHE_MS = 30_000;
const MAX_CACHED_SESSIONS = 10_000;

type Cached = { signedIn: SignedIn; until: number };

/** Per auth instance (tests run several servers in one process), by the request's cookies. */
const caches = new WeakMap<Auth, Map<string, Cached>>();
const allCaches = new Set<Map<string, Cached>>();
/** Counts forgets, so that a look-up that raced one is not kept. */
let forgetGeneration = 0;

/** Forgets every session believed: called whenever sessions may have ended. */
export function forgetCachedSessions(): void {
  forgetGeneration++;
  for (const cache of allCaches) cache.clear();
}

/** The session of a request, or null. */
export async function getSignedIn(auth: Auth, req: Request): Promise<SignedIn | null> {
  const cookie = req.headers.cookie;
  if (!cookie) return null;
  let cache = caches.get(auth);
  if (!cache) {
    cache = new Map();
    caches.set(auth, cache);
    allCaches.add(cache);
  }
  const now = Date.now();
  const cached = cache.get(cookie);
  if (cached && cached.until > now) return cached.signedIn;
  if (cached) cache.delete(cookie);

  // A session that ends while this look-up runs must not be believed afterwards.
  const generation = forgetGeneration;
  const session = await auth.api.getSession({ headers: fromNodeHeaders(req.headers) });
  if (!session) return null;
  const { id, name, email, image } = session.user;
  const signedIn = { sessionId: session.session.id, user: { id, name, email, image } };
  const expires = new Date(session.session.expiresAt).getTime();
  if (generation === forgetGeneration && expires > now) {
    if (cache.size >= MAX_CACHED_SESSIONS) cache.delete(cache.keys().next().value!);
    cache.set(cookie, { signedIn, until: Math.min(now + SESSION_CACHE_MS, expires) });
  }
  return signedIn;
}
