import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Notice } from "../../../shared/entities.ts";
import { commentKey, labelKey, projectKey, taskStoreKey } from "../../../shared/keys.ts";
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
 * The role table of SPEC.md section 6 and DESIGN.md's label and comment rules, one behaviour
 * per test: what a member may not do is refused, absent after the next pull and explained by
 * a notice; what they may do arrives.
 */

let server: TestServer;
let owner: TestUser;
let admin: TestUser;
let member: TestUser;
let outsider: TestUser;
let workspaceId: string;

let ownerClient: SyncClient;
let memberClient: SyncClient;
let projectId: string;
let taskId: string;
let labelId: string;
let ownerCommentId: string;

beforeAll(async () => {
  server = await startTestServer();
  [owner, admin, member, outsider] = await Promise.all([
    signUp(server, "Owner"),
    signUp(server, "Admin"),
    signUp(server, "Member"),
    signUp(server, "Outsider"),
  ]);
  workspaceId = await createWorkspace(server, owner, "Roles");
  await addMember(server, owner, workspaceId, admin, "admin");
  await addMember(server, owner, workspaceId, member, "member");
}, SERVER_START_TIMEOUT);

afterAll(async () => {
  await server?.stop();
});

/** Fresh rows for every test: a project, a task, a label and a comment of the owner. */
beforeEach(async () => {
  ownerClient = new SyncClient(server, owner);
  memberClient = new SyncClient(server, member);
  projectId = newId("p");
  taskId = newId("t");
  labelId = newId("l");
  ownerCommentId = newId("c");
  await ownerClient.push(
    m("createProject", {
      id: projectId,
      workspaceId,
      name: "Project",
      key: `P${Math.floor(Math.random() * 1e6)}`,
      createdAt: now(),
    }),
    m("createTask", { id: taskId, projectId, title: "Task", createdAt: now() }),
    m("createLabel", { id: labelId, workspaceId, name: "Bug", color: "red", createdAt: now() }),
    m("addComment", { id: ownerCommentId, taskId, body: "Owner's words", createdAt: now() }),
  );
  await memberClient.pull();
});

async function expectRefused(client: SyncClient, mutation: Mutation, code: Notice["code"]) {
  await client.pull();
  const before = client.values<Notice>("notice/").length;
  await client.push(mutation);
  const response = await client.pull();
  expect(response.lastMutationIDChanges[client.clientID]).toBe(client.lastMutationID);
  const notices = client.values<Notice>("notice/");
  expect(notices).toHaveLength(before + 1);
  expect(notices).toContainEqual(
    expect.objectContaining({ mutationName: mutation.name, code, message: expect.any(String) }),
  );
}

describe("projects", () => {
  it("a member may create a project", async () => {
    const id = newId("p");

    await memberClient.push(
      m("createProject", { id, workspaceId, name: "Mine", key: "MINE", createdAt: now() }),
    );
    await memberClient.pull();

    expect(memberClient.get(projectKey(workspaceId, id))).toMatchObject({ name: "Mine" });
  });

  it("a member may not rename a project; the old name stays", async () => {
    await expectRefused(
      memberClient,
      m("updateProject", { id: projectId, name: "Renamed", updatedAt: now() }),
      "FORBIDDEN",
    );
    expect(memberClient.get(projectKey(workspaceId, projectId))).toMatchObject({ name: "Project" });
  });

  it("a member may not delete a project; it stays", async () => {
    await expectRefused(memberClient, m("deleteProject", { id: projectId }), "FORBIDDEN");
    expect(memberClient.get(projectKey(workspaceId, projectId))).toBeDefined();
    expect(memberClient.get(taskStoreKey(projectId, taskId))).toBeDefined();
  });

  it("a member may not make a project public", async () => {
    await expectRefused(
      memberClient,
      m("updateProject", { id: projectId, isPublic: true, updatedAt: now() }),
      "FORBIDDEN",
    );
    expect(memberClient.get(projectKey(workspaceId, projectId))).toMatchObject({ isPublic: false });
  });

  it("an admin may rename, share and delete a project", async () => {
    const adminClient = new SyncClient(server, admin);

    await adminClient.push(
      m("updateProject", { id: projectId, name: "Shared", isPublic: true, updatedAt: now() }),
    );
    await adminClient.pull();
    expect(adminClient.get(projectKey(workspaceId, projectId))).toMatchObject({
      name: "Shared",
      isPublic: true,
    });

    await adminClient.push(m("deleteProject", { id: projectId }));
    await adminClient.pull();
    expect(adminClient.get(projectKey(workspaceId, projectId))).toBeUndefined();
    expect(adminClient.keys(`task/${projectId}/`)).toEqual([]);
  });

  it("a second project with the same key in a workspace is refused as a conflict", async () => {
    const key = (memberClient.get(projectKey(workspaceId, projectId)) as { key: string }).key;

    await expectRefused(
      ownerClient,
      m("createProject", { id: newId("p"), workspaceId, name: "Twin", key, createdAt: now() }),
      "CONFLICT",
    );
  });
});

describe("tasks", () => {
  it("a member may create, edit and move a task", async () => {
    const id = newId("t");

    await memberClient.push(
      m("createTask", { id, projectId, title: "Member's task", createdAt: now() }),
      m("updateTask", {
        id: taskId,
        title: "Edited by member",
        labelIds: [labelId],
        updatedAt: now(),
      }),
      m("moveTask", { id: taskId, status: "done", position: "a5", updatedAt: now() }),
    );
    await memberClient.pull();

    expect(memberClient.get(taskStoreKey(projectId, id))).toMatchObject({ createdBy: member.id });
    expect(memberClient.get(taskStoreKey(projectId, taskId))).toMatchObject({
      title: "Edited by member",
      labelIds: [labelId],
      status: "done",
      position: "a5",
    });
  });

  it("a member may not delete a task; it comes back on the next pull", async () => {
    await expectRefused(memberClient, m("deleteTask", { id: taskId }), "FORBIDDEN");
    expect(memberClient.get(taskStoreKey(projectId, taskId))).toMatchObject({ title: "Task" });
  });

  it("a member may not assign a task", async () => {
    await expectRefused(
      memberClient,
      m("updateTask", { id: taskId, assigneeId: member.id, updatedAt: now() }),
      "FORBIDDEN",
    );
    expect(memberClient.get(taskStoreKey(projectId, taskId))).toMatchObject({ assigneeId: null });
  });

  it("a member may not create a task with an assignee", async () => {
    const id = newId("t");
    await expectRefused(
      memberClient,
      m("createTask", { id, projectId, title: "Assigned", assigneeId: owner.id, createdAt: now() }),
      "FORBIDDEN",
    );
    expect(memberClient.get(taskStoreKey(projectId, id))).toBeUndefined();
  });

  it("a member's edit that leaves the assignee as it was is not an assignment", async () => {
    await ownerClient.push(
      m("updateTask", { id: taskId, assigneeId: member.id, updatedAt: now() }),
    );

    await memberClient.push(
      m("updateTask", {
        id: taskId,
        assigneeId: member.id,
        title: "Same person",
        updatedAt: now(),
      }),
    );
    await memberClient.pull();

    expect(memberClient.get(taskStoreKey(projectId, taskId))).toMatchObject({
      title: "Same person",
      assigneeId: member.id,
    });
  });

  it("an owner may assign and delete a task; an assignee outside the workspace is refused", async () => {
    await ownerClient.push(
      m("updateTask", { id: taskId, assigneeId: member.id, updatedAt: now() }),
    );
    await ownerClient.pull();
    expect(ownerClient.get(taskStoreKey(projectId, taskId))).toMatchObject({
      assigneeId: member.id,
    });

    await expectRefused(
      ownerClient,
      m("updateTask", { id: taskId, assigneeId: outsider.id, updatedAt: now() }),
      "INVALID",
    );

    await ownerClient.push(m("deleteTask", { id: taskId }));
    await ownerClient.pull();
    expect(ownerClient.get(taskStoreKey(projectId, taskId))).toBeUndefined();
  });
});

describe("labels", () => {
  it("a member may create a label", async () => {
    const id = newId("l");

    await memberClient.push(
      m("createLabel", { id, workspaceId, name: "Idea", color: "green", createdAt: now() }),
    );
    await memberClient.pull();

    expect(memberClient.get(labelKey(workspaceId, id))).toMatchObject({ name: "Idea" });
  });

  it("a member may not edit a label", async () => {
    await expectRefused(
      memberClient,
      m("updateLabel", { id: labelId, name: "Feature", updatedAt: now() }),
      "FORBIDDEN",
    );
    expect(memberClient.get(labelKey(workspaceId, labelId))).toMatchObject({ name: "Bug" });
  });

  it("a member may not delete a label", async () => {
    await expectRefused(memberClient, m("deleteLabel", { id: labelId }), "FORBIDDEN");
    expect(memberClient.get(labelKey(workspaceId, labelId))).toBeDefined();
  });

  it("an admin's deleted label leaves the tasks that had it", async () => {
    await ownerClient.push(m("updateTask", { id: taskId, labelIds: [labelId], updatedAt: now() }));
    await memberClient.pull();
    expect(memberClient.get(taskStoreKey(projectId, taskId))).toMatchObject({
      labelIds: [labelId],
    });

    await new SyncClient(server, admin).push(m("deleteLabel", { id: labelId }));
    await memberClient.pull();

    expect(memberClient.get(labelKey(workspaceId, labelId))).toBeUndefined();
    expect(memberClient.get(taskStoreKey(projectId, taskId))).toMatchObject({ labelIds: [] });
  });
});

describe("comments", () => {
  it("a member may comment, and edit and delete their own comment", async () => {
    const id = newId("c");

    await memberClient.push(m("addComment", { id, taskId, body: "First", createdAt: now() }));
    await memberClient.push(m("updateComment", { id, body: "Second", updatedAt: now() }));
    await memberClient.pull();
    expect(memberClient.get(commentKey(taskId, id))).toMatchObject({
      body: "Second",
      authorId: member.id,
    });

    await memberClient.push(m("deleteComment", { id }));
    await memberClient.pull();
    expect(memberClient.get(commentKey(taskId, id))).toBeUndefined();
  });

  it("nobody may edit another person's comment, not even the owner", async () => {
    const id = newId("c");
    await memberClient.push(m("addComment", { id, taskId, body: "Member's", createdAt: now() }));

    await expectRefused(
      memberClient,
      m("updateComment", { id: ownerCommentId, body: "Hijacked", updatedAt: now() }),
      "FORBIDDEN",
    );
    await expectRefused(
      ownerClient,
      m("updateComment", { id, body: "Owner rewrote it", updatedAt: now() }),
      "FORBIDDEN",
    );
    expect(memberClient.get(commentKey(taskId, ownerCommentId))).toMatchObject({
      body: "Owner's words",
    });
    expect(ownerClient.get(commentKey(taskId, id))).toMatchObject({ body: "Member's" });
  });

  it("a member may not delete another person's comment", async () => {
    await expectRefused(memberClient, m("deleteComment", { id: ownerCommentId }), "FORBIDDEN");
    expect(memberClient.get(commentKey(taskId, ownerCommentId))).toBeDefined();
  });

  it("an admin may delete anyone's comment", async () => {
    const adminClient = new SyncClient(server, admin);

    await adminClient.push(m("deleteComment", { id: ownerCommentId }));
    await memberClient.pull();

    expect(memberClient.get(commentKey(taskId, ownerCommentId))).toBeUndefined();
  });
});

describe("people outside the workspace", () => {
  it("cannot change anything in it, and learn nothing of what exists", async () => {
    const client = new SyncClient(server, outsider);

    await expectRefused(
      client,
      m("updateTask", { id: taskId, title: "Outsider", updatedAt: now() }),
      "NOT_FOUND",
    );
    await expectRefused(
      client,
      m("updateTask", { id: newId("t"), title: "x", updatedAt: now() }),
      "NOT_FOUND",
    );
    await expectRefused(
      client,
      m("createProject", {
        id: newId("p"),
        workspaceId,
        name: "Intruder",
        key: "INTR",
        createdAt: now(),
      }),
      "NOT_FOUND",
    );

    await ownerClient.pull();
    expect(ownerClient.get(taskStoreKey(projectId, taskId))).toMatchObject({ title: "Task" });
    expect(client.keys("task/")).toEqual([]);
  });
});
