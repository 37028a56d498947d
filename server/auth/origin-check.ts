import type { RequestHandler } from "express";
import { ApiError } from "../http/api-error.ts";
import type { Auth } from "./auth.ts";

/**
 * better-auth's own Origin check, for our routes that act on a session cookie (push, pull): a
 * page on another site can make the browser send the cookie, never our Origin. Same list
 * (BASE_URL and TRUSTED_ORIGINS), same rules, same answers:
 * - no cookie: nothing to forge, the route's own session check answers;
 * - Origin, or else Referer, must be a trusted origin: else 403 INVALID_ORIGIN;
 * - neither, or `Origin: null`: 403 MISSING_OR_NULL_ORIGIN, except `null` from a page of the
 *   same origin (a browser under `Referrer-Policy: no-referrer` sends that on its own POSTs;
 *   scripts cannot set Sec-Fetch-Site).
 */
export function requireTrustedOrigin(auth: Auth): RequestHandler {
  return async (req, _res, next) => {
    if (req.headers.cookie === undefined) return next();
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
