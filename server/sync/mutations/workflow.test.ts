import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Activity, Notice, Status, Task } from "../../../shared/entities.ts";
import { prefixes, statusKey, taskStoreKey } from "../../../shared/keys.ts";
import { liveStatuses } from "../../../shared/statuses.ts";
import {
  SERVER_START_TIMEOUT,
  SyncClient,
  addMember,
  createWorkspace,
  m,
  newId,
  now,
  signUp,
  type Mutation,
  type TestUser,
} from "../../test/sync-client.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";

/**
 * Statuses per project through push and pull: the six defaults of a new project, a custom
 * workflow edited by an admin and refused to a member, the rules that keep the board whole,
 * and moves made offline into a status someone else deleted meanwhile.
 */

let server: TestServer;
let owner: TestUser;
let admin: TestUser;
let member: TestUser;
let workspaceId: string;

let adminClient: SyncClient;
let memberClient: SyncClient;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer();
  [owner, admin, member] = await Promise.all([
    signUp(server, "Owner"),
    signUp(server, "Admin"),
    signUp(server, "Member"),
  ]);
  workspaceId = await createWorkspace(server, owner, "Workflows");
  await addMember(server, owner, workspaceId, admin, "admin");
  await addMember(server, owner, workspaceId, member, "member");
}, SERVER_START_TIMEOUT);

afterAll(async () => {
  await server?.stop();
});

beforeEach(async () => {
  adminClient = new SyncClient(server, admin);
  memberClient = new SyncClient(server, member);
  projectId = newId("p");
  await adminClient.push(
    m("createProject", {
      id: projectId,
      workspaceId,
      name: "Flow",
      key: `F${Math.floor(Math.random() * 1e6)}`,
      createdAt: now(),
    }),
  );
});

/** The project's statuses as a client holds them, deleted ones left out, in workflow order. */
const workflow = (client: SyncClient) =>
  liveStatuses(client.values<Status>(prefixes.status(projectId))).map(
    (status) => `${status.category}:${status.name}`,
  );

const task = (client: SyncClient, id: string) => client.get(taskStoreKey(projectId, id)) as Task;

const statusLines = (client: SyncClient, taskId: string) =>
  client
    .values<Activity>(prefixes.activity(taskId))
    .filter((line) => line.kind === "status")
    .map((line) => `${line.from} → ${line.to}`);

async function expectRefused(client: SyncClient, mutation: Mutation, code: Notice["code"]) {
  await client.pull();
  const before = client.values<Notice>("notice/").length;
  await client.push(mutation);
  await client.pull();
  const notices = client.values<Notice>("notice/");
  expect(notices).toHaveLength(before + 1);
  expect(notices).toContainEqual(expect.objectContaining({ mutationName: mutation.name, code }));
  return notices.find((notice) => notice.mutationName === mutation.name && notice.code === code);
}

describe("a new project", () => {
  it("starts with the six default statuses, each in its category", async () => {
    await memberClient.pull();

    expect(workflow(memberClient)).toEqual([
      "backlog:Planned",
      "unstarted:To do",
      "started:In progress",
      "started:In review",
      "completed:Done",
      "canceled:Archived",
    ]);
    expect(memberClient.get(statusKey(projectId, "to-do"))).toMatchObject({
      id: "to-do",
      projectId,
      workspaceId,
      color: "silver",
      icon: null,
      replacedBy: null,
    });
  });

  it("puts a task without a status into its first unstarted status", async () => {
    const id = newId("t");
    await memberClient.push(
      m("createTask", { id, projectId, title: "Anywhere", createdAt: now() }),
    );
    await memberClient.pull();
    expect(task(memberClient, id).status).toBe("to-do");
  });
});

describe("an admin's custom workflow", () => {
  it("adds, renames, recolours, reorders and deletes statuses; everyone's next pull follows", async () => {
    const qa = newId("s");
    const icebox = newId("s");
    const moved = [newId("t"), newId("t")];
    const stays = newId("t");
    await adminClient.push(
      m("createStatus", {
        id: qa,
        projectId,
        name: "QA",
        category: "started",
        color: "teal",
        icon: "flask",
        position: "a4",
        createdAt: now(),
      }),
      m("createStatus", {
        id: icebox,
        projectId,
        name: "Icebox",
        category: "backlog",
        color: "blue",
        position: "a1",
        createdAt: now(),
      }),
      m("updateStatus", {
        id: "in-progress",
        projectId,
        name: "Building",
        color: "orange",
        updatedAt: now(),
      }),
      // QA moves before In review (a3): a position between In progress (a2) and it.
      m("updateStatus", { id: qa, projectId, position: "a2V", updatedAt: now() }),
      m("createTask", { id: stays, projectId, title: "Already QA", status: qa, createdAt: now() }),
      ...moved.map((id, index) =>
        m("createTask", {
          id,
          projectId,
          title: `Review ${index}`,
          status: "in-review",
          position: `a${index}`,
          createdAt: now(),
        }),
      ),
      m("deleteStatus", { id: "in-review", projectId, replacementId: qa, updatedAt: now() }),
    );

    await memberClient.pull();

    expect(workflow(memberClient)).toEqual([
      "backlog:Planned",
      "backlog:Icebox",
      "unstarted:To do",
      "started:Building",
      "started:QA",
      "completed:Done",
      "canceled:Archived",
    ]);
    expect(memberClient.get(statusKey(projectId, qa))).toMatchObject({ icon: "flask" });
    expect(memberClient.get(statusKey(projectId, "in-progress"))).toMatchObject({
      color: "orange",
    });
    // The deleted status stays, pointing at where its tasks went (old activity names it).
    expect(memberClient.get(statusKey(projectId, "in-review"))).toMatchObject({
      name: "In review",
      replacedBy: qa,
    });
    // Its tasks went below the replacement's own, in their order, each with a line of history.
    const column = [stays, ...moved].map((id) => task(memberClient, id));
    expect(column.map((t) => t.status)).toEqual([qa, qa, qa]);
    const positions = column.map((t) => t.position);
    expect([...positions].sort()).toEqual(positions);
    for (const id of moved) expect(statusLines(memberClient, id)).toEqual([`in-review → ${qa}`]);
  });

  it("refuses a second status of the same name, whatever its case and spacing", async () => {
    const notice = await expectRefused(
      adminClient,
      m("createStatus", {
        id: newId("s"),
        projectId,
        name: " to  DO ",
        category: "unstarted",
        color: "gray",
        position: "a9",
        createdAt: now(),
      }),
      "CONFLICT",
    );
    expect(notice?.message).toBe("This project already has a status named “To do”.");
    expect(workflow(adminClient)).toHaveLength(6);
  });

  it("refuses to delete the last status of a category the board needs", async () => {
    const notice = await expectRefused(
      adminClient,
      m("deleteStatus", { id: "done", projectId, replacementId: "archived", updatedAt: now() }),
      "INVALID",
    );
    expect(notice?.message).toBe(
      "The board needs a status in Completed: add another before deleting “Done”.",
    );
    expect(workflow(adminClient)).toContain("completed:Done");
  });

  it("refuses a replacement that is not a status of the project", async () => {
    await expectRefused(
      adminClient,
      m("deleteStatus", { id: "in-review", projectId, replacementId: "nowhere", updatedAt: now() }),
      "INVALID",
    );
    expect(workflow(adminClient)).toContain("started:In review");
  });

  it("refuses a task in a status its project does not have", async () => {
    const id = newId("t");
    await adminClient.push(m("createTask", { id, projectId, title: "Here", createdAt: now() }));
    await expectRefused(
      adminClient,
      m("moveTask", { id, status: "nowhere", position: "a0", updatedAt: now() }),
      "INVALID",
    );
    await expectRefused(
      adminClient,
      m("createTask", {
        id: newId("t"),
        projectId,
        title: "X",
        status: "nowhere",
        createdAt: now(),
      }),
      "INVALID",
    );
    expect(task(adminClient, id).status).toBe("to-do");
  });
});

describe("a member", () => {
  it("may not add, change or delete a status; the workflow stays as it was", async () => {
    await memberClient.pull();
    const before = memberClient.values<Status>(prefixes.status(projectId));

    for (const mutation of [
      m("createStatus", {
        id: newId("s"),
        projectId,
        name: "Mine",
        category: "started",
        color: "red",
        position: "a9",
        createdAt: now(),
      }),
      m("updateStatus", { id: "to-do", projectId, name: "Open", updatedAt: now() }),
      m("deleteStatus", { id: "in-review", projectId, replacementId: "done", updatedAt: now() }),
    ]) {
      const notice = await expectRefused(memberClient, mutation, "FORBIDDEN");
      expect(notice?.message).toBe(
        "You are not allowed to change the statuses of projects in this workspace.",
      );
    }

    expect(memberClient.values<Status>(prefixes.status(projectId))).toEqual(before);
  });
});

describe("a status deleted while someone is offline", () => {
  it("a move into it made offline lands in the replacement; nothing is lost", async () => {
    const review = newId("s");
    const id = newId("t");
    await adminClient.push(
      m("createStatus", {
        id: review,
        projectId,
        name: "Design review",
        category: "started",
        color: "pink",
        position: "a5",
        createdAt: now(),
      }),
      m("createTask", { id, projectId, title: "Offline work", createdAt: now() }),
    );
    // The member's browser has the new status, then goes offline and moves the task into it.
    await memberClient.pull();
    const offline = [
      m("moveTask", { id, projectId, status: review, position: "a0", updatedAt: now() }),
      m("createTask", {
        id: newId("t"),
        projectId,
        title: "Made offline",
        status: review,
        createdAt: now(),
      }),
    ];

    // Meanwhile the admin deletes that status, its tasks going to Done.
    await adminClient.push(
      m("deleteStatus", { id: review, projectId, replacementId: "done", updatedAt: now() }),
    );
    // Back online: the member's changes arrive after the deletion, and none is refused.
    const notices = memberClient.values<Notice>("notice/");
    await memberClient.push(...offline);
    await memberClient.pull();

    expect(memberClient.values<Notice>("notice/")).toEqual(notices);
    expect(task(memberClient, id).status).toBe("done");
    expect(statusLines(memberClient, id)).toEqual(["to-do → done"]);
    expect(
      memberClient
        .values<Task>(prefixes.task(projectId))
        .filter((t) => t.title === "Made offline")
        .map((t) => t.status),
    ).toEqual(["done"]);
  });

  it("a move into a status whose replacement was deleted too lands in the last replacement", async () => {
    const [first, second] = [newId("s"), newId("s")];
    const id = newId("t");
    await adminClient.push(
      ...[first, second].map((statusId, index) =>
        m("createStatus", {
          id: statusId,
          projectId,
          name: `Step ${index}`,
          category: "started",
          color: "purple",
          position: `a${5 + index}`,
          createdAt: now(),
        }),
      ),
      m("createTask", { id, projectId, title: "Late", createdAt: now() }),
      m("deleteStatus", { id: first, projectId, replacementId: second, updatedAt: now() }),
      m("deleteStatus", { id: second, projectId, replacementId: "in-review", updatedAt: now() }),
    );

    await memberClient.push(
      m("moveTask", { id, projectId, status: first, position: "a0", updatedAt: now() }),
    );
    await memberClient.pull();

    expect(task(memberClient, id).status).toBe("in-review");
    expect(memberClient.get(statusKey(projectId, first))).toMatchObject({
      replacedBy: "in-review",
    });
  });

  it("a deleted task brought back after its status was deleted comes back in the replacement", async () => {
    const review = newId("s");
    const id = newId("t");
    await adminClient.push(
      m("createStatus", {
        id: review,
        projectId,
        name: "Legal review",
        category: "started",
        color: "purple",
        position: "a5",
        createdAt: now(),
      }),
      m("createTask", { id, projectId, title: "Terms", status: review, createdAt: now() }),
    );
    await adminClient.pull();
    const deleted = task(adminClient, id);
    await adminClient.push(
      m("deleteTask", { id, projectId }),
      m("deleteStatus", { id: review, projectId, replacementId: "in-review", updatedAt: now() }),
    );

    // Undo of the delete, from a browser that still thinks the task was in Legal review.
    const undoing = new SyncClient(server, admin);
    await undoing.push(
      m("restoreTask", { ...deleted, labelIds: [...deleted.labelIds], restoredAt: now() }),
    );
    await undoing.pull();

    expect(task(undoing, id)).toMatchObject({
      title: "Terms",
      number: deleted.number,
      status: "in-review",
    });
  });
});
