import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberKey, projectKey, taskStoreKey, workspaceKey } from "../../shared/keys.ts";
import type { Task } from "../../shared/entities.ts";
import {
  SERVER_START_TIMEOUT,
  SyncClient,
  addMember,
  createWorkspace,
  m,
  newId,
  now,
  signUp,
  type TestUser,
} from "../test/sync-client.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";

let server: TestServer;
let owner: TestUser;
let member: TestUser;
let workspaceId: string;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUp(server, "Olivia Owner");
  member = await signUp(server, "Mo Member");
  workspaceId = await createWorkspace(server, owner, "Acme");
  await addMember(server, owner, workspaceId, member);
  projectId = newId("p");
  await new SyncClient(server, owner).push(
    m("createProject", { id: projectId, workspaceId, name: "Web", key: "WEB", createdAt: now() }),
  );
}, SERVER_START_TIMEOUT);

afterAll(async () => {
  await server?.stop();
});

describe("two people in one workspace", () => {
  it("a first pull resets the store and brings the workspace, its members and projects", async () => {
    const client = new SyncClient(server, member);

    const response = await client.pull();

    expect(response.patch[0]).toEqual({ op: "clear" });
    expect(client.get(workspaceKey(workspaceId))).toMatchObject({
      id: workspaceId,
      name: "Acme",
      role: "member",
    });
    expect(client.get(memberKey(workspaceId, owner.id))).toEqual({
      id: owner.id,
      workspaceId,
      name: "Olivia Owner",
      email: owner.email,
      image: null,
      role: "owner",
    });
    expect(client.get(memberKey(workspaceId, member.id))).toMatchObject({ role: "member" });
    expect(client.get(projectKey(workspaceId, projectId))).toMatchObject({
      name: "Web",
      key: "WEB",
      isPublic: false,
    });
  });

  it("a task one person creates reaches the other's next pull", async () => {
    const ownerClient = new SyncClient(server, owner);
    const memberClient = new SyncClient(server, member);
    await memberClient.pull();
    const id = newId("t");
    const createdAt = now();

    await ownerClient.push(
      m("createTask", { id, projectId, title: "Write the spec", priority: "high", createdAt }),
    );
    const response = await memberClient.pull();

    expect(response.patch).toContainEqual(
      expect.objectContaining({ op: "put", key: taskStoreKey(projectId, id) }),
    );
    expect(memberClient.get(taskStoreKey(projectId, id))).toMatchObject({
      id,
      workspaceId,
      projectId,
      title: "Write the spec",
      priority: "high",
      status: "to-do",
      createdBy: owner.id,
      createdAt,
      updatedAt: createdAt,
      labelIds: [],
    });
  });

  it("a change arrives as a put of the new value, a delete as a del", async () => {
    const ownerClient = new SyncClient(server, owner);
    const memberClient = new SyncClient(server, member);
    const id = newId("t");
    await ownerClient.push(m("createTask", { id, projectId, title: "Draft", createdAt: now() }));
    await memberClient.pull();

    await memberClient.push(m("updateTask", { id, title: "Final", updatedAt: now() }));
    await ownerClient.pull();
    expect(ownerClient.get(taskStoreKey(projectId, id))).toMatchObject({ title: "Final" });

    await ownerClient.push(m("deleteTask", { id }));
    const response = await memberClient.pull();
    expect(response.patch).toContainEqual({ op: "del", key: taskStoreKey(projectId, id) });
    expect(memberClient.get(taskStoreKey(projectId, id))).toBeUndefined();
  });

  it("a pull with nothing new keeps the cookie and sends an empty patch", async () => {
    const client = new SyncClient(server, member);
    await client.pull();
    const cookie = client.cookie;

    const response = await client.pull();

    expect(response).toEqual({ cookie, lastMutationIDChanges: {}, patch: [] });
  });

  it("the cookie order grows with every change and the client's last mutation id is returned", async () => {
    const client = new SyncClient(server, owner);
    const first = await client.pull();
    await client.push(
      m("createTask", { id: newId("t"), projectId, title: "One", createdAt: now() }),
    );

    const second = await client.pull();

    expect(second.lastMutationIDChanges).toEqual({ [client.clientID]: 1 });
    expect(orderOf(second.cookie)).toBeGreaterThan(orderOf(first.cookie));
  });

  it("updating a task writes activity for each tracked change", async () => {
    const client = new SyncClient(server, owner);
    const id = newId("t");
    await client.push(
      m("createTask", { id, projectId, title: "Old title", createdAt: now() }),
      m("updateTask", {
        id,
        title: "New title",
        status: "in-progress",
        priority: "urgent",
        dueDate: "2030-01-31",
        description: "not tracked",
        updatedAt: now(),
      }),
      m("addComment", { id: newId("c"), taskId: id, body: "Looks good", createdAt: now() }),
    );

    await client.pull();

    const kinds = client
      .values<{ kind: string; from: string | null; to: string | null }>(`activity/${id}/`)
      .map(({ kind, from, to }) => ({ kind, from, to }));
    expect(kinds).toEqual(
      expect.arrayContaining([
        { kind: "created", from: null, to: null },
        { kind: "title", from: "Old title", to: "New title" },
        { kind: "status", from: "to-do", to: "in-progress" },
        { kind: "priority", from: "no-priority", to: "urgent" },
        { kind: "due-date", from: null, to: "2030-01-31" },
        { kind: "comment", from: null, to: null },
      ]),
    );
    expect(kinds).toHaveLength(6);
  });
});

describe("applying each mutation once", () => {
  it("the same push sent twice applies once", async () => {
    const client = new SyncClient(server, owner);
    const id = newId("c");
    const taskId = newId("t");
    await client.push(m("createTask", { id: taskId, projectId, title: "Host", createdAt: now() }));
    const body = client.pushBody(
      client.mutations(m("addComment", { id, taskId, body: "once", createdAt: now() })),
    );

    const first = await client.pushRaw(body);
    const second = await client.pushRaw(body);

    expect([first.status, second.status]).toEqual([200, 200]);
    await client.pull();
    expect(client.keys(`comment/${taskId}/`)).toEqual([`comment/${taskId}/${id}`]);
    expect(client.values(`activity/${taskId}/`).filter((a) => a.kind === "comment")).toHaveLength(
      1,
    );
  });

  it("a task's creation pushed again is skipped, its second insert never reaching the task", async () => {
    // The handler runs alongside the client's check (push.ts): sent again, its insert fails on
    // the duplicate id and is rolled back, and the request still answers 200.
    const client = new SyncClient(server, owner);
    const taskId = newId("t");
    const body = client.pushBody(
      client.mutations(m("createTask", { id: taskId, projectId, title: "Once", createdAt: now() })),
    );

    const first = await client.pushRaw(body);
    const second = await client.pushRaw(body);
    const third = await client.pushRaw(body);

    expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
    const pulled = await client.pull();
    expect(pulled.lastMutationIDChanges).toEqual({ [client.clientID]: client.lastMutationID });
    expect(client.get(taskStoreKey(projectId, taskId))).toMatchObject({ title: "Once" });
    expect(client.values(`activity/${taskId}/`).filter((a) => a.kind === "created")).toHaveLength(
      1,
    );
    expect(client.values<{ kind: string }>("notice/")).toEqual([]);
  });

  it("five clients creating tasks in one project at once get unique, gap-free numbers", async () => {
    const project = newId("p");
    const setup = new SyncClient(server, owner);
    await setup.push(
      m("createProject", { id: project, workspaceId, name: "Race", key: "RACE", createdAt: now() }),
    );
    const clients = Array.from(
      { length: 5 },
      (_, i) => new SyncClient(server, i % 2 ? member : owner),
    );

    await Promise.all(
      clients.map((client) =>
        client.push(
          ...Array.from({ length: 4 }, (_, i) =>
            m("createTask", {
              id: newId("t"),
              projectId: project,
              title: `Task ${i}`,
              createdAt: now(),
            }),
          ),
        ),
      ),
    );

    await setup.pull();
    const numbers = setup
      .values<Task>(`task/${project}/`)
      .map((task) => task.number)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(setup.get(projectKey(workspaceId, project))).toMatchObject({ lastTaskNumber: 20 });
  });

  it("overlapping pushes of one tab, each resending what is pending, apply every mutation once and in order", async () => {
    const id = newId("t");
    const client = new SyncClient(server, owner);
    await client.push(m("createTask", { id, projectId, title: "Step 0", createdAt: now() }));
    const steps = Array.from({ length: 12 }, (_, i) => `Step ${i + 1}`);
    const mutations = client.mutations(
      ...steps.map((title) => m("updateTask", { id, title, updatedAt: now() })),
    );

    // Replicache resends everything pending until it sees it applied; here the requests overlap.
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        client.pushRaw(client.pushBody(mutations.slice(0, 2 * (i + 1)))),
      ),
    );

    expect(responses.map((response) => response.status)).toEqual(Array(6).fill(200));
    const pulled = await client.pull();
    expect(pulled.lastMutationIDChanges).toEqual({ [client.clientID]: client.lastMutationID });
    const renames = client
      .values<{ kind: string; from: string; to: string }>(`activity/${id}/`)
      .filter((line) => line.kind === "title")
      .map((line) => `${line.from} → ${line.to}`)
      .sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
    expect(renames).toEqual(steps.map((title, i) => `Step ${i} → ${title}`));
    expect(client.get(taskStoreKey(projectId, id))).toMatchObject({ title: "Step 12" });
  });

  it("people moving one task at once leave a status history where each line starts where the last ended", async () => {
    const id = newId("t");
    const setup = new SyncClient(server, owner);
    await setup.push(m("createTask", { id, projectId, title: "Contested", createdAt: now() }));
    const targets = ["planned", "in-progress", "in-review", "done", "archived"] as const;

    await Promise.all(
      targets.map((status, i) =>
        new SyncClient(server, i % 2 ? member : owner).push(
          m("moveTask", { id, status, position: "a0", updatedAt: now() }),
        ),
      ),
    );

    await setup.pull();
    const next = new Map(
      setup
        .values<{ kind: string; from: string; to: string }>(`activity/${id}/`)
        .filter((line) => line.kind === "status")
        .map((line) => [line.from, line.to]),
    );
    const history = ["to-do"];
    for (let status = next.get("to-do"); status; status = next.get(status)) history.push(status);
    expect(history).toHaveLength(targets.length + 1);
    expect(next.size).toBe(targets.length);
    expect(setup.get(taskStoreKey(projectId, id))).toMatchObject({ status: history.at(-1) });
  });
});

function orderOf(cookie: unknown): number {
  if (typeof cookie === "object" && cookie !== null && "order" in cookie)
    return Number(cookie.order);
  return Number(cookie);
}
