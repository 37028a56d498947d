/**
 * The row locks of pushes that run at the same time (push.ts, server/db/row-locks.ts `lockRows`),
 * on real Postgres: PGlite has one connection, so nothing there runs beside anything else.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { taskStoreKey } from "../../shared/keys.ts";
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
import * as projectRows from "./rows/project-rows.ts";

describe.skipIf(!process.env.DATABASE_URL)("pushes into one project at the same time", () => {
  let server: TestServer;
  let owner: TestUser;
  let projectId: string;
  let taskId: string;

  beforeAll(async () => {
    server = await startTestServer();
    owner = await signUp(server, "Olivia Owner");
    const workspaceId = await createWorkspace(server, owner, "Acme");
    projectId = newId("p");
    taskId = newId("t");
    await new SyncClient(server, owner).push(
      m("createProject", { id: projectId, workspaceId, name: "Web", key: "WEB", createdAt: now() }),
      m("createTask", { id: taskId, projectId, title: "Ship it", createdAt: now() }),
    );
  }, SERVER_START_TIMEOUT);

  afterAll(async () => {
    await server?.stop();
  });

  it("a batch that edits a task twice is not held up by a task being created in its project", async () => {
    // A push creating a task holds its project's lock until it commits, and a batch locks
    // the project before its tasks. The edits' batch needs the project only for Postgres'
    // foreign-key check on the task's second update: were the lock `for update`, the
    // edits would wait here (and, the creating batch also waiting for the edited task,
    // deadlock: what two instances under `npm run load -- --rate 3` did by the hundred).
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const creating = server.db.sql.begin(async (tx) => {
      const project = await projectRows.lockProject(tx, projectId, owner.id);
      locked();
      await released;
      return project;
    });
    await isLocked;

    const editor = new SyncClient(server, owner);
    const edits = editor
      .push(
        m("updateTask", { id: taskId, projectId, status: "in-progress", updatedAt: now() }),
        m("updateTask", { id: taskId, projectId, title: "Ship it today", updatedAt: now() }),
      )
      .then(() => "pushed" as const);
    const outcome = await Promise.race([
      edits,
      new Promise<"still waiting">((resolve) => setTimeout(() => resolve("still waiting"), 3000)),
    ]);
    release();
    await creating;
    await edits;

    expect(outcome).toBe("pushed");
    await editor.pull();
    expect(editor.get(taskStoreKey(projectId, taskId))).toMatchObject({
      status: "in-progress",
      title: "Ship it today",
    });
  });
});
