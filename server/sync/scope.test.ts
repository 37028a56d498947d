import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberKey, workspaceKey } from "../../shared/keys.ts";
import {
  SERVER_START_TIMEOUT,
  SyncClient,
  addMember,
  createWorkspace,
  m,
  newId,
  now,
  post,
  memberIdOf,
  removeMember,
  signUp,
  type TestUser,
} from "../test/sync-client.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";

/** What a person may see: their workspaces' data, never another workspace's. */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, SERVER_START_TIMEOUT);

afterAll(async () => {
  await server?.stop();
});

/** A workspace with a project, a label, a task with a label and a comment. */
async function workspaceFullOfData(owner: TestUser, name: string) {
  const workspaceId = await createWorkspace(server, owner, name);
  const projectId = newId("p");
  const taskId = newId("t");
  const labelId = newId("l");
  await new SyncClient(server, owner).push(
    m("createProject", { id: projectId, workspaceId, name, key: "DATA", createdAt: now() }),
    m("createLabel", { id: labelId, workspaceId, name: "Bug", color: "red", createdAt: now() }),
    m("createTask", {
      id: taskId,
      projectId,
      title: "A task",
      labelIds: [labelId],
      createdAt: now(),
    }),
    m("addComment", { id: newId("c"), taskId, body: "A comment", createdAt: now() }),
  );
  return { workspaceId, projectId, taskId };
}

/** Every key of the store that belongs to the workspace (its own key, members, data). */
function keysOf(
  client: SyncClient,
  data: { workspaceId: string; projectId: string; taskId: string },
) {
  return [
    ...client.keys(workspaceKey(data.workspaceId)),
    ...client.keys(`member/${data.workspaceId}/`),
    ...client.keys(`project/${data.workspaceId}/`),
    ...client.keys(`label/${data.workspaceId}/`),
    ...client.keys(`status/${data.projectId}/`),
    ...client.keys(`task/${data.projectId}/`),
    ...client.keys(`comment/${data.taskId}/`),
    ...client.keys(`activity/${data.taskId}/`),
    ...client.keys(`subscriber/${data.taskId}/`),
    // The person's own notifications there (an invitation, say).
    ...client
      .keys("notification/")
      .filter((key) => JSON.stringify(client.get(key)).includes(data.workspaceId)),
  ];
}

describe("the scope of a pull", () => {
  it("a user never receives a row of a workspace they do not belong to", async () => {
    const alice = await signUp(server, "Alice");
    const bob = await signUp(server, "Bob");
    const mine = await workspaceFullOfData(alice, "Alice's");
    const theirs = await workspaceFullOfData(bob, "Bob's");
    const client = new SyncClient(server, alice);

    await client.pull();

    expect(keysOf(client, mine).length).toBeGreaterThanOrEqual(7);
    const foreign = [...client.store.entries()].filter(
      ([key, value]) =>
        key.includes(theirs.workspaceId) ||
        key.includes(theirs.projectId) ||
        key.includes(theirs.taskId) ||
        key.includes(bob.id) ||
        JSON.stringify(value).includes(theirs.workspaceId),
    );
    expect(foreign).toEqual([]);
  });

  it("a member removed from a workspace gets a del for every row of it on the next pull", async () => {
    const owner = await signUp(server, "Owner");
    const leaver = await signUp(server, "Leaver");
    const stays = await workspaceFullOfData(leaver, "Leaver's own");
    const data = await workspaceFullOfData(owner, "Shared");
    await addMember(server, owner, data.workspaceId, leaver);
    const client = new SyncClient(server, leaver);
    await client.pull();
    const keys = keysOf(client, data);
    expect(keys).toContain(memberKey(data.workspaceId, leaver.id));
    expect(keys.length).toBeGreaterThanOrEqual(8);

    await removeMember(server, owner, data.workspaceId, leaver);
    const response = await client.pull();

    const dels = response.patch.filter((op) => op.op === "del").map((op) => op.key);
    expect(dels.sort()).toEqual([...keys].sort());
    expect(keysOf(client, data)).toEqual([]);
    expect(keysOf(client, stays).length).toBeGreaterThanOrEqual(7);
  });

  it("a workspace rename, a role change and a member's new name reach the other members", async () => {
    const owner = await signUp(server, "Owner");
    const other = await signUp(server, "Other");
    const workspaceId = await createWorkspace(server, owner, "Before");
    await addMember(server, owner, workspaceId, other);
    const client = new SyncClient(server, other);
    await client.pull();

    await post(
      server,
      "/api/auth/organization/update",
      { organizationId: workspaceId, data: { name: "After" } },
      owner,
    );
    const memberId = await memberIdOf(server, owner, workspaceId, other);
    const roleChanged = await post(
      server,
      "/api/auth/organization/update-member-role",
      { memberId, organizationId: workspaceId, role: "admin" },
      owner,
    );
    expect(roleChanged.status).toBe(200);
    const renamed = await post(server, "/api/auth/update-user", { name: "Owner Renamed" }, owner);
    expect(renamed.status).toBe(200);
    await client.pull();

    expect(client.get(workspaceKey(workspaceId))).toMatchObject({ name: "After", role: "admin" });
    expect(client.get(memberKey(workspaceId, other.id))).toMatchObject({ role: "admin" });
    expect(client.get(memberKey(workspaceId, owner.id))).toMatchObject({ name: "Owner Renamed" });
  });

  it("a deleted workspace disappears from its members' stores", async () => {
    const owner = await signUp(server, "Owner");
    const data = await workspaceFullOfData(owner, "Doomed");
    const client = new SyncClient(server, owner);
    await client.pull();
    expect(keysOf(client, data).length).toBeGreaterThanOrEqual(7);

    const deleted = await post(
      server,
      "/api/auth/organization/delete",
      { organizationId: data.workspaceId },
      owner,
    );
    expect(deleted.status).toBe(200);
    await client.pull();

    expect(keysOf(client, data)).toEqual([]);
  });
});
