import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { newEmail, PASSWORD, SESSION_COOKIE, sessionSchema } from "../test/auth-client.ts";
import { startServerProcess, type ServerProcess } from "../test/server-process.ts";
import { SERVER_START_TIMEOUT } from "../test/sync-client.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";

/**
 * better-auth's rate limits (sign-in: 3 attempts per 10 s per client address), counted in
 * Postgres, with the client's address taken from X-Forwarded-For only through trusted proxies.
 */

/** A wrong password for an unknown address: answered 401 while the budget lasts, then 429. */
async function signInAttempt(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: url, ...headers },
    body: JSON.stringify({ email: newEmail("guess"), password: "not the password" }),
  });
  return response.status;
}

describe.skipIf(!process.env.DATABASE_URL)("two server processes on one database", () => {
  let first: TestServer;
  let second: ServerProcess;

  beforeAll(async () => {
    first = await startTestServer({ RATE_LIMIT: "true" });
    second = await startServerProcess({
      RATE_LIMIT: "true",
      DATA_DIR: first.database.dataDir,
      DATABASE_URL: first.database.databaseUrl ?? "",
    });
  }, SERVER_START_TIMEOUT);

  afterAll(async () => {
    await second?.stop();
    await first?.stop();
  });

  it("share one sign-in budget: attempts spread over both get 429 after the third", async () => {
    const statuses = [];
    for (const url of [first.url, second.url, first.url, second.url, first.url]) {
      statuses.push(await signInAttempt(url));
    }

    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });
});

describe("behind a trusted proxy", () => {
  let server: TestServer;

  beforeAll(async () => {
    // The test talks to the server over the loopback, as a proxy on the same host would.
    server = await startTestServer({ RATE_LIMIT: "true", TRUSTED_PROXIES: "loopback" });
  }, SERVER_START_TIMEOUT);

  afterAll(async () => {
    await server?.stop();
  });

  it("two clients named by X-Forwarded-For have a sign-in budget each", async () => {
    const first = { "X-Forwarded-For": "203.0.113.10" };
    const second = { "X-Forwarded-For": "203.0.113.11" };
    const statuses = [];
    for (const headers of [first, first, first, first]) {
      statuses.push(await signInAttempt(server.url, headers));
    }

    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(await signInAttempt(server.url, second)).toBe(401);
  });

  it("addresses a client puts in front of the proxy's entry do not change its budget", async () => {
    const statuses = [];
    for (const forged of ["198.51.100.1", "198.51.100.2", "198.51.100.3", "198.51.100.4"]) {
      statuses.push(
        await signInAttempt(server.url, { "X-Forwarded-For": `${forged}, 203.0.113.20` }),
      );
    }

    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it("a client whose own address is inside the trusted range is limited however it rotates X-Forwarded-For", async () => {
    // The proxy appended 127.0.0.2, a loopback address as trusted as the proxy's own; what the
    // client wrote before it is its own choice.
    const statuses = [];
    for (const forged of ["127.0.0.11", "198.51.100.12", "127.0.0.13", "198.51.100.14"]) {
      statuses.push(await signInAttempt(server.url, { "X-Forwarded-For": `${forged}, 127.0.0.2` }));
    }

    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it("a session records the client's address, not the proxy's", async () => {
    const client = { "X-Forwarded-For": "203.0.113.30" };
    const signedUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url, ...client },
      body: JSON.stringify({ email: newEmail("proxied"), password: PASSWORD, name: "Proxied" }),
    });
    const cookie = signedUp.headers
      .getSetCookie()
      .map((header) => header.split(";")[0])
      .find((pair) => pair?.startsWith(`${SESSION_COOKIE}=`));

    const reply = await fetch(`${server.url}/api/auth/get-session`, {
      headers: { Cookie: cookie ?? "", ...client },
    });

    const { session } = sessionSchema
      .extend({ session: z.object({ ipAddress: z.string().nullable() }) })
      .parse(await reply.json());
    expect(session.ipAddress).toBe("203.0.113.30");
  });
});

describe("behind one proxy counted in hops", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT: "true", TRUSTED_PROXIES: "1" });
  }, SERVER_START_TIMEOUT);

  afterAll(async () => {
    await server?.stop();
  });

  it("the client's address is the entry the proxy appended, whatever the client wrote before it", async () => {
    const statuses = [];
    for (const forged of ["198.51.100.21", "127.0.0.22", "10.0.0.23", "198.51.100.24"]) {
      statuses.push(
        await signInAttempt(server.url, { "X-Forwarded-For": `${forged}, 203.0.113.40` }),
      );
    }

    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});

describe("with no trusted proxy", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT: "true" });
  }, SERVER_START_TIMEOUT);

  afterAll(async () => {
    await server?.stop();
  });

  it("a client's X-Forwarded-For and x-tasks-client-ip are ignored: its budget is its socket's", async () => {
    const statuses = [];
    for (const last of [1, 2, 3, 4]) {
      statuses.push(
        await signInAttempt(server.url, {
          "X-Forwarded-For": `203.0.113.${last}`,
          "X-Tasks-Client-Ip": `198.51.100.${last}`,
        }),
      );
    }

    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
