import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Notice } from "../../shared/entities.ts";
import { noticeKey } from "../../shared/keys.ts";
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
 * Refusal notices: what they say, and that a person sees each once. The client dismisses a
 * notice after showing it; the server then deletes it, for that person only.
 */

let server: TestServer;
let owner: TestUser;
let stranger: TestUser;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer();
  [owner, stranger] = await Promise.all([signUp(server, "Owner"), signUp(server, "Stranger")]);
  const workspaceId = await createWorkspace(server, owner, "Notices");
  projectId = newId("p");
  await new SyncClient(server, owner).push(
    m("createProject", { id: projectId, workspaceId, name: "P", key: "NOTE", createdAt: now() }),
  );
}, SERVER_START_TIMEOUT);

afterAll(async () => {
  await server?.stop();
});

/** Pushes a task whose title is too long, which the server refuses; returns the notice. */
async function refusedChange(client: SyncClient): Promise<Notice> {
  await client.pull();
  const before = new Set(client.keys("notice/"));
  await client.push(
    m("createTask", { id: newId("t"), projectId, title: "x".repeat(501), createdAt: now() }),
  );
  await client.pull();
  const added = client.keys("notice/").filter((key) => !before.has(key));
  expect(added).toHaveLength(1);
  return client.get(added[0] ?? "") as Notice;
}

describe("refusal notices", () => {
  it("a change with invalid values is explained in words, not in zod's JSON", async () => {
    const notice = await refusedChange(new SyncClient(server, owner));

    expect(notice).toMatchObject({
      mutationName: "createTask",
      code: "INVALID",
      message: "The change had invalid values: the title is too long.",
    });
  });

  it("a notice dismissed in one browser is deleted from the person's other browsers on their next pull", async () => {
    const here = new SyncClient(server, owner);
    const elsewhere = new SyncClient(server, owner);
    const notice = await refusedChange(here);
    await elsewhere.pull();
    expect(elsewhere.get(noticeKey(notice.id))).toBeDefined();

    await here.push(m("dismissNotice", { id: notice.id }));
    const response = await elsewhere.pull();

    expect(response.patch).toContainEqual({ op: "del", key: noticeKey(notice.id) });
    expect(elsewhere.get(noticeKey(notice.id))).toBeUndefined();
    // A browser that syncs for the first time never receives it.
    const fresh = new SyncClient(server, owner);
    await fresh.pull();
    expect(fresh.get(noticeKey(notice.id))).toBeUndefined();
  });

  it("no one can dismiss another person's notice, and trying is no refusal of its own", async () => {
    const ownerClient = new SyncClient(server, owner);
    const notice = await refusedChange(ownerClient);
    const strangerClient = new SyncClient(server, stranger);

    await strangerClient.push(m("dismissNotice", { id: notice.id }));
    const response = await strangerClient.pull();
    await ownerClient.pull();

    expect(response.lastMutationIDChanges[strangerClient.clientID]).toBe(1);
    expect(ownerClient.get(noticeKey(notice.id))).toEqual(notice);
    expect(strangerClient.keys("notice/")).toEqual([]);
  });
});
