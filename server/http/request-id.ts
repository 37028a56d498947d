/**
 * A request id on every log line of a request: the load balancer's `X-Request-Id` when it sends
 * a sane one (nginx's `$request_id`, deploy/nginx.conf), else a new one; it goes back in the
 * answer's `X-Request-Id`. Kept in AsyncLocalStorage, so whatever logs while the request is
 * served (a push's refusal, a failed mail) carries it without a logger passed along
 * (logger.ts's mixin reads it).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";

const requests = new AsyncLocalStorage<{ id: string }>();
const SANE_ID = /^[\w.:-]{1,100}$/;

/** The id of the request being served, if any. */
export function currentRequestId(): string | undefined {
  return requests.getStore()?.id;
}

export const requestId: RequestHandler = (req, res, next) => {
  const given = req.headers["x-request-id"];
  const id = typeof given === "string" && SANE_ID.test(given) ? given : randomUUID();
  res.setHeader("X-Request-Id", id);
  requests.run({ id }, next);
};
