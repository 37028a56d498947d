import type { AddressInfo } from "node:net";
import { createServer, type RequestListener, type Server, type ServerResponse } from "node:http";
import { createApp } from "./app.ts";
import { createAttachmentStorage } from "./attachments/create-storage.ts";
import { startAttachmentPurge } from "./attachments/purge.ts";
import type { AttachmentStorage } from "./attachments/storage.ts";
import { createAuth } from "./auth/auth.ts";
import { forgetCachedSessions } from "./auth/session.ts";
import { resolveAuthSecret, type Config } from "./config.ts";
import { openDatabase, type Database } from "./db/database.ts";
import { migrate } from "./db/migrate.ts";
import { createLogger, type Logger } from "./logger.ts";
import type { Lifecycle } from "./health/health-routes.ts";
import { createMetrics } from "./metrics/metrics.ts";
import { settleRestoredDatabase } from "./sync/restored.ts";
import { observeTransactions } from "./db/transaction.ts";
import { createMailer } from "./mail/mailer.ts";
import { startNotificationJobs, type NotificationJobs } from "./notifications/jobs.ts";
import { authCallAnnouncer } from "./auth/auth-announcements.ts";
import { createPresence, type Presence } from "./presence/presence.ts";
import { createPokes, type Pokes } from "./sync/poke.ts";
import { migrateDescriptions } from "./sync/description-migration.ts";

export type RunningServer = {
  url: string;
  port: number;
  db: Database;
  logger: Logger;
  /** The notification jobs this instance runs on its timers, callable at once (tests). */
  jobs: NotificationJobs;
  /** Where this instance keeps attachment bytes. */
  storage: AttachmentStorage;
  /** One run of the attachment purge (it also runs on its own timer). */
  purgeAttachments: (now?: Date) => Promise<number>;
  /**
   * The drain (SIGTERM): /api/ready answers 503 for DRAIN_DELAY_MS while everything else is
   * served, then the instance stops accepting connections, tells its poke streams to reconnect
   * (they land on another instance), lets requests in flight finish (up to SHUTDOWN_GRACE_MS),
   * and closes the database.
   */
  close: () => Promise<void>;
};

const SHUTDOWN_GRACE_MS = 5000;
const STARTING_RETRY_AFTER_S = 1;

export async function startServer(config: Config): Promise<RunningServer> {
  const logger = createLogger(config.logLevel);

  // Answers still to be sent when closing starts end their connection, so it does not linger
  // as an idle keep-alive connection and hold the shutdown up until the grace period ends.
  let closing: Promise<void> | undefined;
  const lifecycle: Lifecycle = { draining: false };
  const metrics = createMetrics();
  let connectionsInUse = 0;
  const unanswered = new Set<ServerResponse>();
  let app: RequestListener | undefined;
  const httpServer = createServer();
  httpServer.on("request", (_req, res) => {
    unanswered.add(res);
    res.once("close", () => unanswered.delete(res));
    if (closing) res.setHeader("Connection", "close");
  });
  // Until the app is ready every request gets 503 at once rather than waiting unanswered.
  httpServer.on("request", (req, res) => (app ? app(req, res) : answerStarting(res)));

  // Listen first: with PORT=0 the public URL (which better-auth needs) is known only then, and a
  // client (a health check, a browser reloading) hears STARTING instead of a refused connection.
  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(config.port, config.host, () => resolve());
  });
  const { port } = httpServer.address() as AddressInfo;
  const url = config.baseUrl ?? `http://localhost:${port}`;

  // A start that fails after listening must not leave the port open or the database running.
  let db: Database | undefined;
  let pokes: Pokes;
  let presence: Presence;
  let jobs: NotificationJobs;
  let storage: AttachmentStorage;
  let purge: ReturnType<typeof startAttachmentPurge>;
  let converting: Promise<unknown> = Promise.resolve();
  const stopConverting = new AbortController();
  try {
    db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    const { applied } = await migrate(db.sql);
    if (applied.length > 0) logger.info({ applied }, "migrations applied");
    await settleRestoredDatabase(db.sql, logger);
    observeTransactions(db.sql, {
      acquired: () => connectionsInUse++,
      released: () => connectionsInUse--,
      ended: (isolation, seconds) => metrics.transactionDuration.observe({ isolation }, seconds),
    });
    metrics.gauges.connectionsInUse = () => connectionsInUse;
    pokes = await createPokes({ db, logger, metrics, forgetCachedSessions });
    presence = await createPresence({ db, logger, pokes });
    const mailer = createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      sql: db.sql,
      logger,
    });
    const secret = resolveAuthSecret(config);
    const auth = createAuth({
      config,
      sql: db.sql,
      mailer,
      logger,
      baseUrl: url,
      secret,
      onAuthCall: authCallAnnouncer({ sql: db.sql, announcer: pokes.announcer, logger }),
    });
    jobs = startNotificationJobs({
      sql: db.sql,
      announcer: pokes.announcer,
      mailer,
      logger,
      baseUrl: url,
      secret,
    });
    storage = createAttachmentStorage(config, secret);
    purge = startAttachmentPurge({ sql: db.sql, storage, logger });
    converting = migrateDescriptions(db.sql, logger, stopConverting.signal).catch(
      (error: unknown) =>
        logger.error({ err: error }, "descriptions could not be given their rich-text document"),
    );
    app = createApp({
      config,
      db,
      logger,
      auth,
      pokes,
      presence,
      secret,
      storage,
      lifecycle,
      metrics,
    });
  } catch (error) {
    await stopListening(httpServer);
    await db?.close();
    throw error;
  }
  const database = db;

  const close = () => {
    closing ??= (async () => {
      lifecycle.draining = true;
      if (config.drainDelayMs > 0) {
        logger.info({ ms: config.drainDelayMs }, "draining: not ready, still serving");
        await new Promise((resolve) => setTimeout(resolve, config.drainDelayMs));
      }
      for (const res of unanswered) if (!res.headersSent) res.setHeader("Connection", "close");
      const stopped = new Promise<void>((resolve) => httpServer.close(() => resolve()));
      await jobs.stop();
      purge.stop();
      stopConverting.abort();
      await converting;
      // Before the streams end: a server going away is no reason to tell others a tab left.
      await presence.close();
      await pokes.close();
      httpServer.closeIdleConnections();
      // Long-lived streams (server-sent events) never finish on their own.
      const force = setTimeout(() => httpServer.closeAllConnections(), SHUTDOWN_GRACE_MS);
      await stopped;
      clearTimeout(force);
      await database.close();
    })();
    return closing;
  };

  return { url, port, db: database, logger, jobs, storage, purgeAttachments: purge.run, close };
}

/** What a request gets while the database opens and migrates. */
function answerStarting(res: ServerResponse) {
  res.writeHead(503, {
    "Content-Type": "application/json; charset=utf-8",
    "Retry-After": String(STARTING_RETRY_AFTER_S),
  });
  res.end(
    JSON.stringify({ code: "STARTING", message: "The server is starting. Try again shortly." }),
  );
}

function stopListening(httpServer: Server): Promise<void> {
  return new Promise((resolve) => {
    httpServer.close(() => resolve());
    httpServer.closeAllConnections();
  });
}
