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
export type SignedIn = { sessionId: string; user: SessionUser };

/** The session of a request, or null. */
export async function getSignedIn(auth: Auth, req: Request): Promise<SignedIn | null> {
  const session = await auth.api.getSession({ headers: fromNodeHeaders(req.headers) });
  if (!session) return null;
  const { id, name, email, image } = session.user;
  return { sessionId: session.session.id, user: { id, name, email, image } };
}
