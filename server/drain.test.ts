import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, expect, it, vi } from "vitest";
import { projectKey } from "../shared/keys.ts";
import { startServer, type RunningServer } from "./server.ts";
import { connectsTo } from "./test/connects-to.ts";
import { openPokeStream } from "./test/poke-stream.ts";
import {
  SERVER_START_TIMEOUT,
  SyncClient,
  createWorkspace,
  m,
  newId,
  now,
  signUp,
} from "./test/sync-client.ts";
import { startTestServer, testConfig, type TestServer } from "./test/test-server.ts";

/** The drain on SIGTERM (server.ts `close`, issue 20), against the real server. */

let server: TestServer | undefined;
let other: RunningServer | undefined;

afterEach(async () => {
  await other?.close();
  await server?.stop();
  other = undefined;
  server = undefined;
});

const DRAIN_DELAY_MS = 800;

it(
  "draining: not ready while still serving, a pull in flight completes, poke streams are told " +
    "to reconnect, then no connection is accepted",
  async () => {
    server = await startTestServer({ DRAIN_DELAY_MS: String(DRAIN_DELAY_MS) });
    const owner = await signUp(server, "Drain Owner");
    const workspaceId = await createWorkspace(server, owner, "Drain");
    const projectId = newId("p");
    const client = new SyncClient(server, owner);
    await client.push(
      m("createProject", { id: projectId, workspaceId, name: "P", key: "DRN", createdAt: now() }),
    );
    const stream = await openPokeStream(server, owner);

    // Every pooled connection held: the pull reaches the server and waits for one.
    const sql = server.db.sql;
    const held = await Promise.all(Array.from({ length: sql.options.max }, () => sql.reserve()));
    const reserve = vi.spyOn(sql, "reserve");
    const pull = client.pullRaw();
    await vi.waitFor(() => expect(reserve).toHaveBeenCalled());

    const closed = server.close();
    // During the drain delay: a load balancer's health check sees "not ready", and everything
    // else is still served (a liveness check, a page).
    const ready = await fetch(`${server.url}/api/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ ok: false, reason: "draining" });
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

    // Past the delay the instance stops accepting, and its streams end with a reconnect hint.
    await sleep(DRAIN_DELAY_MS + 200);
    await expect(connectsTo(server.port)).resolves.toBe(false);
    expect(await stream.next(5000)).toBe("ended");
    const retry = /retry: (\d+)/.exec(stream.received());
    expect(retry).not.toBeNull();
    expect(Number(retry![1])).toBeGreaterThanOrEqual(100);
    expect(Number(retry![1])).toBeLessThan(1000);

    // The pull that was waiting is answered in full before the process goes.
    for (const connection of held) connection.release();
    const response = await pull;
    expect(response.status).toBe(200);
    const body = (await response.json()) as { patch: { op: string; key?: string }[] };
    expect(body.patch).toContainEqual(
      expect.objectContaining({ op: "put", key: projectKey(workspaceId, projectId) }),
    );
    await closed;
  },
  SERVER_START_TIMEOUT,
);

// Two instances share pokes through Postgres' LISTEN/NOTIFY; the embedded database is one process.
it.runIf(process.env.DATABASE_URL)(
  "a poke stream of a draining instance, reconnected to another, hears changes made anywhere",
  async () => {
    server = await startTestServer();
    other = await startServer(testConfig(server.database));
    const owner = await signUp(server, "Moving Owner");
    const workspaceId = await createWorkspace(server, owner, "Moving");
    const stream = await openPokeStream(server, owner);

    void server.close();
    expect(await stream.next(5000)).toBe("ended");
    // What a browser's EventSource does after the stream ends: reconnect, here to the other
    // instance (the load balancer's choice once this one refuses connections).
    const moved = await openPokeStream(other, owner);
    await new SyncClient(other, owner).push(
      m("createProject", {
        id: newId("p"),
        workspaceId,
        name: "After the move",
        key: "MOV",
        createdAt: now(),
      }),
    );
    expect(await moved.nextPoke(5000)).toBe(true);
    moved.close();
  },
  SERVER_START_TIMEOUT,
);
