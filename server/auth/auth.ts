import { betterAuth, type BetterAuthOptions } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import {
  anonymous,
  genericOAuth,
  lastLoginMethod,
  magicLink,
  organization,
} from "better-auth/plugins";
import { PostgresJSDialect } from "kysely-postgres-js";
import pino from "pino";
import type postgres from "postgres";
import { accessControl, roles } from "../../shared/permissions.ts";
import { isOwnPicture } from "../../shared/pictures.ts";
import type { Config } from "../config.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import { mailText, oneLine } from "../mail/mail-text.ts";
import type { AuthCall } from "./auth-announcements.ts";
import { refuseUnstorableInput } from "./auth-input-guard.ts";
import { mailedLinkPage } from "./mailed-link-pages.ts";
import { setPasswordRoute } from "./set-password-route.ts";
import { socialProviderOptions } from "./social-providers.ts";

export const CLIENT_IP_HEADER = "x-tasks-client-ip";

type AuthDeps = {
  config: Config;
  sql: postgres.Sql;
  mailer: Mailer;
  logger: Logger;
  /** The public URL of this server: BASE_URL, or the local address it listens on. */
  baseUrl: string;
  secret: string;
  /** Told of every call once it has run (server/auth/auth-announcements.ts picks its pokes). */
  onAuthCall?: (call: AuthCall) => Promise<void>;
};

/** Seconds. */
const HOUR = 60 * 60;
const DAY = 24 * HOUR;

export function authOptions({
  config,
  sql,
  mailer,
  logger,
  baseUrl,
  secret,
  onAuthCall,
}: AuthDeps) {
  const hasPendingInvitation = async (email: string) => {
    const rows = await sql`
      select 1 from invitation
      where lower(email) = ${email.toLowerCase()} and status = 'pending' and "expiresAt" > now()
      limit 1`;
    return rows.length > 0;
  };

  /** A picture or logo must be one of ours (shared/pictures.ts); none at all is fine. */
  const refuseForeignPicture = (url: unknown) => {
    if (url === undefined || url === null || url === "" || isOwnPicture(url)) return;
    throw new APIError("BAD_REQUEST", {
      message: "Pictures are uploaded here, not linked from another site.",
      code: "PICTURE_NOT_UPLOADED",
    });
  };

  const registrationClosed = () =>
    new APIError("FORBIDDEN", {
      message: "Registration is disabled",
      code: "REGISTRATION_DISABLED",
    });

  return {
    appName: "Tasks",
    baseURL: baseUrl,
    basePath: "/api/auth",
    secret,
    // better-auth's own messages go to the app's log, so LOG_LEVEL governs them too.
    logger: {
      level: "debug",
      log: (level, message, ...details: unknown[]) =>
        logger[level](
          { details: details.map((d) => (d instanceof Error ? pino.stdSerializers.err(d) : d)) },
          `better-auth: ${message}`,
        ),
    },
    database: { dialect: new PostgresJSDialect({ postgres: sql }), type: "postgres" },
    trustedOrigins: [baseUrl, ...config.trustedOrigins],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      requireEmailVerification: config.requireEmailVerification,
      resetPasswordTokenExpiresIn: HOUR,
      revokeSessionsOnPasswordReset: true,
      // better-auth consumes only the token used; the person's other reset links (older
      // mails, perhaps read by someone else) would otherwise still set a password for an hour.
      onPasswordReset: async ({ user }) => {
        await sql`
          delete from verification
          where identifier like 'reset-password:%' and value = ${user.id}`;
      },
      sendResetPassword: async ({ user, url }) => {
        await mailer.send({
          kind: "reset-password",
          to: user.email,
          subject: "Reset your password",
          text: mailText`Someone asked to reset the password of your Tasks account.\n\nReset it here (valid for 1 hour): ${url}\n\nIf it was not you, ignore this mail.`,
          url,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: config.requireEmailVerification,
      autoSignInAfterVerification: true,
      expiresIn: HOUR,
      sendVerificationEmail: async ({ user, url: link }) => {
        const url = mailedLinkPage("verify-email", link, baseUrl);
        await mailer.send({
          kind: "verify-email",
          to: user.email,
          subject: "Verify your email address",
          text: mailText`Welcome to Tasks.\n\nConfirm your email address here (valid for 1 hour): ${url}`,
          url,
        });
      },
    },
    user: {
      changeEmail: {
        enabled: true,
        sendChangeEmailConfirmation: async ({ user, newEmail, url: link }) => {
          const url = mailedLinkPage("verify-email", link, baseUrl);
          await mailer.send({
            kind: "change-email",
            to: user.email,
            subject: "Confirm your new email address",
            text: mailText`You asked to change the email of your Tasks account to ${newEmail}.\n\nConfirm here: ${url}`,
            url,
          });
        },
      },
      deleteUser: {
        enabled: true,
        deleteTokenExpiresIn: DAY,
        sendDeleteAccountVerification: async ({ user, url: link }) => {
          const url = mailedLinkPage("delete-account", link, baseUrl);
          await mailer.send({
            kind: "delete-account",
            to: user.email,
            subject: "Confirm the deletion of your account",
            text: mailText`You asked to delete your Tasks account and all its data.\n\nConfirm here (valid for 24 hours): ${url}\n\nIf it was not you, ignore this mail and change your password.`,
            url,
          });
        },
        beforeDelete: async (user) => {
          // A workspace must never be left without an owner (better-auth leaves it orphaned).
          const stranded = await sql`
            select m."organizationId" from member m
            where m."userId" = ${user.id} and m.role = 'owner'
              and exists (select 1 from member o where o."organizationId" = m."organizationId" and o."userId" <> ${user.id})
              and not exists (
                select 1 from member o
                where o."organizationId" = m."organizationId" and o."userId" <> ${user.id} and o.role = 'owner')`;
          if (stranded.length > 0) {
            throw new APIError("BAD_REQUEST", {
              message:
                "You are the only owner of a workspace with other members. Make someone else an owner first.",
              code: "LAST_OWNER",
            });
          }
          // Workspaces the person alone belongs to go with them.
          await sql`
            delete from organization o
            where exists (select 1 from member m where m."organizationId" = o.id and m."userId" = ${user.id})
              and not exists (select 1 from member m where m."organizationId" = o.id and m."userId" <> ${user.id})`;
        },
      },
    },
    account: {
      accountLinking: { enabled: true, allowDifferentEmails: false },
    },
    session: {
      expiresIn: 7 * DAY,
      updateAge: DAY,
      // Sensitive calls ask for a password or a mailed token instead (delete-user, change-password).
      freshAge: 0,
    },
    socialProviders: socialProviderOptions(config.socialProviders),
    // Counted in Postgres (migrations/0006_rate_limit.sql), so every instance shares a budget.
    rateLimit: { enabled: config.rateLimit, storage: "database", modelName: "rateLimit" },
    advanced: {
      // better-auth skips Origin and callbackURL checks whenever NODE_ENV=test; keep them always on.
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
    },
    onAPIError: { errorURL: `${baseUrl}/auth/error` },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        refuseUnstorableInput(ctx);
        if (ctx.path === "/update-user") refuseForeignPicture(ctx.body?.image);
        if (!config.disableRegistration) return;
        if (ctx.path === "/sign-in/anonymous") throw registrationClosed();
        if (ctx.path === "/sign-up/email") {
          const email: unknown = ctx.body?.email;
          if (typeof email !== "string" || !(await hasPendingInvitation(email))) {
            throw registrationClosed();
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (!onAuthCall) return;
        await onAuthCall({
          path: ctx.path,
          body: ctx.body,
          returned: ctx.context.returned,
          userId: ctx.context.session?.user.id,
        });
      }),
    },
    databaseHooks: {
      user: {
        create: {
          // Covers social, magic-link and any other path that creates a user.
          before: async (user) => {
            if (config.disableRegistration && !(await hasPendingInvitation(user.email))) {
              throw registrationClosed();
            }
            // A provider's picture lives on its servers: initials until the person uploads one.
            return { data: { ...user, image: isOwnPicture(user.image) ? user.image : null } };
          },
        },
        update: {
          before: async (user) => {
            if (user.image === undefined || user.image === null || isOwnPicture(user.image)) return;
            return { data: { ...user, image: null } };
          },
        },
      },
      session: {
        create: {
          // New sessions start in the person's first workspace rather than none.
          before: async (session) => {
            const rows = await sql<{ organizationId: string }[]>`
              select "organizationId" from member where "userId" = ${session.userId}
              order by "createdAt" limit 1`;
            return { data: { ...session, activeOrganizationId: rows[0]?.organizationId ?? null } };
          },
        },
      },
    },
    plugins: [
      organization({
        ac: accessControl,
        roles,
        creatorRole: "owner",
        teams: { enabled: true },
        invitationExpiresIn: 7 * DAY,
        // Our ids are random UUIDs, not guessable, so an invited person may accept before
        // verifying their email (better-auth demands it for any custom id generator).
        requireEmailVerificationOnInvitation: false,
        cancelPendingInvitationsOnReInvite: true,
        organizationHooks: {
          beforeCreateOrganization: async ({ organization: workspace }) => {
            refuseForeignPicture(workspace.logo);
          },
          beforeUpdateOrganization: async ({ organization: workspace }) => {
            refuseForeignPicture(workspace.logo);
          },
        },
        sendInvitationEmail: async ({ id, email, organization: workspace, inviter }) => {
          const url = `${baseUrl}/auth/accept-invitation/${id}`;
          const inviterName = oneLine(inviter.user.name) || inviter.user.email;
          await mailer.send({
            kind: "invitation",
            to: email,
            subject: mailText`${inviterName} invited you to ${workspace.name}`,
            text: mailText`${inviterName} invited you to the workspace "${workspace.name}" on Tasks.\n\nAccept the invitation: ${url}`,
            url,
          });
        },
      }),
      anonymous(),
      magicLink({
        expiresIn: 5 * 60,
        // No disableSignUp: the user.create hook below decides, so invited people get through.
        sendMagicLink: async ({ email, url: link }) => {
          const url = mailedLinkPage("magic-link", link, baseUrl);
          await mailer.send({
            kind: "magic-link",
            to: email,
            subject: "Your sign-in link",
            text: mailText`Sign in to Tasks with this link (valid for 5 minutes, once): ${url}`,
            url,
          });
        },
      }),
      lastLoginMethod({ storeInDatabase: true }),
      setPasswordRoute(),
      ...(config.oidc
        ? [
            genericOAuth({
              config: [
                {
                  providerId: config.oidc.providerId,
                  name: config.oidc.name,
                  discoveryUrl: config.oidc.discoveryUrl,
                  clientId: config.oidc.clientId,
                  clientSecret: config.oidc.clientSecret,
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  } satisfies BetterAuthOptions;
}

export function createAuth(deps: AuthDeps) {
  return betterAuth(authOptions(deps));
}

export type Auth = ReturnType<typeof createAuth>;
