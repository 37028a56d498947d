import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { labelKey } from "../../shared/keys.ts";
import {
  SERVER_START_TIMEOUT,
  SyncClient,
  createWorkspace,
  m,
  newId,
  now,
  signUp,
  type TestUser,
} from "../test/sync-client.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";

/**
 * The Origin of the sync POSTs: a page on another site can make the browser send the session
 * cookie along, so push and pull answer only the app's own origins, as better-auth's do.
 */

const TRUSTED_APP = "https://app.tasks.test";

let server: TestServer;
let owner: TestUser;
let workspaceId: string;

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_ORIGINS: TRUSTED_APP });
  owner = await signUp(server, "Owner");
  workspaceId = await createWorkspace(server, owner, "Origins");
}, SERVER_START_TIMEOUT);

afterAll(async () => {
  await server?.stop();
});

/** A POST with the owner's cookie and exactly the given extra headers (no Origin by default). */
function postWithHeaders(path: string, body: unknown, headers: Record<string, string>) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: owner.cookie, ...headers },
    body: JSON.stringify(body),
  });
}

function newLabelPush(client: SyncClient) {
  const id = newId("l");
  const body = client.pushBody(
    client.mutations(
      m("createLabel", { id, workspaceId, name: "Forged", color: "red", createdAt: now() }),
    ),
  );
  return { id, body };
}

const missingOrigin = { code: "MISSING_OR_NULL_ORIGIN", message: "Missing or null Origin" };
const invalidOrigin = { code: "INVALID_ORIGIN", message: "Invalid origin" };

describe("the Origin of a push carrying a session cookie", () => {
  it("no Origin is refused with 403 'Missing or null Origin' and nothing is written", async () => {
    const client = new SyncClient(server, owner);
    const { id, body } = newLabelPush(client);

    const response = await postWithHeaders("/api/replicache/push", body, {});

    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(missingOrigin);
    await client.pull();
    expect(client.get(labelKey(workspaceId, id))).toBeUndefined();
  });

  it("a foreign Origin is refused with 403 'Invalid origin' and nothing is written", async () => {
    const client = new SyncClient(server, owner);
    const { id, body } = newLabelPush(client);

    const response = await postWithHeaders("/api/replicache/push", body, {
      Origin: "https://evil.example",
    });

    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(invalidOrigin);
    await client.pull();
    expect(client.get(labelKey(workspaceId, id))).toBeUndefined();
  });

  it("an Origin listed in TRUSTED_ORIGINS is accepted", async () => {
    const client = new SyncClient(server, owner);
    const { id, body } = newLabelPush(client);

    const response = await postWithHeaders("/api/replicache/push", body, { Origin: TRUSTED_APP });

    expect(response.status).toBe(200);
    await client.pull();
    expect(client.get(labelKey(workspaceId, id))).toMatchObject({ name: "Forged" });
  });

  it("Origin 'null' from the app's own page (Sec-Fetch-Site: same-origin) is accepted", async () => {
    const client = new SyncClient(server, owner);
    const { body } = newLabelPush(client);

    const response = await postWithHeaders("/api/replicache/push", body, {
      Origin: "null",
      "Sec-Fetch-Site": "same-origin",
    });

    expect(response.status).toBe(200);
  });

  it("Origin 'null' from anywhere else is refused with 403 'Missing or null Origin'", async () => {
    const client = new SyncClient(server, owner);
    const { body } = newLabelPush(client);

    const response = await postWithHeaders("/api/replicache/push", body, {
      Origin: "null",
      "Sec-Fetch-Site": "cross-site",
    });

    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(missingOrigin);
  });

  it("without an Origin, a Referer on another site is refused with 403 'Invalid origin'", async () => {
    const client = new SyncClient(server, owner);
    const { body } = newLabelPush(client);

    const response = await postWithHeaders("/api/replicache/push", body, {
      Referer: "https://evil.example/page",
    });

    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(invalidOrigin);
  });

  it("without an Origin, a Referer on the app's own origin is accepted", async () => {
    const client = new SyncClient(server, owner);
    const { body } = newLabelPush(client);

    const response = await postWithHeaders("/api/replicache/push", body, {
      Referer: `${server.url}/dashboard`,
    });

    expect(response.status).toBe(200);
  });
});

describe("the Origin of a pull carrying a session cookie", () => {
  it("no Origin is refused with 403 'Missing or null Origin'", async () => {
    const client = new SyncClient(server, owner);

    const response = await postWithHeaders("/api/replicache/pull", client.pullBody(), {});

    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(missingOrigin);
  });

  it("a foreign Origin is refused with 403 'Invalid origin'", async () => {
    const client = new SyncClient(server, owner);

    const response = await postWithHeaders("/api/replicache/pull", client.pullBody(), {
      Origin: "https://evil.example",
    });

    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(invalidOrigin);
  });

  it("the server's own Origin is accepted", async () => {
    const client = new SyncClient(server, owner);

    const response = await postWithHeaders("/api/replicache/pull", client.pullBody(), {
      Origin: server.url,
    });

    expect(response.status).toBe(200);
  });
});

describe("without a session cookie", () => {
  it.each(["push", "pull"])("a %s with no Origin is a 401, not a 403", async (endpoint) => {
    const response = await fetch(`${server.url}/api/replicache/${endpoint}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });

    expect(response.status).toBe(401);
  });
});
