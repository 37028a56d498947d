/**
 * The instance's metrics, in the Prometheus format at `GET /metrics` (metrics-routes.ts), with
 * prom-client. One registry per running server, so tests that start several in one process
 * count apart. What is measured, and where:
 *
 * - HTTP: every request's duration by method, route pattern (never the raw path: ids would make
 *   a series each) and status (`httpMetrics` here); sign-in failures and rate-limit refusals
 *   (429) from the same answers.
 * - Sync: push and pull durations and the bytes they carried (sync-routes.ts); mutations
 *   applied, and refused by reason (push.ts); poke streams open and pokes sent (poke.ts).
 * - Database: connections the pool has handed out and transactions' durations by isolation
 *   (server/db/transaction.ts, through `observeTransactions`).
 * - The process: prom-client's defaults (CPU, memory, event loop lag, handles).
 */
import type { NextFunction, Request, Response } from "express";
import client from "prom-client";

export type Metrics = {
  registry: client.Registry;
  httpDuration: client.Histogram<"method" | "route" | "status">;
  signInFailures: client.Counter;
  rateLimited: client.Counter<"route">;
  pushDuration: client.Histogram;
  pullDuration: client.Histogram;
  pushBytes: client.Histogram;
  pullBytes: client.Histogram;
  mutations: client.Counter<"outcome" | "reason">;
  pokesSent: client.Counter;
  transactionDuration: client.Histogram<"isolation">;
  /** Read when scraped: what the running parts report (streams open, connections in use). */
  gauges: { streams: () => number; connectionsInUse: () => number };
};

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const BYTES = [256, 1024, 4096, 16_384, 65_536, 262_144, 1_048_576, 4_194_304];

export function createMetrics(): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const gauges = { streams: () => 0, connectionsInUse: () => 0 };
  const metrics: Metrics = {
    registry,
    httpDuration: new client.Histogram({
      name: "http_request_duration_seconds",
      help: "HTTP requests by method, route pattern and status",
      labelNames: ["method", "route", "status"],
      buckets: SECONDS,
      registers: [registry],
    }),
    signInFailures: new client.Counter({
      name: "sign_in_failures_total",
      help: "Sign-in attempts refused (wrong password, unknown email, unverified…), not rate limits",
      registers: [registry],
    }),
    rateLimited: new client.Counter({
      name: "rate_limited_total",
      help: "Requests refused with 429 by route pattern",
      labelNames: ["route"],
      registers: [registry],
    }),
    pushDuration: new client.Histogram({
      name: "replicache_push_duration_seconds",
      help: "Replicache pushes, from the request to its answer",
      buckets: SECONDS,
      registers: [registry],
    }),
    pullDuration: new client.Histogram({
      name: "replicache_pull_duration_seconds",
      help: "Replicache pulls, from the request to its answer",
      buckets: SECONDS,
      registers: [registry],
    }),
    pushBytes: new client.Histogram({
      name: "replicache_push_request_bytes",
      help: "Push request bodies in bytes",
      buckets: BYTES,
      registers: [registry],
    }),
    pullBytes: new client.Histogram({
      name: "replicache_pull_response_bytes",
      help: "Pull answers in bytes as sent (gzip when the client accepts it)",
      buckets: BYTES,
      registers: [registry],
    }),
    mutations: new client.Counter({
      name: "replicache_mutations_total",
      help: "Mutations applied, and refused by reason (the notice's code)",
      labelNames: ["outcome", "reason"],
      registers: [registry],
    }),
    pokesSent: new client.Counter({
      name: "pokes_sent_total",
      help: "Pokes written to live update streams",
      registers: [registry],
    }),
    transactionDuration: new client.Histogram({
      name: "db_transaction_duration_seconds",
      help: "Database transactions, from asking the pool for a connection to the end",
      labelNames: ["isolation"],
      buckets: SECONDS,
      registers: [registry],
    }),
    gauges,
  };
  new client.Gauge({
    name: "sse_connections",
    help: "Live update streams (server-sent events) open on this instance",
    registers: [registry],
    collect() {
      this.set(gauges.streams());
    },
  });
  new client.Gauge({
    name: "db_pool_connections_in_use",
    help: "Pooled database connections handed out to transactions",
    registers: [registry],
    collect() {
      this.set(gauges.connectionsInUse());
    },
  });
  return metrics;
}

/** Times every answer by method, route pattern and status; counts sign-in failures and 429s. */
export function httpMetrics(metrics: Metrics) {
  return (req: Request, res: Response, next: NextFunction) => {
    const end = metrics.httpDuration.startTimer();
    res.once("finish", () => {
      const route = routeOf(req);
      const status = res.statusCode;
      end({ method: req.method, route, status: String(status) });
      if (status === 429) metrics.rateLimited.inc({ route });
      else if (status >= 400 && req.path.startsWith("/api/auth/sign-in/")) {
        metrics.signInFailures.inc();
      }
    });
    next();
  };
}

/**
 * The pattern that answered (`/api/attachments/:id/content`), a family for what no route
 * pattern names (better-auth's own routes, the built client), or `unmatched`.
 */
function routeOf(req: Request): string {
  const pattern: unknown = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof pattern === "string") return `${req.baseUrl}${pattern}`;
  const path = req.originalUrl.split("?")[0] ?? "";
  if (path.startsWith("/api/auth/")) return "/api/auth/*";
  if (path.startsWith("/api/")) return "unmatched";
  return "static";
}
