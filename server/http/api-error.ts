import type { ErrorRequestHandler, RequestHandler } from "express";

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

type ErrorLogger = { error: (details: object, message: string) => void };

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
    logger.error({ err: error }, "unhandled API error");
    res.status(500).json({ code: "INTERNAL_SERVER_ERROR", message: "Internal server error" });
  };
}
