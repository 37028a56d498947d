/**
 * The notification jobs, run by every server instance on its own timer (no second scheduler):
 * the due-date job, the mail job and the pruning of archived notifications. Each is safe to run
 * on several instances at once (see each module), so the timers need no coordination.
 */
import type postgres from "postgres";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { PokeAnnouncer } from "../db/notify.ts";
import { notifyDueDates, pruneArchivedNotifications, type DueDateRun } from "./due-dates.ts";
import { sendNotificationMail } from "./notification-mail.ts";

/** Mail is looked at every 15 s (the instant window is a minute); the rest every 10 minutes. */
const MAIL_EVERY_MS = 15_000;
const DUE_DATES_EVERY_MS = 10 * 60_000;

export type NotificationJobs = {
  dueDates: (now?: Date) => Promise<DueDateRun>;
  mail: (now?: Date) => Promise<number>;
  pruneArchived: (now?: Date) => Promise<number>;
  stop: () => Promise<void>;
};

type JobDeps = {
  sql: postgres.Sql;
  announcer: PokeAnnouncer;
  mailer: Mailer;
  logger: Logger;
  baseUrl: string;
  secret: string;
};

export function startNotificationJobs(deps: JobDeps): NotificationJobs {
  const jobs = {
    dueDates: (now?: Date) => notifyDueDates(deps.sql, deps.announcer, now),
    mail: (now?: Date) => sendNotificationMail(deps, now),
    pruneArchived: (now?: Date) => pruneArchivedNotifications(deps.sql, now),
  };
  // One run at a time per instance; a run that outlasts its period skips the next tick.
  const running = new Set<Promise<unknown>>();
  const every = (ms: number, name: string, run: () => Promise<unknown>) => {
    let busy = false;
    return setInterval(() => {
      if (busy) return;
      busy = true;
      const done = run()
        .catch((error: unknown) => deps.logger.error({ err: error }, `${name} job failed`))
        .finally(() => {
          busy = false;
          running.delete(done);
        });
      running.add(done);
    }, ms);
  };
  const timers = [
    every(MAIL_EVERY_MS, "notification mail", () => jobs.mail()),
    every(DUE_DATES_EVERY_MS, "due dates", async () => {
      await jobs.dueDates();
      await jobs.pruneArchived();
    }),
  ];
  for (const timer of timers) timer.unref();
  return {
    ...jobs,
    stop: async () => {
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running);
    },
  };
}
