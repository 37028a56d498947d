import type { ErrorRequestHandler, RequestHandler } from "express";
import { isRetryable } from "../db/transaction.ts";

/** The one shape every API error takes: `{ code, message }` with the right status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const invalidBody = () => new ApiError(400, "VALIDATION_ERROR", "Invalid body parameters");
export const invalidQuery = () => new ApiError(400, "VALIDATION_ERROR", "Invalid query parameters");

/** Mounted under /api, where `req.path` has lost the mount prefix: name the full path. */
export const apiNotFound: RequestHandler = (req, res) => {
  res
    .status(404)
    .json({ code: "NOT_FOUND", message: `No API route ${req.method} ${req.baseUrl}${req.path}` });
};

type ErrorLogger = {
  error: (details: object, message: string) => void;
  warn: (details: object, message: string) => void;
};

const RETRY_AFTER_S = 1;
/** postgres.js's own codes for a connection that failed or went away. */
const CONNECTION_CODES = new Set([
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
]);

/**
 * The database is restarting or out of reach: a connection error (postgres.js), or Postgres
 * refusing for now (SQLSTATE class 08, connection exception; 57P01–57P03, shutting down or
 * starting up), itself or as the cause of another error.
 */
function databaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== "object" || error === null || depth > 4) return false;
  const code = "code" in error ? error.code : undefined;
  if (
    typeof code === "string" &&
    (CONNECTION_CODES.has(code) || code.startsWith("08") || /^57P0[1-3]$/.test(code))
  ) {
    return true;
  }
  // A library's own error around the database's (better-auth's "Failed to get session").
  return "cause" in error && databaseUnavailable(error.cause, depth + 1);
}

/**
 * A database failure that passes: Postgres restarting or out of reach, or deadlocks and
 * serialization failures past every retry of db/transaction.ts.
 */
function transientDatabaseError(error: unknown) {
  if (databaseUnavailable(error)) {
    return {
      log: "database unavailable",
      code: "DATABASE_UNAVAILABLE",
      message: "The database is unavailable. Try again shortly.",
    };
  }
  if (isRetryable(error)) {
    return {
      log: "database busy",
      code: "DATABASE_BUSY",
      message: "The database is busy. Try again shortly.",
    };
  }
  return null;
}

export function apiErrorHandler(logger: ErrorLogger): ErrorRequestHandler {
  return (error: unknown, _req, res, _next) => {
    if (error instanceof ApiError) {
      res.status(error.status).json({ code: error.code, message: error.message });
      return;
    }
    // body-parser marks its own failures (malformed JSON, body too large) with a status.
    const status =
      typeof error === "object" && error !== null && "status" in error ? error.status : 500;
    if (status === 400) {
      res.status(400).json({ code: "VALIDATION_ERROR", message: "Invalid body parameters" });
      return;
    }
    if (status === 413) {
      res.status(413).json({ code: "PAYLOAD_TOO_LARGE", message: "Request body too large" });
      return;
    }
    const transient = transientDatabaseError(error);
    if (transient) {
      // Nothing was written; the client tries again (Replicache backs off).
      logger.warn({ err: error }, transient.log);
      res.setHeader("Retry-After", String(RETRY_AFTER_S));
      res.status(503).json({ code: transient.code, message: transient.message });
      return;
    }
    logger.error({ err: error }, "unhandled API error");
    res.status(500).json({ code: "INTERNAL_SERVER_ERROR", message: "Internal server error" });
  };
}
