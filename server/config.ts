import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import {
  oidcEnvSchema,
  readSocialProviderEnv,
  type OidcEnv,
  type SocialProviderEnv,
  type SocialProviderName,
} from "./auth/social-provider-env.ts";
import { trustedProxiesSchema, type TrustedProxies } from "./http/trusted-proxies.ts";
import { DEFAULT_ATTACHMENT_QUOTA_MB, DEFAULT_MAX_UPLOAD_MB } from "../shared/attachments.ts";

/** Environment variables read once at start; every value is checked before anything runs. */
const booleanFlag = z
  .enum(["true", "false", "1", "0", ""], { error: "expected true or false" })
  .transform((value) => value === "true" || value === "1");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce
    .number({ error: "expected a port number from 0 to 65535" })
    .int("expected a port number from 0 to 65535")
    .min(0, "expected a port number from 0 to 65535")
    .max(65535, "expected a port number from 0 to 65535")
    .default(3000),
  HOST: z.string().min(1).optional(),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: "expected a postgres:// connection URL" })
    .optional(),
  DATA_DIR: z.string().min(1, "expected a folder path").default(".data"),
  BASE_URL: z
    .url({ protocol: /^https?$/, error: "expected an http:// or https:// URL" })
    .optional(),
  BETTER_AUTH_SECRET: z.string().min(32, "expected at least 32 characters").optional(),
  DISABLE_REGISTRATION: booleanFlag.default(false),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUSTED_ORIGINS: z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(z.url({ protocol: /^https?$/, error: "expected comma-separated http(s) origins" })),
    )
    .default([]),
  REQUIRE_EMAIL_VERIFICATION: booleanFlag.default(false),
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: "expected an smtp:// or smtps:// URL" })
    .optional(),
  MAIL_FROM: z.string().min(3).default("Tasks <no-reply@localhost>"),
  TRUSTED_PROXIES: trustedProxiesSchema.optional(),
  RATE_LIMIT: booleanFlag.optional(),
  SERVE_SOURCE_MAPS: booleanFlag.default(false),
  MAX_UPLOAD_MB: z.coerce
    .number({ error: "expected a size in megabytes from 1 to 5000" })
    .int("expected a size in megabytes from 1 to 5000")
    .min(1, "expected a size in megabytes from 1 to 5000")
    .max(5000, "expected a size in megabytes from 1 to 5000")
    .default(DEFAULT_MAX_UPLOAD_MB),
  ATTACHMENT_QUOTA_MB: z.coerce
    .number({ error: "expected a size in megabytes, or 0 for no quota" })
    .int("expected a size in megabytes, or 0 for no quota")
    .min(0, "expected a size in megabytes, or 0 for no quota")
    .max(100_000_000, "expected a size in megabytes, or 0 for no quota")
    .default(DEFAULT_ATTACHMENT_QUOTA_MB),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: "expected an http:// or https:// URL" })
    .optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  METRICS_TOKEN: z.string().min(16, "expected at least 16 characters").optional(),
  DRAIN_DELAY_MS: z.coerce
    .number({ error: "expected milliseconds from 0 to 60000" })
    .int("expected milliseconds from 0 to 60000")
    .min(0, "expected milliseconds from 0 to 60000")
    .max(60_000, "expected milliseconds from 0 to 60000")
    .default(0),
});

/** Where attachments go when S3_BUCKET is set (server/attachments/s3-storage.ts). */
export type S3Config = {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
};

export type Config = {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  baseUrl: string | undefined;
  betterAuthSecret: string | undefined;
  disableRegistration: boolean;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  trustedOrigins: string[];
  requireEmailVerification: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  serveSourceMaps: boolean;
  socialProviders: Partial<Record<SocialProviderName, SocialProviderEnv>>;
  oidc: OidcEnv | undefined;
  /** TRUSTED_PROXIES (http/trusted-proxies.ts): hops, or the proxies' addresses; false: none. */
  trustedProxies: false | TrustedProxies;
  /** better-auth's rate limits (counted in Postgres, so shared by every instance). */
  rateLimit: boolean;
  /** The largest attachment, in megabytes (MAX_UPLOAD_MB). */
  maxUploadMb: number;
  /** The most attachment bytes a workspace may store, in megabytes; 0 for no quota. */
  attachmentQuotaMb: number;
  /** Attachments in an S3-compatible bucket; local disk under dataDir when undefined. */
  s3: S3Config | undefined;
  /** A bearer token that opens /metrics to other machines; loopback requests need none. */
  metricsToken: string | undefined;
  /**
   * On SIGTERM, how long /api/ready answers 503 while everything else is still served, before
   * the instance stops accepting connections: the time a load balancer's health check needs.
   */
  drainDelayMs: number;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

/** Empty strings count as unset, so `PORT= npm start` behaves like no PORT at all. */
function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== "",
    ),
  );
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const values = withoutEmpty(env);
  const problems: string[] = [];
  const describe = (issues: z.core.$ZodIssue[]) =>
    issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);

  const parsed = envSchema.safeParse(values);
  if (!parsed.success) problems.push(...describe(parsed.error.issues));
  const social = readSocialProviderEnv(values);
  problems.push(...social.problems);
  let oidc: OidcEnv | undefined;
  if (values.OIDC_DISCOVERY_URL || values.OIDC_CLIENT_ID) {
    const oidcParsed = oidcEnvSchema.safeParse(values);
    if (oidcParsed.success) {
      const o = oidcParsed.data;
      oidc = {
        providerId: o.OIDC_PROVIDER_ID,
        name: o.OIDC_NAME,
        discoveryUrl: o.OIDC_DISCOVERY_URL,
        clientId: o.OIDC_CLIENT_ID,
        clientSecret: o.OIDC_CLIENT_SECRET,
      };
    } else {
      problems.push(...describe(oidcParsed.error.issues));
    }
  }
  if (
    parsed.success &&
    (parsed.data.S3_ACCESS_KEY_ID === undefined) !==
      (parsed.data.S3_SECRET_ACCESS_KEY === undefined)
  ) {
    problems.push("S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither");
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  if (e.NODE_ENV === "production" && !e.BETTER_AUTH_SECRET) {
    throw new ConfigError([
      "BETTER_AUTH_SECRET: required when NODE_ENV=production (at least 32 characters)",
    ]);
  }
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    // Without BASE_URL this is someone trying it on their own machine: only that machine can
    // reach it (and its dev outbox). A BASE_URL names a deployment, reached from elsewhere.
    host: e.HOST ?? (e.BASE_URL ? "0.0.0.0" : "127.0.0.1"),
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    baseUrl: e.BASE_URL?.replace(/\/$/, ""),
    betterAuthSecret: e.BETTER_AUTH_SECRET,
    disableRegistration: e.DISABLE_REGISTRATION,
    logLevel: e.LOG_LEVEL,
    trustedOrigins: e.TRUSTED_ORIGINS,
    requireEmailVerification: e.REQUIRE_EMAIL_VERIFICATION,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    serveSourceMaps: e.SERVE_SOURCE_MAPS,
    socialProviders: social.providers,
    oidc,
    trustedProxies: e.TRUSTED_PROXIES ?? false,
    rateLimit: e.RATE_LIMIT ?? e.NODE_ENV === "production",
    maxUploadMb: e.MAX_UPLOAD_MB,
    attachmentQuotaMb: e.ATTACHMENT_QUOTA_MB,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          // A custom endpoint (MinIO, Garage, R2) is addressed by path; AWS by host name.
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
        }
      : undefined,
    metricsToken: e.METRICS_TOKEN,
    drainDelayMs: e.DRAIN_DELAY_MS,
  };
}

/**
 * Outside production a missing secret is generated once and kept in the data folder,
 * so sessions survive a restart without any set-up.
 */
export function resolveAuthSecret(config: Config): string {
  if (config.betterAuthSecret) return config.betterAuthSecret;
  const file = path.join(config.dataDir, "auth-secret");
  try {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  } catch {
    // Not there yet: create it below.
  }
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
