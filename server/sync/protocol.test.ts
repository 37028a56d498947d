import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { taskStoreKey } from "../../shared/keys.ts";
import { SCHEMA_VERSION } from "../../shared/schema-version.ts";
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

/** The Replicache protocol at the edges: bad requests, versions, lost state, cookies. */

let server: TestServer;
let owner: TestUser;
let intruder: TestUser;
let workspaceId: string;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUp(server, "Owner");
  intruder = await signUp(server, "Intruder");
  workspaceId = await createWorkspace(server, owner, "Protocol");
  projectId = newId("p");
  await new SyncClient(server, owner).push(
    m("createProject", { id: projectId, workspaceId, name: "P", key: "PROTO", createdAt: now() }),
  );
}, SERVER_START_TIMEOUT);

afterAll(async () => {
  await server?.stop();
});

const validationError = { code: "VALIDATION_ERROR", message: "Invalid body parameters" };

describe("requests the server refuses", () => {
  it.each(["push", "pull"])("a malformed %s body is a 400 VALIDATION_ERROR", async (endpoint) => {
    for (const body of ["{not json", JSON.stringify({ clientGroupID: 7 }), "[]"]) {
      const response = await post(server, `/api/replicache/${endpoint}`, body, owner);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(validationError);
    }
  });

  it("a push whose mutation lacks an id is a 400", async () => {
    const client = new SyncClient(server, owner);
    const body = client.pushBody([
      { clientID: client.clientID, name: "deleteTask", args: {}, timestamp: 1 } as never,
    ]);
    const response = await client.pushRaw(body);
    expect(response.status).toBe(400);
  });

  it.each(["push", "pull"])("%s without a session is a 401", async (endpoint) => {
    const client = new SyncClient(server, owner);
    const body = endpoint === "push" ? client.pushBody([]) : { pullVersion: 1 };
    const response = await post(server, `/api/replicache/${endpoint}`, body);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("the poke stream without a session is a 401", async () => {
    const response = await fetch(`${server.url}/api/replicache/poke`);
    expect(response.status).toBe(401);
  });

  it("another user's client group is a 403, and nothing of the push is written", async () => {
    const mine = new SyncClient(server, owner);
    await mine.pull();
    const theirs = new SyncClient(server, intruder, mine.clientGroupID);
    const taskId = newId("t");

    const pushed = await theirs.pushRaw(
      theirs.pushBody(
        theirs.mutations(
          m("createLabel", {
            id: newId("l"),
            workspaceId,
            name: "x",
            color: "red",
            createdAt: now(),
          }),
        ),
      ),
    );
    const pulled = await theirs.pullRaw();

    expect(pushed.status).toBe(403);
    expect(pulled.status).toBe(403);
    await mine.pull();
    expect(mine.keys("label/")).toEqual([]);
    expect(mine.get(taskStoreKey(projectId, taskId))).toBeUndefined();
  });

  it("a body far above 100 KB is accepted", async () => {
    const client = new SyncClient(server, owner);
    const description = "x".repeat(2_000);
    const mutations = Array.from({ length: 200 }, (_, i) =>
      m("createTask", {
        id: newId("t"),
        projectId,
        title: `Bulk ${i}`,
        description,
        createdAt: now(),
      }),
    );

    const response = await client.pushRaw(client.pushBody(client.mutations(...mutations)));

    expect(response.status).toBe(200);
    await client.pull();
    expect(client.keys(`task/${projectId}/`).length).toBeGreaterThanOrEqual(200);
  });
});

describe("versions", () => {
  it("a client built for another schema is told VersionNotSupported (HTTP 200)", async () => {
    const client = new SyncClient(server, owner);

    const pushed = await client.pushRaw(client.pushBody([], { schemaVersion: "old" }));
    const pulled = await client.pullRaw({ schemaVersion: "old" });

    expect(pushed.status).toBe(200);
    expect(await pushed.json()).toEqual({ error: "VersionNotSupported", versionType: "schema" });
    expect(pulled.status).toBe(200);
    expect(await pulled.json()).toEqual({ error: "VersionNotSupported", versionType: "schema" });
  });

  it("another protocol version is told VersionNotSupported", async () => {
    const client = new SyncClient(server, owner);

    const pushed = await client.pushRaw({ pushVersion: 0, clientID: "c", mutations: [] });
    const pulled = await client.pullRaw({ pullVersion: 0 });

    expect(await pushed.json()).toEqual({ error: "VersionNotSupported", versionType: "push" });
    expect(await pulled.json()).toEqual({ error: "VersionNotSupported", versionType: "pull" });
  });

  it("GET /api/config tells the client the schema version", async () => {
    const response = await fetch(`${server.url}/api/config`);
    expect(await response.json()).toMatchObject({ schemaVersion: SCHEMA_VERSION });
  });
});

describe("lost and forked state", () => {
  it("an unknown client whose first mutation id is above 1 gets ClientStateNotFound", async () => {
    const client = new SyncClient(server, owner);
    client.lastMutationID = 4;

    const response = await client.pushRaw(
      client.pushBody(client.mutations(m("deleteTask", { id: newId("t") }))),
    );

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ error: "ClientStateNotFound" });
  });

  it("a known client ahead of the server (a server restored from an older backup) gets ClientStateNotFound, and nothing of it is applied", async () => {
    const client = new SyncClient(server, owner);
    await client.push(
      m("createTask", { id: newId("t"), projectId, title: "Kept", createdAt: now() }),
    );
    // Mutations 2 to 4 were applied by the server as it was before the restore.
    client.lastMutationID = 4;
    const taskId = newId("t");

    const response = await client.pushRaw(
      client.pushBody(
        client.mutations(
          m("createTask", { id: taskId, projectId, title: "Lost", createdAt: now() }),
        ),
      ),
    );

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ error: "ClientStateNotFound" });
    const pulled = await client.pull();
    expect(client.get(taskStoreKey(projectId, taskId))).toBeUndefined();
    expect(pulled.lastMutationIDChanges[client.clientID]).toBe(1);
  });

  it.each([
    ["an order above any the server hands out", { order: 3e9, cvrId: "x" }],
    ["an order of 1e308", { order: 1e308, cvrId: "x" }],
    ["an order beyond an integer, as a string", { order: "9999999999", cvrId: "x" }],
    ["a negative order", { order: -1, cvrId: "x" }],
    ["a record id with a NUL byte", { order: 3, cvrId: "\u0000" }],
    ["a bare number out of range", 3e9],
  ])("a cookie the server cannot have issued (%s) gets a full reset", async (_, cookie) => {
    const original = new SyncClient(server, owner);
    await original.pull();
    const client = new SyncClient(server, owner);
    client.cookie = cookie;

    const response = await client.pull();

    expect(response.patch[0]).toEqual({ op: "clear" });
    expect(client.store).toEqual(original.store);
    expect(response.cookie).toMatchObject({ order: 1 });
  });

  it("an unknown client group that arrives with a cookie gets a full reset with a later cookie", async () => {
    const original = new SyncClient(server, owner);
    await original.pull();
    const forked = new SyncClient(server, owner);
    forked.cookie = { order: 40, cvrId: "never-issued" };

    const response = await forked.pull();

    expect(response.patch[0]).toEqual({ op: "clear" });
    expect(forked.store).toEqual(original.store);
    expect(response.cookie).toMatchObject({ order: 41 });
  });

  it("a group forked from another group's cookie is served as a diff from it", async () => {
    const original = new SyncClient(server, owner);
    await original.pull();
    const forked = new SyncClient(server, owner);
    forked.cookie = original.cookie;
    for (const [key, value] of original.store) forked.store.set(key, value);
    const taskId = newId("t");
    await original.push(
      m("createTask", { id: taskId, projectId, title: "After the fork", createdAt: now() }),
    );

    const response = await forked.pull();

    expect(response.patch[0]).not.toEqual({ op: "clear" });
    expect(forked.get(taskStoreKey(projectId, taskId))).toMatchObject({ title: "After the fork" });
  });

  it("the cookie never goes backwards, even when the client sends an older one", async () => {
    const client = new SyncClient(server, owner);
    await client.pull();
    await client.push(
      m("createTask", { id: newId("t"), projectId, title: "One", createdAt: now() }),
    );
    const second = await client.pull();
    client.cookie = { order: 0, cvrId: "stale" };
    await client.push(
      m("createTask", { id: newId("t"), projectId, title: "Two", createdAt: now() }),
    );

    const third = await client.pull();

    expect(orderOf(third.cookie)).toBeGreaterThan(orderOf(second.cookie));
  });
});

describe("transient database errors", () => {
  it("a mutation that keeps hitting serialization failures fails the push with a 5xx and is applied later", async () => {
    const sql = server.db.sql;
    await sql.unsafe(`
      create function test_flaky() returns trigger language plpgsql as $$
      begin
        if new.title = 'flaky' then
          raise exception 'simulated conflict' using errcode = '40001';
        end if;
        return new;
      end $$;
      create trigger test_flaky before insert on task for each row execute function test_flaky();`);
    const client = new SyncClient(server, owner);
    const taskId = newId("t");
    const body = client.pushBody(
      client.mutations(
        m("createTask", { id: taskId, projectId, title: "flaky", createdAt: now() }),
      ),
    );

    try {
      const failed = await client.pushRaw(body);
      // Retried until the retries ran out, then "busy, try again" (api-error.ts).
      expect(failed.status).toBe(503);
      expect(await failed.json()).toMatchObject({ code: "DATABASE_BUSY" });
      const pulled = await client.pull();
      expect(pulled.lastMutationIDChanges).toEqual({});
      expect(client.values("notice/")).toEqual([]);
    } finally {
      await sql.unsafe("drop trigger test_flaky on task; drop function test_flaky();");
    }

    const retried = await client.pushRaw(body);
    expect(retried.status).toBe(200);
    await client.pull();
    expect(client.get(taskStoreKey(projectId, taskId))).toMatchObject({ title: "flaky" });
  });
});

describe("mutations the server cannot apply", () => {
  it("invalid arguments and unknown mutators are skipped, counted as processed, and explained", async () => {
    const client = new SyncClient(server, owner);
    const taskId = newId("t");

    await client.push(
      m("createProject", {
        id: newId("p"),
        workspaceId,
        name: "Bad",
        key: "lowercase",
        createdAt: now(),
      }),
      { name: "launchRocket", args: {} } as never,
      m("createTask", { id: taskId, projectId, title: "After the bad ones", createdAt: now() }),
    );
    const response = await client.pull();

    expect(response.lastMutationIDChanges).toEqual({ [client.clientID]: 3 });
    expect(client.values("notice/")).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ mutationName: "createProject", code: "INVALID" }),
        expect.objectContaining({ mutationName: "launchRocket", code: "INVALID" }),
      ]),
    );
    expect(client.get(taskStoreKey(projectId, taskId))).toBeDefined();
  });
});

function orderOf(cookie: unknown): number {
  if (typeof cookie === "object" && cookie !== null && "order" in cookie)
    return Number(cookie.order);
  return Number(cookie);
}
