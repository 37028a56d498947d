import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig, resolveAuthSecret } from "./config.ts";

const secret = "s".repeat(32);

/** The error `loadConfig` refuses the environment with. */
function refusal(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("expected the configuration to be refused");
}

describe("loadConfig", () => {
  it("starts with the documented defaults when nothing is set", () => {
    expect(loadConfig({})).toMatchObject({
      nodeEnv: "development",
      port: 3000,
      host: "127.0.0.1",
      databaseUrl: undefined,
      dataDir: path.resolve(".data"),
      baseUrl: undefined,
      betterAuthSecret: undefined,
      disableRegistration: false,
      logLevel: "info",
      serveSourceMaps: false,
      metricsToken: undefined,
      drainDelayMs: 0,
    });
  });

  it("listens on every interface by default once BASE_URL names a deployment", () => {
    expect(loadConfig({ BASE_URL: "https://tasks.example" }).host).toBe("0.0.0.0");
    expect(loadConfig({ BASE_URL: "https://tasks.example", HOST: "10.0.0.5" }).host).toBe(
      "10.0.0.5",
    );
  });

  it("reads every variable it knows", () => {
    const config = loadConfig({
      NODE_ENV: "production",
      PORT: "8080",
      HOST: "127.0.0.1",
      DATABASE_URL: "postgres://app@db.example:5432/tasks",
      DATA_DIR: "/var/lib/tasks",
      BASE_URL: "https://tasks.example/",
      BETTER_AUTH_SECRET: secret,
      DISABLE_REGISTRATION: "true",
      LOG_LEVEL: "warn",
      SERVE_SOURCE_MAPS: "true",
      METRICS_TOKEN: "a-metrics-token-of-32-characters",
      DRAIN_DELAY_MS: "5000",
    });

    expect(config).toMatchObject({
      nodeEnv: "production",
      port: 8080,
      host: "127.0.0.1",
      databaseUrl: "postgres://app@db.example:5432/tasks",
      dataDir: "/var/lib/tasks",
      baseUrl: "https://tasks.example",
      betterAuthSecret: secret,
      disableRegistration: true,
      logLevel: "warn",
      serveSourceMaps: true,
      metricsToken: "a-metrics-token-of-32-characters",
      drainDelayMs: 5000,
    });
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: "", DISABLE_REGISTRATION: "" })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      disableRegistration: false,
    });
  });

  it.each([
    ["true", true],
    ["1", true],
    ["false", false],
    ["0", false],
  ])("reads DISABLE_REGISTRATION=%s as %s", (value, expected) => {
    expect(loadConfig({ DISABLE_REGISTRATION: value }).disableRegistration).toBe(expected);
  });

  it.each([
    ["PORT", "abc", "expected a port number from 0 to 65535"],
    ["PORT", "70000", "expected a port number from 0 to 65535"],
    ["PORT", "-1", "expected a port number from 0 to 65535"],
    ["PORT", "80.5", "expected a port number from 0 to 65535"],
    ["DATABASE_URL", "not-a-url", "expected a postgres:// connection URL"],
    ["DATABASE_URL", "mysql://db.example/tasks", "expected a postgres:// connection URL"],
    ["DISABLE_REGISTRATION", "maybe", "expected true or false"],
    ["BASE_URL", "ftp://x", "expected an http:// or https:// URL"],
    ["BETTER_AUTH_SECRET", "too-short", "expected at least 32 characters"],
    ["METRICS_TOKEN", "short", "expected at least 16 characters"],
    ["DRAIN_DELAY_MS", "soon", "expected milliseconds from 0 to 60000"],
    ["DRAIN_DELAY_MS", "90000", "expected milliseconds from 0 to 60000"],
  ])("refuses %s=%s, naming the variable and what it expects", (name, value, expectation) => {
    const error = refusal({ [name]: value });

    expect(error.problems).toEqual([`${name}: ${expectation}`]);
    expect(error.message).toContain(`${name}: ${expectation}`);
  });

  it("names every bad variable at once", () => {
    const error = refusal({ PORT: "abc", BASE_URL: "ftp://x", LOG_LEVEL: "loud" });

    expect(error.problems.map((problem) => problem.split(":")[0])).toEqual([
      "PORT",
      "BASE_URL",
      "LOG_LEVEL",
    ]);
  });

  it("trusts no proxy and limits rates only in production by default", () => {
    expect(loadConfig({})).toMatchObject({ trustedProxies: false, rateLimit: false });
    expect(loadConfig({ NODE_ENV: "production", BETTER_AUTH_SECRET: secret })).toMatchObject({
      trustedProxies: false,
      rateLimit: true,
    });
  });

  it.each([
    ["1", 1],
    ["2", 2],
    ["loopback", ["loopback"]],
    [
      "10.0.0.0/8, 192.168.1.5,fd00::/8, ::1, uniquelocal",
      ["10.0.0.0/8", "192.168.1.5", "fd00::/8", "::1", "uniquelocal"],
    ],
  ])("reads TRUSTED_PROXIES=%s as Express's trust proxy %j", (value, expected) => {
    expect(loadConfig({ TRUSTED_PROXIES: value }).trustedProxies).toEqual(expected);
  });

  it.each([
    ["RATE_LIMIT", { RATE_LIMIT: "true" }, true],
    ["RATE_LIMIT=false in production", { NODE_ENV: "production", RATE_LIMIT: "false" }, false],
  ])("%s sets the rate limits", (_name, env, expected) => {
    expect(loadConfig({ BETTER_AUTH_SECRET: secret, ...env }).rateLimit).toBe(expected);
  });

  it.each(["true", "everyone", "10.0.0.0/33", "::1/129", "10.0.0.1/8/8", "1.5", "-1"])(
    "refuses TRUSTED_PROXIES=%s, naming what it expects",
    (value) => {
      expect(refusal({ TRUSTED_PROXIES: value }).problems).toEqual([
        "TRUSTED_PROXIES: expected a number of proxy hops, or comma-separated addresses, CIDR ranges, loopback, linklocal or uniquelocal",
      ]);
    },
  );

  it("keeps attachments on local disk, up to 25 MB, unless told otherwise", () => {
    expect(loadConfig({})).toMatchObject({ maxUploadMb: 25, s3: undefined });
    expect(loadConfig({ MAX_UPLOAD_MB: "100" }).maxUploadMb).toBe(100);
  });

  it.each(["0", "-3", "2.5", "lots", "5001"])("refuses MAX_UPLOAD_MB=%s", (value) => {
    expect(refusal({ MAX_UPLOAD_MB: value }).problems).toEqual([
      "MAX_UPLOAD_MB: expected a size in megabytes from 1 to 5000",
    ]);
  });

  it("gives each workspace 1 GB for files unless told otherwise, and none with 0", () => {
    expect(loadConfig({}).attachmentQuotaMb).toBe(1024);
    expect(loadConfig({ ATTACHMENT_QUOTA_MB: "500" }).attachmentQuotaMb).toBe(500);
    expect(loadConfig({ ATTACHMENT_QUOTA_MB: "0" }).attachmentQuotaMb).toBe(0);
  });

  it.each(["-1", "0.5", "a lot"])("refuses ATTACHMENT_QUOTA_MB=%s", (value) => {
    expect(refusal({ ATTACHMENT_QUOTA_MB: value }).problems).toEqual([
      "ATTACHMENT_QUOTA_MB: expected a size in megabytes, or 0 for no quota",
    ]);
  });

  it("stores attachments in S3 once S3_BUCKET is set, by path on a custom endpoint", () => {
    expect(
      loadConfig({
        S3_BUCKET: "tasks",
        S3_ENDPOINT: "http://127.0.0.1:9000",
        S3_ACCESS_KEY_ID: "key",
        S3_SECRET_ACCESS_KEY: "secret",
      }).s3,
    ).toEqual({
      bucket: "tasks",
      endpoint: "http://127.0.0.1:9000",
      region: "us-east-1",
      credentials: { accessKeyId: "key", secretAccessKey: "secret" },
      forcePathStyle: true,
    });
    // AWS itself: its own host names, and the SDK's usual credentials (a role, a profile).
    expect(loadConfig({ S3_BUCKET: "tasks", S3_REGION: "eu-west-3" }).s3).toEqual({
      bucket: "tasks",
      endpoint: undefined,
      region: "eu-west-3",
      credentials: undefined,
      forcePathStyle: false,
    });
  });

  it("refuses half a pair of S3 keys, and an endpoint that is not a URL", () => {
    expect(refusal({ S3_BUCKET: "tasks", S3_ACCESS_KEY_ID: "key" }).problems).toEqual([
      "S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither",
    ]);
    expect(refusal({ S3_BUCKET: "tasks", S3_ENDPOINT: "minio:9000" }).problems).toEqual([
      "S3_ENDPOINT: expected an http:// or https:// URL",
    ]);
  });

  it("refuses RATE_LIMIT=maybe", () => {
    expect(refusal({ RATE_LIMIT: "maybe" }).problems).toEqual([
      "RATE_LIMIT: expected true or false",
    ]);
  });

  it("refuses to start in production without BETTER_AUTH_SECRET", () => {
    const error = refusal({ NODE_ENV: "production" });

    expect(error.message).toContain("BETTER_AUTH_SECRET: required when NODE_ENV=production");
  });

  it("starts in production when BETTER_AUTH_SECRET is given", () => {
    const config = loadConfig({ NODE_ENV: "production", BETTER_AUTH_SECRET: secret });

    expect(config.betterAuthSecret).toBe(secret);
  });
});

describe("resolveAuthSecret", () => {
  let dataDir: string;

  beforeEach(async () => {
    dataDir = path.join(await mkdtemp(path.join(tmpdir(), "tasks-config-")), "data");
  });

  afterEach(async () => {
    await rm(path.dirname(dataDir), { recursive: true, force: true });
  });

  it("generates a secret once, keeps it in the data folder and returns it on every start", () => {
    const first = resolveAuthSecret(loadConfig({ DATA_DIR: dataDir }));
    const second = resolveAuthSecret(loadConfig({ DATA_DIR: dataDir }));

    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(second).toBe(first);
    expect(readFileSync(path.join(dataDir, "auth-secret"), "utf8")).toBe(first);
  });

  it("uses BETTER_AUTH_SECRET when it is set and writes nothing", () => {
    const resolved = resolveAuthSecret(
      loadConfig({ DATA_DIR: dataDir, BETTER_AUTH_SECRET: secret }),
    );

    expect(resolved).toBe(secret);
    expect(existsSync(path.join(dataDir, "auth-secret"))).toBe(false);
  });

  it("prefers BETTER_AUTH_SECRET over a secret generated earlier", () => {
    const generated = resolveAuthSecret(loadConfig({ DATA_DIR: dataDir }));
    const resolved = resolveAuthSecret(
      loadConfig({ DATA_DIR: dataDir, BETTER_AUTH_SECRET: secret }),
    );

    expect(generated).not.toBe(secret);
    expect(resolved).toBe(secret);
  });
});
