import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPokeStream } from "../test/poke-stream.ts";
import {
  SERVER_START_TIMEOUT,
  SyncClient,
  createWorkspace,
  m,
  newId,
  now,
  post,
  signUp,
  type TestUser,
} from "../test/sync-client.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";

/** `/metrics` (issue 20): counters that move with real requests, and who may read them. */

const TOKEN = "metrics-token-for-the-tests-0123456789";
let server: TestServer;
let owner: TestUser;

beforeAll(async () => {
  server = await startTestServer({ METRICS_TOKEN: TOKEN, RATE_LIMIT: "true" });
  owner = await signUp(server, "Metrics Owner");
}, SERVER_START_TIMEOUT);

afterAll(async () => {
  await server?.stop();
});

async function scrape(headers: Record<string, string> = {}): Promise<string> {
  const response = await fetch(`${server.url}/metrics`, { headers });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

/** The value of a series whose labels include `labels` (0 when there is none yet). */
function value(text: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const has = Object.entries(labels).every(([k, v]) => (match[2] ?? "").includes(`${k}="${v}"`));
    if (has) total += Number(match[3]);
  }
  return total;
}

describe("what the metrics count", () => {
  it("pushes, pulls, mutations applied and refused, streams and pokes move with real requests", async () => {
    const before = await scrape();
    const workspaceId = await createWorkspace(server, owner, "Counted");
    const stream = await openPokeStream(server, owner);
    const client = new SyncClient(server, owner);
    await client.push(
      m("createProject", { id: newId("p"), workspaceId, name: "P", key: "MET", createdAt: now() }),
    );
    // A mutation the server refuses: its notice's code is the reason.
    await client.push({ name: "noSuchMutation", args: {} } as never);
    await client.pull();
    expect(await stream.nextPoke(5000)).toBe(true);
    const during = await scrape();
    stream.close();

    const delta = (name: string, labels?: Record<string, string>) =>
      value(during, name, labels) - value(before, name, labels);
    expect(delta("replicache_push_duration_seconds_count")).toBe(2);
    expect(delta("replicache_pull_duration_seconds_count")).toBe(1);
    expect(delta("replicache_pull_response_bytes_sum")).toBeGreaterThan(100);
    expect(delta("replicache_push_request_bytes_count")).toBe(2);
    expect(delta("replicache_mutations_total", { outcome: "applied" })).toBe(1);
    expect(delta("replicache_mutations_total", { outcome: "refused", reason: "INVALID" })).toBe(1);
    expect(value(during, "sse_connections")).toBe(1);
    expect(delta("pokes_sent_total")).toBeGreaterThanOrEqual(1);
    expect(
      delta("http_request_duration_seconds_count", {
        method: "POST",
        route: "/api/replicache/push",
        status: "200",
      }),
    ).toBe(2);
    expect(delta("db_transaction_duration_seconds_count", { isolation: "read committed" })).toBe(3);
    expect(value(during, "db_pool_connections_in_use")).toBe(0);
    // prom-client's process metrics are there too.
    expect(value(during, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
  });

  it("counts sign-in failures, and the rate limit's refusals apart", async () => {
    const before = await scrape();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await post(server, "/api/auth/sign-in/email", {
        email: owner.email,
        password: "not the password",
      });
      statuses.push(response.status);
    }
    const refused = statuses.filter((status) => status === 401).length;
    const limited = statuses.filter((status) => status === 429).length;
    expect(refused).toBeGreaterThan(0);
    expect(limited).toBeGreaterThan(0);
    // An answer is counted when the server's side of it finishes, which on a busy machine can
    // come a moment after the client has read it.
    const moved = async (name: string) => value(await scrape(), name) - value(before, name);
    await expect.poll(() => moved("sign_in_failures_total")).toBe(refused);
    await expect.poll(() => moved("rate_limited_total")).toBe(limited);
  });
});

describe("who may read them", () => {
  it("this machine without a token; through a proxy, only with METRICS_TOKEN", async () => {
    await scrape();
    const proxied = { "X-Forwarded-For": "203.0.113.7" };
    const refused = await fetch(`${server.url}/metrics`, { headers: proxied });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: "UNAUTHORIZED" });
    const wrong = await fetch(`${server.url}/metrics`, {
      headers: { ...proxied, Authorization: "Bearer not-the-token-at-all-000000" },
    });
    expect(wrong.status).toBe(401);
    await scrape({ ...proxied, Authorization: `Bearer ${TOKEN}` });
  });
});
