/**
 * The links of our mails that sign someone in or change their account: a magic link, an email
 * verification (also the confirmation of a new address) and an account deletion. better-auth
 * acts on a plain GET of each, and a GET is what an `<img>` sends: a member who wrote
 * `![x](/api/auth/magic-link/verify?token=…)` in a comment signed every reader in as themselves.
 * So none of these GETs acts any more:
 *
 * - the mail links to a page of ours (`/auth/magic-link`, `/auth/verify-email`,
 *   `/auth/delete-account`, with the token in the query) that says what the link will do and
 *   acts only on the person's click;
 * - the click POSTs here, `POST /api/auth-links/{kind}` with the token, under a trusted Origin
 *   (even with no cookie: a signed-out visitor can be signed in against their will too); this
 *   runs better-auth's own endpoint in-process and answers `{ redirect }` with its cookies;
 * - a GET of better-auth's own address (a mail sent before this change) redirects to the page,
 *   which an image cannot follow into an action.
 */
import express, { Router, type Request, type RequestHandler } from "express";
import type postgres from "postgres";
import { z } from "zod";
import { ApiError, invalidBody, invalidQuery } from "../http/api-error.ts";
import { CLIENT_IP_HEADER, type Auth } from "./auth.ts";
import { AUTH_BASE, mailedLinks } from "./mailed-link-pages.ts";
import type { AuthHandler } from "./membership-turns.ts";

/** The query a link carries to its endpoint: the token and where to go after. */
const linkQuery = z.strictObject({
  token: z.string().min(1).max(4096),
  callbackURL: z.string().max(2048).optional(),
  newUserCallbackURL: z.string().max(2048).optional(),
  errorCallbackURL: z.string().max(2048).optional(),
});

/**
 * better-auth's own Origin check asks for one only when a cookie comes along; these calls need
 * one always: from a trusted origin, or `null` from a page of the same origin (origin-check.ts).
 */
function requireOurPage(auth: Auth): RequestHandler {
  return async (req, _res, next) => {
    const origin = req.get("origin");
    if (origin === "null" && req.get("sec-fetch-site") === "same-origin") return next();
    const claimed = origin || req.get("referer");
    if (!claimed || claimed === "null") {
      throw new ApiError(403, "MISSING_OR_NULL_ORIGIN", "Missing or null Origin");
    }
    const context = await auth.$context;
    if (!context.isTrustedOrigin(claimed, { allowRelativePaths: false })) {
      throw new ApiError(403, "INVALID_ORIGIN", "Invalid origin");
    }
    next();
  };
}

/** The headers of the person's request that better-auth reads: their cookies and address. */
function forwardedHeaders(req: Request): Headers {
  const headers = new Headers();
  for (const name of ["cookie", "user-agent"]) {
    const value = req.get(name);
    if (value) headers.set(name, value);
  }
  if (req.ip) headers.set(CLIENT_IP_HEADER, req.ip);
  return headers;
}

/** better-auth's record of a magic link (`verification.value`), JSON text. */
const magicLinkRecord = z
  .string()
  .transform((text, context) => {
    try {
      const value: unknown = JSON.parse(text);
      return value;
    } catch {
      context.addIssue({ code: "custom", message: "not JSON" });
      return z.NEVER;
    }
  })
  .pipe(z.looseObject({ email: z.string() }));

/** Mounted before authRoutes, so that the GETs below never reach better-auth from outside. */
export function mailedLinkRoutes({
  auth,
  handler,
  sql,
}: {
  auth: Auth;
  /** better-auth's handler, as authRoutes serves it (membership-turns.ts). */
  handler: AuthHandler;
  sql: postgres.Sql;
}): Router {
  const router = Router();
  const baseUrl = auth.options.baseURL;

  for (const [kind, { endpoint, page }] of Object.entries(mailedLinks)) {
    router.get(`${AUTH_BASE}${endpoint}`, (req, res) => {
      const query = new URL(req.originalUrl, baseUrl).search;
      res.redirect(303, `${page}${query}`);
    });
    router.post(
      `/api/auth-links/${kind}`,
      requireOurPage(auth),
      express.json(),
      async (req, res) => {
        const body = linkQuery.safeParse(req.body);
        if (!body.success) throw invalidBody();
        const url = new URL(`${AUTH_BASE}${endpoint}`, baseUrl);
        for (const [key, value] of Object.entries(body.data)) url.searchParams.set(key, value);
        const answer = await handler(
          new Request(url, { method: "GET", headers: forwardedHeaders(req) }),
        );
        for (const cookie of answer.headers.getSetCookie()) res.append("set-cookie", cookie);
        const location = answer.headers.get("location");
        if (location) {
          res.json({ redirect: location });
          return;
        }
        const text = await answer.text();
        res
          .status(answer.status)
          .type("application/json")
          .send(text || "{}");
      },
    );
  }

  /** Whose account a magic link signs into, so its page can say so before the click. */
  router.get("/api/auth-links/magic-link", async (req, res) => {
    const token = z.string().min(1).max(4096).safeParse(req.query.token);
    if (!token.success) throw invalidQuery();
    const rows = await sql<{ value: string }[]>`
      select value from verification
      where identifier = ${`magic-link:${token.data}`} and "expiresAt" > now()`;
    const record = rows[0] && magicLinkRecord.safeParse(rows[0].value);
    if (!record?.success) {
      throw new ApiError(404, "INVALID_TOKEN", "This sign-in link is not valid any more.");
    }
    res.json({ email: record.data.email });
  });

  return router;
}
