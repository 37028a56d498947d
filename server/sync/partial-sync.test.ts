import type { PullResponseOKV1 } from "replicache";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syncScopeKey, taskStoreKey } from "../../shared/keys.ts";
import {
  SERVER_START_TIMEOUT,
  SyncClient,
  addMember,
  createWorkspace,
  m,
  newId,
  now,
  removeMember,
  signUp,
  type TestUser,
} from "../test/sync-client.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";
import { pull } from "./pull.ts";

/**
 * Partial sync (server/sync/README.md "Partial sync"): a client that names projects gets the
 * workspace's projects, statuses, labels, relations and members, and the tasks (with their
 * comments, activity, subscribers, files and documents) of the projects it named only.
 */

let server: TestServer;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  [owner, other] = await Promise.all([signUp(server, "Owner"), signUp(server, "Other")]);
}, SERVER_START_TIMEOUT);

afterAll(async () => {
  await server?.stop();
});

type Project = { id: string; taskIds: string[] };
type Workspace = { id: string; a: Project; b: Project };

/** A workspace with projects A (4 tasks) and B (3 tasks), each task with a comment; `other` is a member. */
async function workspace(name: string): Promise<Workspace> {
  const id = await createWorkspace(server, owner, name);
  await addMember(server, owner, id, other);
  const project = (key: string, tasks: number): Project => ({
    id: newId("p"),
    taskIds: Array.from({ length: tasks }, () => newId("t")),
  });
  const a = project("AAA", 4);
  const b = project("BBB", 3);
  await new SyncClient(server, owner).push(
    ...[a, b].flatMap((p, index) => [
      m("createProject", {
        id: p.id,
        workspaceId: id,
        name: `Project ${index}`,
        key: index ? "BBB" : "AAA",
        createdAt: now(),
      }),
      ...p.taskIds.flatMap((taskId, i) => [
        m("createTask", { id: taskId, projectId: p.id, title: `Task ${i}`, createdAt: now() }),
        m("addComment", { id: newId("c"), taskId, body: `On ${i}`, createdAt: now() }),
      ]),
    ]),
  );
  return { id, a, b };
}

/** Every key of the store that belongs to a task of the project. */
function projectKeys(client: SyncClient, project: Project): string[] {
  return [...client.store.keys()]
    .filter(
      (key) =>
        key.startsWith(`task/${project.id}/`) ||
        project.taskIds.some((id) => key.includes(`/${id}/`) || key.endsWith(`/${id}`)),
    )
    .sort();
}

const scope = (client: SyncClient) =>
  (client.get(syncScopeKey) as { projects: Record<string, string> } | undefined)?.projects;

/** Pulls until the server has sent everything (a first pull comes in pages). */
async function pullAll(client: SyncClient, pageBytes?: number): Promise<PullResponseOKV1[]> {
  const responses: PullResponseOKV1[] = [];
  for (let i = 0; i < 100; i++) {
    const response = pageBytes
      ? client.apply(await pull(server.db.sql, client.user.id, client.pullBody(), { pageBytes }))
      : await client.pull();
    responses.push(response);
    const cookie = response.cookie as { more?: boolean } | null;
    if (!cookie?.more) return responses;
  }
  throw new Error("the pulls never ended");
}

/** The store of a client that syncs every project, for comparison. */
async function fullStore(user: TestUser) {
  const full = new SyncClient(server, user);
  await pullAll(full);
  return full;
}

describe("partial sync", () => {
  it("sends the workspace and its projects but no task until a project is named", async () => {
    const w = await workspace("Nothing open");
    const client = new SyncClient(server, other);
    client.projects = [];
    await pullAll(client);

    expect(client.keys("project/")).toEqual(
      [`project/${w.id}/${w.a.id}`, `project/${w.id}/${w.b.id}`].sort(),
    );
    expect(client.keys(`status/${w.a.id}/`).length).toBeGreaterThan(0);
    expect(client.keys(`member/${w.id}/`)).toHaveLength(2);
    expect(client.keys("task/")).toEqual([]);
    expect(client.keys("comment/")).toEqual([]);
    expect(client.keys("activity/")).toEqual([]);
    expect(scope(client)).toEqual({});
  });

  it("loads a project not yet opened on its first open, with what belongs to its tasks", async () => {
    const w = await workspace("First open");
    const client = new SyncClient(server, other);
    client.projects = [];
    await pullAll(client);

    client.projects = [w.a.id];
    await pullAll(client);

    const full = await fullStore(other);
    expect(projectKeys(client, w.a).length).toBeGreaterThan(4 * 3);
    expect(projectKeys(client, w.a)).toEqual(projectKeys(full, w.a));
    for (const key of projectKeys(client, w.a)) expect(client.get(key)).toEqual(full.get(key));
    expect(projectKeys(client, w.b)).toEqual([]);
    expect(scope(client)).toEqual({ [w.a.id]: "loaded" });
  });

  it("pages a large project, the tasks first, saying it is loading until the last page", async () => {
    const w = await workspace("Paged project");
    const client = new SyncClient(server, other);
    client.projects = [w.a.id];
    const pages = await pullAll(client, 600);

    expect(pages.length).toBeGreaterThan(2);
    expect(scope(client)).toEqual({ [w.a.id]: "loaded" });
    // Every task came before the first comment of the project.
    const order = pages.flatMap((page) =>
      page.patch.flatMap((op) => (op.op === "put" ? [op.key] : [])),
    );
    const lastTask = Math.max(...order.map((key, i) => (key.startsWith("task/") ? i : -1)));
    const firstComment = order.findIndex((key) => key.startsWith("comment/"));
    expect(lastTask).toBeLessThan(firstComment);
    // From the first page on, the store says the project is loading, until the last page.
    expect(pages[0]?.patch).toContainEqual({
      op: "put",
      key: syncScopeKey,
      value: { id: syncScopeKey, projects: { [w.a.id]: "loading" } },
    });
    const loadedIn = pages.findIndex((page) =>
      page.patch.some(
        (op) =>
          op.op === "put" && op.key === syncScopeKey && JSON.stringify(op.value).includes("loaded"),
      ),
    );
    expect(loadedIn).toBe(pages.length - 1);
    expect(projectKeys(client, w.a)).toEqual(projectKeys(await fullStore(other), w.a));
  });

  it("holds back the acknowledgement of a change while its project is still loading", async () => {
    const w = await workspace("Held back");
    const client = new SyncClient(server, other);
    client.projects = [];
    await pullAll(client);
    const created = newId("t");
    await client.push(
      m("createTask", { id: created, projectId: w.b.id, title: "Mine", createdAt: now() }),
    );
    client.projects = [w.b.id];

    const first = client.apply(
      await pull(server.db.sql, other.id, client.pullBody(), { pageBytes: 300 }),
    );
    expect(first.lastMutationIDChanges).toEqual({});
    const rest = await pullAll(client);
    expect(rest.at(-1)?.lastMutationIDChanges).toEqual({ [client.clientID]: 1 });
    expect(client.get(taskStoreKey(w.b.id, created))).toMatchObject({ title: "Mine" });
  });

  it("keeps another person's changes to a project it has not loaded away from it, and brings them when it opens it", async () => {
    const w = await workspace("Not loaded");
    const client = new SyncClient(server, other);
    client.projects = [w.a.id];
    await pullAll(client);
    const before = new Map(client.store);

    const writer = new SyncClient(server, owner);
    const added = newId("t");
    const [edited, deleted] = w.b.taskIds;
    await writer.push(
      m("createTask", { id: added, projectId: w.b.id, title: "New in B", createdAt: now() }),
      m("updateTask", { id: edited ?? "", title: "Renamed in B", updatedAt: now() }),
      m("addComment", { id: newId("c"), taskId: edited ?? "", body: "More", createdAt: now() }),
      m("deleteTask", { id: deleted ?? "" }),
    );
    const response = await client.pull();

    // Nothing of B's tasks was sent, and nothing the client held changed.
    for (const op of response.patch) {
      if (op.op === "clear") throw new Error("no reset expected");
      expect(op.key.startsWith(`task/${w.b.id}/`)).toBe(false);
      if (op.op === "put")
        expect(w.b.taskIds.concat(added).some((id) => op.key.includes(id))).toBe(false);
    }
    for (const [key, value] of before) {
      if (key !== syncScopeKey && !key.startsWith("project/"))
        expect(client.get(key)).toEqual(value);
    }

    // A change in A still arrives.
    const [moved] = w.a.taskIds;
    await writer.push(
      m("moveTask", { id: moved ?? "", status: "to-do", position: "Zz", updatedAt: now() }),
    );
    const afterMove = await client.pull();
    expect(afterMove.patch).toContainEqual(
      expect.objectContaining({ op: "put", key: taskStoreKey(w.a.id, moved ?? "") }),
    );

    // Opening B brings it as it is now.
    client.projects = [w.b.id, w.a.id];
    await pullAll(client);
    const full = await fullStore(other);
    const bNow = { id: w.b.id, taskIds: [...w.b.taskIds, added] };
    expect(projectKeys(client, bNow)).toEqual(projectKeys(full, bNow));
    expect(client.get(taskStoreKey(w.b.id, edited ?? ""))).toMatchObject({ title: "Renamed in B" });
    expect(client.get(taskStoreKey(w.b.id, deleted ?? ""))).toBeUndefined();
    expect(scope(client)).toEqual({ [w.a.id]: "loaded", [w.b.id]: "loaded" });
  });

  it("takes a project's tasks out of the store when the client lets it go", async () => {
    const w = await workspace("Let go");
    const client = new SyncClient(server, other);
    client.projects = [w.a.id, w.b.id];
    await pullAll(client);
    expect(projectKeys(client, w.a).length).toBeGreaterThan(0);

    client.projects = [w.b.id];
    await pullAll(client);

    expect(projectKeys(client, w.a)).toEqual([]);
    expect(projectKeys(client, w.b)).toEqual(projectKeys(await fullStore(other), w.b));
    expect(client.keys(`project/${w.id}/`).length).toBe(2);
    expect(scope(client)).toEqual({ [w.b.id]: "loaded" });
  });

  it("answers a pull that names nothing new and nothing changed with an empty patch", async () => {
    const w = await workspace("No-op");
    const client = new SyncClient(server, other);
    client.projects = [w.a.id];
    await pullAll(client);
    const again = await client.pull();
    expect(again.patch).toEqual([]);
  });

  it("ignores a project of a workspace the person is not in, and drops a workspace's projects when they leave it", async () => {
    const w = await workspace("Foreign");
    const outsider = await signUp(server, "Outsider");
    const client = new SyncClient(server, outsider);
    client.projects = [w.a.id];
    await pullAll(client);
    expect(client.keys("task/")).toEqual([]);
    expect(scope(client)).toEqual({});

    const member = new SyncClient(server, other);
    member.projects = [w.a.id];
    await pullAll(member);
    expect(scope(member)).toEqual({ [w.a.id]: "loaded" });
    await removeMember(server, owner, w.id, other);
    await member.pull();
    expect(projectKeys(member, w.a)).toEqual([]);
    expect(scope(member)).toEqual({});
    await addMember(server, owner, w.id, other);
  });

  it("sends a relation with its tasks' projects, so a browser can load the other project", async () => {
    const w = await workspace("Related");
    const relationId = newId("r");
    const [blocker = ""] = w.b.taskIds;
    const [blocked = ""] = w.a.taskIds;
    await new SyncClient(server, owner).push(
      m("addRelation", {
        id: relationId,
        workspaceId: w.id,
        taskId: blocker,
        relatedTaskId: blocked,
        kind: "blocks",
        createdAt: now(),
      }),
    );
    const client = new SyncClient(server, other);
    client.projects = [w.a.id];
    await pullAll(client);
    expect(client.get(`relation/${w.id}/${relationId}`)).toMatchObject({
      taskId: blocker,
      taskProjectId: w.b.id,
      relatedTaskId: blocked,
      relatedProjectId: w.a.id,
    });
  });

  it("refuses a list of projects that is not a list of at most 50 ids with a 400", async () => {
    const client = new SyncClient(server, other);
    for (const projects of [
      "abc",
      [1, 2],
      ["bad id!"],
      Array.from({ length: 51 }, (_, i) => `p${i}`),
    ]) {
      const response = await client.pullRaw({ projects });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: "VALIDATION_ERROR" });
    }
  });

  it("starts again from a reset when a client starts naming projects", async () => {
    const w = await workspace("Mode switch");
    const client = new SyncClient(server, other);
    await pullAll(client);
    expect(projectKeys(client, w.b).length).toBeGreaterThan(0);
    client.projects = [w.a.id];
    const [first] = await pullAll(client);
    expect(first?.patch[0]).toEqual({ op: "clear" });
    expect(projectKeys(client, w.b)).toEqual([]);
    expect(projectKeys(client, w.a).length).toBeGreaterThan(0);
  });
});

describe("histories task by task", () => {
  /** The keys of a task's history in the store: comments, activity, subscribers, files, document. */
  const historyKeys = (client: SyncClient, taskId: string) =>
    [...client.store.keys()]
      .filter((key) => key.includes(`/${taskId}/`) || key === `description-doc/${taskId}`)
      .filter((key) => !key.startsWith("task/"))
      .sort();
  const histories = (client: SyncClient) =>
    (client.get(syncScopeKey) as { tasks?: string[] } | undefined)?.tasks;

  it("sends a project's tasks without their histories, and the history of each task the client names", async () => {
    const w = await workspace("Histories on demand");
    const [opened = "", other1 = ""] = w.a.taskIds;
    const client = new SyncClient(server, other);
    client.projects = [w.a.id];
    client.tasks = [opened];
    await pullAll(client);

    const full = await fullStore(other);
    expect(client.keys(`task/${w.a.id}/`)).toEqual(full.keys(`task/${w.a.id}/`));
    expect(historyKeys(client, opened).length).toBeGreaterThan(1);
    expect(historyKeys(client, opened)).toEqual(historyKeys(full, opened));
    for (const key of historyKeys(client, opened)) expect(client.get(key)).toEqual(full.get(key));
    expect(historyKeys(client, other1)).toEqual([]);
    expect(histories(client)).toEqual([opened]);
    expect(scope(client)).toEqual({ [w.a.id]: "loaded" });
  });

  it("loads a task's history when the client names it, and takes it out when the client lets it go", async () => {
    const w = await workspace("History opened and let go");
    const [first = "", second = ""] = w.a.taskIds;
    const client = new SyncClient(server, other);
    client.projects = [w.a.id];
    client.tasks = [first];
    await pullAll(client);

    client.tasks = [second, first];
    const opened = await client.pull();
    expect(opened.patch.some((op) => op.op === "clear")).toBe(false);
    const full = await fullStore(other);
    expect(historyKeys(client, second)).toEqual(historyKeys(full, second));
    expect(histories(client)).toEqual([second, first]);

    client.tasks = [second];
    await client.pull();
    expect(historyKeys(client, first)).toEqual([]);
    expect(historyKeys(client, second)).toEqual(historyKeys(full, second));
    expect(client.keys(`task/${w.a.id}/`)).toHaveLength(4);
    expect(histories(client)).toEqual([second]);
  });

  it("keeps another person's comment on a task the client has not opened away from it, and brings one on a task it has", async () => {
    const w = await workspace("Comments elsewhere");
    const [opened = "", closed = ""] = w.a.taskIds;
    const client = new SyncClient(server, other);
    client.projects = [w.a.id];
    client.tasks = [opened];
    await pullAll(client);

    const elsewhere = newId("c");
    const here = newId("c");
    await new SyncClient(server, owner).push(
      m("addComment", { id: elsewhere, taskId: closed, body: "Not for you", createdAt: now() }),
      m("addComment", { id: here, taskId: opened, body: "For you", createdAt: now() }),
      m("updateTask", { id: closed, title: "Renamed", updatedAt: now() }),
    );
    const response = await client.pull();

    const keys = response.patch.flatMap((op) => (op.op === "put" ? [op.key] : []));
    expect(keys).toContain(`comment/${opened}/${here}`);
    expect(keys).toContain(taskStoreKey(w.a.id, closed));
    expect(keys.filter((key) => key.includes(closed) && !key.startsWith("task/"))).toEqual([]);
    expect(client.get(`comment/${opened}/${here}`)).toMatchObject({ body: "For you" });
    expect(client.get(taskStoreKey(w.a.id, closed))).toMatchObject({ title: "Renamed" });
  });

  it("leaves out the history of a task whose project the client does not sync, or of another workspace", async () => {
    const w = await workspace("Histories out of scope");
    const foreign = await workspace("Someone else's");
    const outsider = await signUp(server, "Outsider of histories");
    const [inB = ""] = w.b.taskIds;
    const [inA = ""] = w.a.taskIds;
    const client = new SyncClient(server, outsider);
    await addMember(server, owner, w.id, outsider);
    client.projects = [w.a.id, foreign.a.id];
    client.tasks = [inB, inA, foreign.a.taskIds[0] ?? ""];
    await pullAll(client);

    expect(historyKeys(client, inB)).toEqual([]);
    expect(historyKeys(client, foreign.a.taskIds[0] ?? "")).toEqual([]);
    expect(historyKeys(client, inA).length).toBeGreaterThan(0);
    expect(histories(client)).toEqual([inA]);
  });

  it("starts again from a reset when a client starts naming tasks, and answers an unchanged pull with nothing", async () => {
    const w = await workspace("Naming tasks");
    const [opened = ""] = w.a.taskIds;
    const client = new SyncClient(server, other);
    client.projects = [w.a.id];
    await pullAll(client);
    expect(historyKeys(client, w.a.taskIds[1] ?? "").length).toBeGreaterThan(0);

    client.tasks = [opened];
    const [first] = await pullAll(client);
    expect(first?.patch[0]).toEqual({ op: "clear" });
    expect(historyKeys(client, w.a.taskIds[1] ?? "")).toEqual([]);
    expect(historyKeys(client, opened).length).toBeGreaterThan(0);
    expect((await client.pull()).patch).toEqual([]);
  });

  it("sends the history of a task named before it reached the server once it has", async () => {
    const w = await workspace("Named early");
    const client = new SyncClient(server, other);
    const early = newId("t");
    client.projects = [w.a.id];
    client.tasks = [early];
    await pullAll(client);
    expect(histories(client)).toEqual([]);

    const comment = newId("c");
    await new SyncClient(server, owner).push(
      m("createTask", { id: early, projectId: w.a.id, title: "Made offline", createdAt: now() }),
      m("addComment", { id: comment, taskId: early, body: "Here now", createdAt: now() }),
    );
    await client.pull();

    expect(histories(client)).toEqual([early]);
    expect(client.get(`comment/${early}/${comment}`)).toMatchObject({ body: "Here now" });
  });

  it("refuses a list of tasks that is not a list of at most 50 ids with a 400", async () => {
    const client = new SyncClient(server, other);
    for (const tasks of ["abc", [1], ["bad id!"], Array.from({ length: 51 }, (_, i) => `t${i}`)]) {
      const response = await client.pullRaw({ projects: [], tasks });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: "VALIDATION_ERROR" });
    }
  });
});
