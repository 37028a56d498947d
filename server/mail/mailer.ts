import nodemailer from "nodemailer";
import type postgres from "postgres";
import type { Logger } from "../logger.ts";

type MailKind =
  | "verify-email"
  | "reset-password"
  | "magic-link"
  | "invitation"
  | "change-email"
  | "delete-account"
  | "notifications";

type Mail = {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  url: string;
  /** Extra headers, such as List-Unsubscribe. */
  headers?: Record<string, string>;
};

export type Mailer = { send: (mail: Mail) => Promise<void> };

/**
 * The one mailer: SMTP through nodemailer when SMTP_URL is set; otherwise the dev outbox,
 * which prints every mail to the log and keeps it in the `mail_outbox` table.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  sql: postgres.Sql;
  logger: Logger;
}): Mailer {
  const { smtpUrl, from, sql, logger } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      send: async (mail) => {
        await transport.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          headers: mail.headers ?? {},
        });
        logger.info({ kind: mail.kind, to: mail.to }, "mail sent");
      },
    };
  }
  return {
    send: async (mail) => {
      await sql`
        insert into mail_outbox (kind, recipient, subject, body, url, headers)
        values (${mail.kind}, ${mail.to}, ${mail.subject}, ${mail.text}, ${mail.url},
          ${sql.json(mail.headers ?? {})})`;
      logger.info(
        { kind: mail.kind, to: mail.to, url: mail.url },
        `mail (dev outbox): ${mail.subject}`,
      );
    },
  };
}
