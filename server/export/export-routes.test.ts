import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  SERVER_START_TIMEOUT,
  SyncClient,
  addMember,
  createWorkspace,
  m,
  newId,
  signUp,
  type TestUser,
} from "../test/sync-client.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";

/** A project's comments for its export: every one, whatever the browser's store holds. */

let server: TestServer;
let owner: TestUser;
let member: TestUser;
let outsider: TestUser;
const projectId = newId("p");
const otherProjectId = newId("p");
const first = newId("t");
const second = newId("t");

beforeAll(async () => {
  server = await startTestServer();
  [owner, member, outsider] = await Promise.all([
    signUp(server, "Owner"),
    signUp(server, "Member"),
    signUp(server, "Outsider"),
  ]);
  const workspaceId = await createWorkspace(server, owner, "Exported");
  await addMember(server, owner, workspaceId, member);
  const at = (minute: number) => `2026-11-27T10:0${minute}:00.000Z`;
  await new SyncClient(server, owner).push(
    m("createProject", { id: projectId, workspaceId, name: "Web", key: "WEB", createdAt: at(0) }),
    m("createProject", {
      id: otherProjectId,
      workspaceId,
      name: "App",
      key: "APP",
      createdAt: at(0),
    }),
    m("createTask", { id: first, projectId, title: "First", createdAt: at(1) }),
    m("createTask", { id: second, projectId, title: "Second", createdAt: at(1) }),
    m("createTask", {
      id: "elsewhere",
      projectId: otherProjectId,
      title: "Else",
      createdAt: at(1),
    }),
    m("addComment", { id: newId("c"), taskId: second, body: "Later", createdAt: at(3) }),
    m("addComment", { id: newId("c"), taskId: first, body: "Sooner", createdAt: at(2) }),
    m("addComment", { id: newId("c"), taskId: "elsewhere", body: "Not here", createdAt: at(2) }),
  );
}, SERVER_START_TIMEOUT);

afterAll(async () => {
  await server?.stop();
});

const comments = (user: TestUser | null, id = projectId) =>
  fetch(`${server.url}/api/projects/${encodeURIComponent(id)}/comments`, {
    headers: user ? { Cookie: user.cookie } : {},
  });

describe("GET /api/projects/:id/comments", () => {
  it("gives a member every comment of the project's tasks, oldest first", async () => {
    const response = await comments(member);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { comments: Record<string, unknown>[] };
    expect(body.comments.map((comment) => [comment.taskId, comment.body])).toEqual([
      [first, "Sooner"],
      [second, "Later"],
    ]);
    expect(body.comments[0]).toMatchObject({
      authorId: owner.id,
      createdAt: "2026-11-27T10:02:00.000Z",
    });
  });

  it("answers 401 without a session, and 404 outside the workspace or for no such project", async () => {
    expect((await comments(null)).status).toBe(401);
    const foreign = await comments(outsider);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ code: "NOT_FOUND" });
    expect((await comments(member, "no-such-project")).status).toBe(404);
    expect((await comments(member, "bad id!")).status).toBe(404);
  });
});
