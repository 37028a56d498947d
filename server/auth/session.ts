import type { Request } from "express";
import { fromNodeHeaders } from "better-auth/node";
import type { Auth } from "./auth.ts";

export type SessionUser = {
  id: string;
  name: string;
  email: string;
  image: string | null | undefined;
};

/** The signed-in user of a request, or null. */
export async function getSessionUser(auth: Auth, req: Request): Promise<SessionUser | null> {
  const session = await auth.api.getSession({ headers: fromNodeHeaders(req.headers) });
  if (!session) return null;
  const { id, name, email, image } = session.user;
  return { id, name, email, image };
}
