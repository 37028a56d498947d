/**
 * better-auth passes what a request carries to Postgres as is: a NUL byte in any string (an
 * `organizationId`, a name, a token) failed there with error 22021 and came back as a 500.
 * Checked before every better-auth endpoint, and answered as its own validation does
 * (SPEC.md section 5): 400 VALIDATION_ERROR 'Invalid body parameters' (or query parameters).
 *
 * - No string anywhere may hold a NUL byte: Postgres text cannot store it.
 * - A field named like an id (`id`, `organizationId`, `memberId`, `invitationId`, `teamId`,
 *   `userId`…) must be an opaque id: bounded, no control characters.
 * - Nothing nests deeper than MAX_DEPTH: no better-auth body does, and the walk stays bounded.
 */
import { APIError } from "better-auth/api";
import { opaqueIdSchema } from "../../shared/opaque-id.ts";

const MAX_DEPTH = 32;

type AuthRequestParts = { body?: unknown; query?: unknown; params?: unknown };

export function refuseUnstorableInput({ body, query, params }: AuthRequestParts): void {
  if (!storable(body)) throw invalid("Invalid body parameters");
  if (!storable(query) || !storable(params)) throw invalid("Invalid query parameters");
}

const invalid = (message: string) =>
  new APIError("BAD_REQUEST", { message, code: "VALIDATION_ERROR" });

const isIdField = (key: string) => key === "id" || /[a-z]Id$/.test(key) || /[a-z]ID$/.test(key);

function storable(value: unknown, key = "", depth = 0): boolean {
  if (typeof value === "string") {
    if (value.includes("\0")) return false;
    return !isIdField(key) || opaqueIdSchema.safeParse(value).success;
  }
  if (typeof value !== "object" || value === null) return true;
  if (depth >= MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.every((item) => storable(item, key, depth + 1));
  return Object.entries(value).every(([name, item]) => storable(item, name, depth + 1));
}
