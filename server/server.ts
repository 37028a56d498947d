import type { AddressInfo } from "node:net";
import { createServer, type ServerResponse } from "node:http";
import { createApp } from "./app.ts";
import { createAuth } from "./auth/auth.ts";
import { resolveAuthSecret, type Config } from "./config.ts";
import { openDatabase, type Database } from "./db/database.ts";
import { migrate } from "./db/migrate.ts";
import { createLogger, type Logger } from "./logger.ts";
import { createMailer } from "./mail/mailer.ts";
import { authCallAnnouncer } from "./sync/auth-announcements.ts";
import { createPokes } from "./sync/poke.ts";

export type RunningServer = {
  url: string;
  port: number;
  db: Database;
  logger: Logger;
  /** Stops accepting, lets requests in flight finish, then closes the database. */
  close: () => Promise<void>;
};

const SHUTDOWN_GRACE_MS = 5000;

export async function startServer(config: Config): Promise<RunningServer> {
  const logger = createLogger(config.logLevel);
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const { applied } = await migrate(db.sql);
    if (applied.length > 0) logger.info({ applied }, "migrations applied");
  } catch (error) {
    await db.close();
    throw error;
  }

  // Listen first: with PORT=0 the public URL (which better-auth needs) is known only then.
  const httpServer = createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      httpServer.once("error", reject);
      httpServer.listen(config.port, config.host, () => resolve());
    });
  } catch (error) {
    await db.close();
    throw error;
  }
  const { port } = httpServer.address() as AddressInfo;
  const url = config.baseUrl ?? `http://localhost:${port}`;
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    sql: db.sql,
    logger,
  });
  const pokes = await createPokes({ db, logger });
  const auth = createAuth({
    config,
    sql: db.sql,
    mailer,
    logger,
    baseUrl: url,
    secret: resolveAuthSecret(config),
    onAuthWrite: authCallAnnouncer({ sql: db.sql, announcer: pokes.announcer, logger }),
  });
  const app = createApp({ config, db, logger, auth, pokes });
  // Answers still to be sent when closing starts end their connection, so it does not linger
  // as an idle keep-alive connection and hold the shutdown up until the grace period ends.
  let closing: Promise<void> | undefined;
  const unanswered = new Set<ServerResponse>();
  httpServer.on("request", (_req, res) => {
    unanswered.add(res);
    res.once("close", () => unanswered.delete(res));
    if (closing) res.setHeader("Connection", "close");
  });
  httpServer.on("request", app);

  const close = () => {
    closing ??= (async () => {
      for (const res of unanswered) if (!res.headersSent) res.setHeader("Connection", "close");
      const stopped = new Promise<void>((resolve) => httpServer.close(() => resolve()));
      await pokes.close();
      httpServer.closeIdleConnections();
      // Long-lived streams (server-sent events) never finish on their own.
      const force = setTimeout(() => httpServer.closeAllConnections(), SHUTDOWN_GRACE_MS);
      await stopped;
      clearTimeout(force);
      await db.close();
    })();
    return closing;
  };

  return { url, port, db, logger, close };
}
