import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
import { searchWords } from "./search-routes.ts";

/** The server half of search, for the tasks of projects a browser has not loaded. */

let server: TestServer;
let owner: TestUser;
let outsider: TestUser;
let workspaceId: string;
const web = newId("p");
const app = newId("p");
const footer = newId("t");
const beta = newId("t");

beforeAll(async () => {
  server = await startTestServer();
  [owner, outsider] = await Promise.all([signUp(server, "Owner"), signUp(server, "Outsider")]);
  workspaceId = await createWorkspace(server, owner, "Searchable");
  const task = (projectId: string, title: string, description = "") =>
    m("createTask", { id: newId("t"), projectId, title, description, createdAt: now() });
  await new SyncClient(server, owner).push(
    m("createProject", { id: web, workspaceId, name: "Website", key: "WEB", createdAt: now() }),
    m("createProject", { id: app, workspaceId, name: "App", key: "APP", createdAt: now() }),
    task(web, "Shipping page redesign"),
    m("createTask", {
      id: footer,
      projectId: web,
      title: "Footer links",
      description: "Ship the new footer with the café menu",
      createdAt: now(),
    }),
    m("createTask", { id: beta, projectId: app, title: "Ship the beta", createdAt: now() }),
    task(app, "Fix 100% width_bug"),
    m("addComment", {
      id: newId("c"),
      taskId: footer,
      body: "The Llama logo goes left",
      createdAt: new Date(Date.now() - 60_000).toISOString(),
    }),
    m("addComment", {
      id: newId("c"),
      taskId: beta,
      body: "Testers love the llama",
      createdAt: now(),
    }),
  );
}, SERVER_START_TIMEOUT);

afterAll(async () => {
  await server?.stop();
});

async function search(query: Record<string, string>, user: TestUser | null = owner) {
  const params = new URLSearchParams(query);
  const response = await fetch(
    `${server.url}/api/workspaces/${workspaceId}/search?${params.toString()}`,
    { headers: user ? { Cookie: user.cookie } : {} },
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const titles = (body: Record<string, unknown>) =>
  (body.tasks as { title: string }[]).map((task) => task.title);

describe("GET /api/workspaces/:id/search", () => {
  it("finds the tasks every word of the query begins a word of, title matches first", async () => {
    const { status, body } = await search({ q: "ship" });
    expect(status).toBe(200);
    expect(body.total).toBe(3);
    expect(titles(body).slice(0, 2).sort()).toEqual(["Ship the beta", "Shipping page redesign"]);
    expect(titles(body)[2]).toBe("Footer links");
    expect(body.tasks).toContainEqual(
      expect.objectContaining({ key: "APP-1", projectId: app, title: "Ship the beta" }),
    );
    // "hip" begins no word.
    expect((await search({ q: "hip" })).body.total).toBe(0);
    expect(titles((await search({ q: "ship beta" })).body)).toEqual(["Ship the beta"]);
  });

  it("leaves out the projects the browser already searches itself", async () => {
    const { body } = await search({ q: "ship", exclude: web });
    expect(titles(body)).toEqual(["Ship the beta"]);
  });

  it("finds the comments every word begins a word of, newest first, with their task", async () => {
    const { body } = await search({ q: "llama" });
    const comments = body.comments as { total: number; hits: Record<string, unknown>[] };
    expect(comments.total).toBe(2);
    expect(comments.hits.map((hit) => hit.body)).toEqual([
      "Testers love the llama",
      "The Llama logo goes left",
    ]);
    expect(comments.hits[0]).toMatchObject({ taskId: beta, projectId: app, key: "APP-1" });
    expect(comments.hits[1]).toMatchObject({ key: "WEB-2", title: "Footer links" });
    expect((await search({ q: "llama logo" })).body.comments).toMatchObject({ total: 1 });
  });

  it("leaves out the comments the browser holds: of the tasks whose history it has, else of the projects it has", async () => {
    const held = (query: Record<string, string>) =>
      search(query).then(({ body }) =>
        (body.comments as { hits: { taskId: string }[] }).hits.map((hit) => hit.taskId),
      );
    expect(await held({ q: "llama", exclude: web })).toEqual([beta]);
    expect(await held({ q: "llama", exclude: web, histories: beta })).toEqual([footer]);
    expect(await held({ q: "llama", exclude: `${web},${app}`, histories: "" })).toEqual([
      beta,
      footer,
    ]);
    expect((await search({ q: "llama", histories: "bad id!" })).status).toBe(400);
  });

  it("matches task keys, accents folded, and symbols literally", async () => {
    expect(titles((await search({ q: "web-2" })).body)).toEqual(["Footer links"]);
    expect(titles((await search({ q: "cafe" })).body)).toEqual(["Footer links"]);
    expect(titles((await search({ q: "Café" })).body)).toEqual(["Footer links"]);
    expect((await search({ q: "100% width_bug" })).body.total).toBe(1);
    expect((await search({ q: ".*" })).status).toBe(400);
  });

  it("answers 401 without a session, 404 outside the workspace, 400 for a bad query", async () => {
    expect((await search({ q: "ship" }, null)).status).toBe(401);
    const foreign = await search({ q: "ship" }, outsider);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: "NOT_FOUND" });
    for (const query of [
      {} as Record<string, string>,
      { q: "" },
      { q: "x".repeat(201) },
      { q: "a b c d e f g h i" },
    ]) {
      const { status, body } = await search(query);
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: "VALIDATION_ERROR" });
    }
    expect((await search({ q: "ship", exclude: "bad id!" })).status).toBe(400);
  });

  it("splits a query into folded words, keeping a task key whole", () => {
    expect(searchWords("  Ship WEB-12 café, café ")).toEqual(["ship", "web-12", "cafe"]);
  });
});
