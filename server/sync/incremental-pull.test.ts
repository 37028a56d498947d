import { randomUUID } from "node:crypto";
import { connectPostgres } from "../db/database.ts";
import { Replicache, type PatchOperation, type Puller, type PullResponseOKV1 } from "replicache";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { taskStoreKey, workspaceKey } from "../../shared/keys.ts";
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
import { pullingEveryPage } from "../../client/platform/sync/paged-pull.ts";
import { SCHEMA_VERSION } from "../../shared/schema-version.ts";
import { pull } from "./pull.ts";

/**
 * What an incremental pull sends: the rows written since the client's cookie and dels for
 * rows deleted or out of reach since, never the rest of the scope; and a first pull in pages.
 */

let server: TestServer;
let owner: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUp(server, "Owner");
}, SERVER_START_TIMEOUT);

afterAll(async () => {
  await server?.stop();
});

type Board = { workspaceId: string; projectId: string; taskIds: string[]; commentIds: string[] };

/** A workspace with a project of `tasks` tasks, each with a comment (and so two activities). */
async function board(tasks: number, name = "Board"): Promise<Board> {
  const workspaceId = await createWorkspace(server, owner, name);
  const projectId = newId("p");
  const taskIds = Array.from({ length: tasks }, () => newId("t"));
  const commentIds = taskIds.map(() => newId("c"));
  await new SyncClient(server, owner).push(
    m("createProject", { id: projectId, workspaceId, name, key: "BRD", createdAt: now() }),
    m("createLabel", { id: newId("l"), workspaceId, name: "Bug", color: "red", createdAt: now() }),
    ...taskIds.flatMap((id, i) => [
      m("createTask", { id, projectId, title: `Task ${i}`, createdAt: now() }),
      m("addComment", { id: commentIds[i] ?? "", taskId: id, body: `On ${i}`, createdAt: now() }),
    ]),
  );
  return { workspaceId, projectId, taskIds, commentIds };
}

const ops = (response: PullResponseOKV1) =>
  response.patch.map((op: PatchOperation) => (op.op === "clear" ? "clear" : `${op.op} ${op.key}`));

/** Every key of the store under the workspace's data (and the person's notifications there), sorted. */
function keysOf(client: SyncClient, b: Board) {
  const keys = [...client.store.keys()];
  return keys
    .filter(
      (key) =>
        key === workspaceKey(b.workspaceId) ||
        key.includes(`/${b.workspaceId}/`) ||
        key.startsWith(`task/${b.projectId}/`) ||
        key.startsWith(`status/${b.projectId}/`) ||
        b.taskIds.some(
          (id) =>
            key.startsWith(`comment/${id}/`) ||
            key.startsWith(`activity/${id}/`) ||
            key.startsWith(`subscriber/${id}/`),
        ) ||
        (key.startsWith("notification/") &&
          JSON.stringify(client.get(key)).includes(b.workspaceId)),
    )
    .sort();
}

/** The workspace's keys every member shares (not the person's own notifications). */
const sharedKeysOf = (client: SyncClient, b: Board) =>
  keysOf(client, b).filter((key) => !key.startsWith("notification/"));

describe("an incremental pull", () => {
  it("brings only the row that changed, and a deleted row as a del", async () => {
    const b = await board(5);
    const reader = new SyncClient(server, owner);
    await reader.pull();
    const [moved, deleted] = b.taskIds;
    const deletedActivities = reader.keys(`activity/${deleted}/`);
    expect(deletedActivities).toHaveLength(2);
    const writer = new SyncClient(server, owner);

    await writer.push(
      m("moveTask", { id: moved ?? "", status: "to-do", position: "Zz", updatedAt: now() }),
    );
    const afterMove = await reader.pull();
    await writer.push(m("deleteTask", { id: deleted ?? "" }));
    const afterDelete = await reader.pull();

    expect(afterMove.patch).toEqual([
      {
        op: "put",
        key: taskStoreKey(b.projectId, moved ?? ""),
        value: expect.objectContaining({ id: moved, position: "Zz" }),
      },
    ]);
    // The task's comment and activity went with it (foreign-key cascades).
    expect(ops(afterDelete).sort()).toEqual(
      [
        `del ${taskStoreKey(b.projectId, deleted ?? "")}`,
        `del comment/${deleted}/${b.commentIds[1]}`,
        ...deletedActivities.map((key) => `del ${key}`),
        `del subscriber/${deleted}/${owner.id}`,
      ].sort(),
    );
  });

  it("deleting a project sends a del for each of its statuses, tasks, comments and activities", async () => {
    const b = await board(3, "Doomed");
    const reader = new SyncClient(server, owner);
    await reader.pull();
    const below = keysOf(reader, b).filter((key) =>
      /^(status|task|comment|activity|subscriber)\//.test(key),
    );
    expect(below).toHaveLength(6 + 3 + 3 + 6 + 3);

    await new SyncClient(server, owner).push(m("deleteProject", { id: b.projectId }));
    const response = await reader.pull();

    expect(ops(response).sort()).toEqual(
      [`project/${b.workspaceId}/${b.projectId}`, ...below].map((key) => `del ${key}`).sort(),
    );
    expect(keysOf(reader, b).filter((key) => !key.startsWith("label/"))).toEqual(
      [`member/${b.workspaceId}/${owner.id}`, workspaceKey(b.workspaceId)].sort(),
    );
  });

  it("a member removed gets a del for every key of the workspace, a member added gets them all", async () => {
    const b = await board(3, "Shared");
    const bob = await signUp(server, "Bob");
    await addMember(server, owner, b.workspaceId, bob);
    const bobClient = new SyncClient(server, bob);
    await bobClient.pull();
    const bobsKeys = keysOf(bobClient, b);
    expect(bobsKeys.length).toBeGreaterThanOrEqual(2 + 1 + 1 + 3 + 3 + 6);

    await removeMember(server, owner, b.workspaceId, bob);
    const removed = await bobClient.pull();

    expect(ops(removed).sort()).toEqual(bobsKeys.map((key) => `del ${key}`));
    expect(keysOf(bobClient, b)).toEqual([]);

    await addMember(server, owner, b.workspaceId, bob);
    const added = await bobClient.pull();

    const ownersView = new SyncClient(server, owner);
    await ownersView.pull();
    expect(added.patch.every((op) => op.op === "put")).toBe(true);
    expect(sharedKeysOf(bobClient, b)).toEqual(sharedKeysOf(ownersView, b));
    for (const key of sharedKeysOf(ownersView, b).filter((k) => !k.startsWith("workspace/"))) {
      expect(bobClient.get(key)).toEqual(ownersView.get(key));
    }
  });
});

describe("a first pull in pages", () => {
  /** One page of at most about `pageBytes`, through the pull function itself. */
  async function page(client: SyncClient, pageBytes: number) {
    return client.apply(
      await pull(server.db.sql, client.user.id, client.pullBody(), { pageBytes }),
    );
  }
  const more = (response: PullResponseOKV1) =>
    typeof response.cookie === "object" &&
    response.cookie !== null &&
    "more" in response.cookie &&
    response.cookie.more === true;

  it("says more is coming until the whole scope is sent, and ends with the store a single pull builds", async () => {
    const b = await board(12, "Paged");
    const paged = new SyncClient(server, owner);

    const first = await page(paged, 3000);
    const kinds = first.patch.map((op) => (op.op === "clear" ? "clear" : op.key.split("/")[0]));
    expect(more(first)).toBe(true);
    // Workspaces, members, projects and labels first: tasks are next, not comments.
    expect(kinds[0]).toBe("clear");
    expect(kinds).toContain("project");
    expect(kinds).not.toContain("comment");
    let pages = 1;
    for (let response = first; more(response); pages++) response = await page(paged, 3000);

    const whole = new SyncClient(server, owner);
    const single = await whole.pull();
    expect(pages).toBeGreaterThan(3);
    expect(more(single)).toBe(false);
    expect([...paged.store.keys()].sort()).toEqual([...whole.store.keys()].sort());
    expect(Object.fromEntries(paged.store)).toEqual(Object.fromEntries(whole.store));
    expect(keysOf(paged, b).length).toBeGreaterThan(12 * 4);
  });

  it("changes made between pages arrive, to rows already sent and to rows not yet sent", async () => {
    const b = await board(12, "Busy");
    const paged = new SyncClient(server, owner);
    const writer = new SyncClient(server, owner);
    const sentTasks = () => b.taskIds.filter((id) => paged.get(taskStoreKey(b.projectId, id)));
    let response = await page(paged, 3000);
    while (sentTasks().length < 2) response = await page(paged, 3000);
    const [renamed, deleted] = sentTasks();
    const unsent = b.taskIds.find((id) => !sentTasks().includes(id));
    expect(unsent).toBeDefined();

    const created = newId("t");
    await writer.push(
      m("updateTask", { id: renamed ?? "", title: "Renamed between pages", updatedAt: now() }),
      m("deleteTask", { id: deleted ?? "" }),
      m("updateTask", { id: unsent ?? "", priority: "urgent", updatedAt: now() }),
      m("createTask", { id: created, projectId: b.projectId, title: "Late", createdAt: now() }),
      m("addComment", { id: newId("c"), taskId: renamed ?? "", body: "Late", createdAt: now() }),
    );
    while (more(response)) response = await page(paged, 3000);

    const whole = new SyncClient(server, owner);
    await whole.pull();
    expect(Object.fromEntries(paged.store)).toEqual(Object.fromEntries(whole.store));
    expect(paged.get(taskStoreKey(b.projectId, renamed ?? ""))).toMatchObject({
      title: "Renamed between pages",
    });
    expect(paged.get(taskStoreKey(b.projectId, deleted ?? ""))).toBeUndefined();
    expect(paged.get(taskStoreKey(b.projectId, unsent ?? ""))).toMatchObject({
      priority: "urgent",
    });
    expect(paged.get(taskStoreKey(b.projectId, created))).toMatchObject({ title: "Late" });
  });

  it("acknowledges the client's mutations only with the page that completes the store", async () => {
    const b = await board(12, "Acked");
    const paged = new SyncClient(server, owner);
    await paged.push(
      m("createLabel", {
        id: newId("l"),
        workspaceId: b.workspaceId,
        name: "Pending",
        color: "blue",
        createdAt: now(),
      }),
    );

    const acks: Record<string, number>[] = [];
    let response = await page(paged, 3000);
    acks.push(response.lastMutationIDChanges);
    while (more(response)) {
      response = await page(paged, 3000);
      acks.push(response.lastMutationIDChanges);
    }

    expect(acks.slice(0, -1).every((ack) => Object.keys(ack).length === 0)).toBe(true);
    expect(acks.at(-1)).toEqual({ [paged.clientID]: 1 });
  });
});

describe("the browser's puller", () => {
  it("pulls page after page by itself until the store holds the whole scope", async () => {
    await board(12, "Replicache");
    const pages: number[] = [];
    const cookies: string[] = [];
    const puller: Puller = async (request) => {
      cookies.push(JSON.stringify("cookie" in request ? request.cookie : null));
      const response = await pull(server.db.sql, owner.id, request, { pageBytes: 3000 });
      pages.push(Date.now());
      return { response, httpRequestInfo: { httpStatusCode: 200, errorMessage: "" } };
    };
    // No interval, no pokes: only the puller can ask for the pages after the first.
    const rep = new Replicache({
      name: randomUUID(),
      kvStore: "mem",
      schemaVersion: SCHEMA_VERSION,
      pullInterval: null,
      logLevel: "error",
    });
    let started = 0;
    let completed = 0;
    rep.puller = pullingEveryPage(rep, puller, {
      pullStarted: () => ++started,
      pullCompleted: (pull) => {
        completed = pull;
      },
    });
    const whole = new SyncClient(server, owner);
    await whole.pull();
    try {
      const deadline = Date.now() + 20_000;
      let store: Record<string, unknown> = {};
      while (Date.now() < deadline) {
        store = Object.fromEntries(await rep.query((tx) => tx.scan().entries().toArray()));
        // The store can hold every row before the last page has come: a page that ends just at
        // the end of the scope still says there is more, and the one after it brings nothing.
        if (Object.keys(store).length === whole.store.size && completed > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }

      expect(pages.length).toBeGreaterThan(3);
      expect(store).toEqual(Object.fromEntries(whole.store));
      // The last page, and only it, told that the scope was complete.
      expect(completed).toBe(started);
      // Each page is asked for once: the one fetched ahead is the one Replicache then takes.
      expect(new Set(cookies).size).toBe(cookies.length);
    } finally {
      await rep.close();
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)("a write that commits while a pull runs", () => {
  it("is not lost, though a later transaction committed before the pull", async () => {
    const quick = await board(1, "Quick");
    const slow = await board(1, "Slow");
    const quickTask = taskStoreKey(quick.projectId, quick.taskIds[0] ?? "");
    const slowTask = taskStoreKey(slow.projectId, slow.taskIds[0] ?? "");
    const reader = new SyncClient(server, owner);
    await reader.pull();
    // Another connection, as another server instance would write. Its workspace differs from
    // the push's, so the two never wait for each other's rows.
    const other = connectPostgres(server.database.databaseUrl ?? "", {
      max: 1,
      onnotice: () => {},
    });
    try {
      const writer = await other.reserve();
      await writer`begin`;
      await writer`update task set title = 'Slow' where id = ${slow.taskIds[0] ?? ""}`;
      // A transaction that got its id after the writer's commits first: the pull's snapshot
      // sees it and lists the writer as still running.
      await new SyncClient(server, owner).push(
        m("moveTask", {
          id: quick.taskIds[0] ?? "",
          status: "to-do",
          position: "Zz",
          updatedAt: now(),
        }),
      );
      const during = await reader.pull();
      await writer`commit`;
      writer.release();
      const after = await reader.pull();

      expect(ops(during)).toEqual([`put ${quickTask}`]);
      expect(ops(after)).toEqual([`put ${slowTask}`]);
      expect(reader.get(slowTask)).toMatchObject({ title: "Slow" });
    } finally {
      await other.end();
    }
  });
});
