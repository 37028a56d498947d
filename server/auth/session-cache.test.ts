import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../server.ts";
import {
  SERVER_START_TIMEOUT,
  SyncClient,
  createWorkspace,
  m,
  newId,
  now,
  post,
  signInAgain,
  signUp,
} from "../test/sync-client.ts";
import { startTestServer, testConfig, type TestServer } from "../test/test-server.ts";

/**
 * Every push and pull checks the session, and a looked-up session is believed for a while
 * (server/auth/session.ts). A session that ends must stop working at once all the same: on the
 * instance that ended it before its answer, and on the others within moments.
 */

let first: TestServer;
let second: RunningServer | undefined;

beforeAll(async () => {
  first = await startTestServer();
  // A second instance on the same database (Postgres only: the embedded one has one process).
  if (first.database.databaseUrl) second = await startServer(testConfig(first.database));
}, SERVER_START_TIMEOUT);

afterAll(async () => {
  await second?.close();
  await first?.stop();
});

const label = (workspaceId: string) =>
  m("createLabel", {
    id: newId("l"),
    workspaceId,
    name: newId("L"),
    color: "red",
    createdAt: now(),
  });

describe("a session believed for a while", () => {
  it("is refused on the same instance as soon as it is signed out", async () => {
    const person = await signUp(first, "Sam Signout");
    const workspaceId = await createWorkspace(first, person, "Solo");
    const client = new SyncClient(first, person);
    await client.push(label(workspaceId));
    await client.pull();

    expect((await post(first, "/api/auth/sign-out", {}, person)).status).toBe(200);

    const push = await client.pushRaw(client.pushBody(client.mutations(label(workspaceId))));
    expect(push.status).toBe(401);
    expect((await client.pullRaw()).status).toBe(401);
  });

  it("is refused on another instance within moments of its revocation", async ({ skip }) => {
    if (!second) skip("one instance only on the embedded database");
    const other = { url: second!.url };
    const person = await signUp(first, "Rita Revoked");
    const workspaceId = await createWorkspace(first, person, "Solo");
    const phone = await signInAgain(first, person);
    const onOther = new SyncClient(other, phone);
    await onOther.push(label(workspaceId));
    await onOther.pull();

    // From the laptop, on the first instance: every other session of the person ends.
    expect((await post(first, "/api/auth/revoke-other-sessions", {}, person)).status).toBe(200);

    const started = Date.now();
    let status = 0;
    while (Date.now() - started < 2000) {
      status = (await onOther.pullRaw()).status;
      if (status === 401) break;
    }
    expect(status).toBe(401);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
