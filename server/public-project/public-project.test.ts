import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicProjectSchema } from "../../shared/public-project.ts";
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
let ownerClient: SyncClient;
let projectId: string;
let workspaceId: string;
const labelId = newId("l");

const getPublic = (id: string) => fetch(`${server.url}/api/public/projects/${id}`);
const notFound = { code: "NOT_FOUND", message: "Project not found" };

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUp(server, "Olivia Owner");
  const assignee = await signUp(server, "Mo Member");
  workspaceId = await createWorkspace(server, owner, "Acme");
  await addMember(server, owner, workspaceId, assignee);
  projectId = newId("p");
  ownerClient = new SyncClient(server, owner);
  await ownerClient.push(
    m("createProject", { id: projectId, workspaceId, name: "Web", key: "WEB", createdAt: now() }),
    m("createLabel", { id: labelId, workspaceId, name: "Bug", color: "red", createdAt: now() }),
    m("createTask", {
      id: newId("t"),
      projectId,
      title: "Ship the landing page",
      status: "in-progress",
      assigneeId: assignee.id,
      labelIds: [labelId],
      dueDate: "2030-01-31",
      createdAt: now(),
    }),
    m("createTask", { id: newId("t"), projectId, title: "Plan the launch", createdAt: now() }),
  );
}, SERVER_START_TIMEOUT);

afterAll(async () => {
  await server?.stop();
});

const setPublic = (isPublic: boolean) =>
  ownerClient.push(m("updateProject", { id: projectId, isPublic, updatedAt: now() }));

describe("the public project endpoint", () => {
  it("a private project answers 404, like a missing one", async () => {
    const response = await getPublic(projectId);

    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(notFound);
  });

  it("a missing project answers the same 404", async () => {
    const response = await getPublic("no-such-project");

    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(notFound);
  });

  it("a public project answers without a session, with its tasks, labels and assignee names", async () => {
    await setPublic(true);

    const response = await getPublic(projectId);

    expect(response.status).toBe(200);
    const body = publicProjectSchema.parse(await response.json());
    expect(body.project).toEqual({
      id: projectId,
      name: "Web",
      key: "WEB",
      icon: null,
      description: "",
    });
    expect(body.tasks.map((task) => task.title).sort()).toEqual([
      "Plan the launch",
      "Ship the landing page",
    ]);
    expect(body.tasks.find((task) => task.status === "in-progress")).toMatchObject({
      number: 1,
      assigneeName: "Mo Member",
      labelIds: [labelId],
      dueDate: "2030-01-31",
    });
    expect(body.labels).toEqual([{ id: labelId, name: "Bug", color: "red" }]);
  });

  it("a public project's statuses are its own workflow, in order, deleted ones left out", async () => {
    const shipped = newId("s");
    await setPublic(true);
    await ownerClient.push(
      m("createStatus", {
        id: shipped,
        projectId,
        name: "Shipped",
        category: "completed",
        color: "green",
        icon: "rocket",
        position: "a9",
        createdAt: now(),
      }),
      m("updateStatus", { id: "in-progress", projectId, name: "Building", updatedAt: now() }),
      m("deleteStatus", { id: "in-review", projectId, replacementId: shipped, updatedAt: now() }),
    );

    const body = publicProjectSchema.parse(await (await getPublic(projectId)).json());

    expect(body.statuses.map((status) => `${status.category}:${status.name}`)).toEqual([
      "backlog:Planned",
      "unstarted:To do",
      "started:Building",
      "completed:Done",
      "completed:Shipped",
      "canceled:Archived",
    ]);
    expect(body.statuses.find((status) => status.id === shipped)).toEqual({
      id: shipped,
      name: "Shipped",
      category: "completed",
      color: "green",
      icon: "rocket",
    });
  });

  it("a public project's labels are only those its tasks use, not the workspace's others", async () => {
    const unusedLabelId = newId("l");
    const privateLabelId = newId("l");
    const privateProjectId = newId("p");
    await ownerClient.push(
      m("createLabel", {
        id: unusedLabelId,
        workspaceId,
        name: "Unused",
        color: "green",
        createdAt: now(),
      }),
      m("createLabel", {
        id: privateLabelId,
        workspaceId,
        name: "Acquisition talks",
        color: "purple",
        createdAt: now(),
      }),
      m("createProject", {
        id: privateProjectId,
        workspaceId,
        name: "Secret",
        key: "SEC",
        createdAt: now(),
      }),
      m("createTask", {
        id: newId("t"),
        projectId: privateProjectId,
        title: "Due diligence",
        labelIds: [privateLabelId],
        createdAt: now(),
      }),
    );

    const response = await getPublic(projectId);

    const body = publicProjectSchema.parse(await response.json());
    expect(body.labels).toEqual([{ id: labelId, name: "Bug", color: "red" }]);
    expect(JSON.stringify(body)).not.toContain("Acquisition talks");
  });

  it("a public project's answer names no email address", async () => {
    const text = await (await getPublic(projectId)).text();

    expect(text).not.toContain("@");
  });

  it("a project made private again answers 404", async () => {
    await setPublic(false);

    const response = await getPublic(projectId);

    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(notFound);
  });
});
