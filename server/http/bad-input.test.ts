import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { SCHEMA_VERSION } from "../../shared/schema-version.ts";
import {
  SERVER_START_TIMEOUT,
  SyncClient,
  createWorkspace,
  m,
  newId,
  now,
  post,
  signUp,
  type TestUser,
} from "../test/sync-client.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";
import {
  mutatorNames,
  type MutatorArgs,
  type MutatorName,
} from "../../shared/mutators/mutators.ts";

/**
 * Whatever a client sends, the server answers it: a 4xx with the JSON `{ code, message }` of
 * every API error, never a 500. Each request below used to reach Postgres (a NUL byte, an
 * integer out of range) or the code (wrong types, nesting) with nothing to stop it.
 */

let server: TestServer;
let user: TestUser;
let workspaceId: string;
let projectId: string;
let client: SyncClient;

beforeAll(async () => {
  server = await startTestServer();
  user = await signUp(server, "Fuzzer");
  workspaceId = await createWorkspace(server, user, "Fuzz");
  projectId = newId("p");
  client = new SyncClient(server, user);
  await client.push(
    m("createProject", { id: projectId, workspaceId, name: "P", key: "FUZZ", createdAt: now() }),
  );
}, SERVER_START_TIMEOUT);

afterAll(async () => {
  await server?.stop();
});

const NUL = "\u0000";
const huge = "x".repeat(50_000);
/** Long, yet within what an HTTP server accepts in a URL (Node: 16 KB of headers). */
const long = "x".repeat(5_000);
/** JSON nested this deep, as text (JSON.stringify cannot write it). */
const deepJson = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
/** A JSON body with `field` set to JSON text nested 5,000 deep. */
const withDeep = (body: Record<string, unknown>, field: string) =>
  JSON.stringify({ ...body, [field]: "DEEP" }).replace('"DEEP"', deepJson(5_000));
/** The same, as query string values (percent-encoded). */
const badQueryValues = ["%00", "a%00b", "%07", "%ED%A0%80", "%FF", long, "x&organizationId=y"];
/** Stand-ins for an id or a string field: every wrong type and shape. */
const badStrings: unknown[] = [
  NUL,
  `a${NUL}b`,
  "\u0007",
  "\ud800",
  huge,
  7,
  1e308,
  true,
  [],
  ["a"],
  {},
  null,
];

type Request = { method: "GET" | "POST"; path: string; body?: unknown; signedIn?: boolean };

async function send({ method, path, body, signedIn = true }: Request): Promise<Response> {
  if (method === "POST") return post(server, path, body, signedIn ? user : undefined);
  return fetch(`${server.url}${path}`, { headers: signedIn ? { Cookie: user.cookie } : {} });
}

/**
 * Sends each request and expects an answer below 500, with a JSON `{ code, message }` body if
 * it is an error. Lists every request that fails either, so one run shows them all.
 */
async function expectNo500(requests: Request[]) {
  const failures = await Promise.all(
    requests.map(async (request) => {
      const response = await send(request);
      const text = await response.text();
      const ok = response.status < 500 && (response.status < 400 || isApiError(text));
      const body = typeof request.body === "string" ? request.body : JSON.stringify(request.body);
      return ok
        ? null
        : `${request.method} ${request.path} ${body?.slice(0, 120)} → ${response.status} ${text.slice(0, 200)}`;
    }),
  );
  expect(failures.filter((failure) => failure !== null)).toEqual([]);
}

function isApiError(text: string): boolean {
  try {
    const body: unknown = JSON.parse(text);
    return (
      typeof body === "object" &&
      body !== null &&
      "code" in body &&
      typeof body.code === "string" &&
      "message" in body &&
      typeof body.message === "string"
    );
  } catch {
    return false;
  }
}

const pushBody = (overrides: Record<string, unknown>) => ({
  pushVersion: 1,
  clientGroupID: client.clientGroupID,
  mutations: [],
  profileID: "fuzz",
  schemaVersion: SCHEMA_VERSION,
  ...overrides,
});

const mutation = (overrides: Record<string, unknown>) => ({
  clientID: newId("c"),
  id: 1,
  name: "createTask",
  args: { id: newId("t"), projectId, title: "t", createdAt: now() },
  timestamp: Date.now(),
  ...overrides,
});

const pullBody = (overrides: Record<string, unknown>) => ({
  pullVersion: 1,
  clientGroupID: client.clientGroupID,
  cookie: null,
  profileID: "fuzz",
  schemaVersion: SCHEMA_VERSION,
  ...overrides,
});

describe("no input makes the server answer 500", () => {
  it("push: bad ids, ids out of range, wrong types, huge and deep values", async () => {
    const push = (body: unknown): Request => ({
      method: "POST",
      path: "/api/replicache/push",
      body,
    });
    await expectNo500([
      ...badStrings.map((value) => push(pushBody({ clientGroupID: value }))),
      ...badStrings.map((value) => push(pushBody({ profileID: value }))),
      ...badStrings.map((value) => push(pushBody({ mutations: [mutation({ clientID: value })] }))),
      ...badStrings.map((value) => push(pushBody({ mutations: [mutation({ name: value })] }))),
      ...[3e9, 1e308, -1, 0, 1.5, "1", null, []].map((id) =>
        push(pushBody({ mutations: [mutation({ id })] })),
      ),
      ...[NUL, `${NUL}x`, huge, 7, [], {}].map((id) =>
        push(
          pushBody({
            mutations: [mutation({ args: { id, projectId, title: "t", createdAt: now() } })],
          }),
        ),
      ),
      push(
        pushBody({
          mutations: [
            mutation({ args: { id: newId("t"), projectId, title: `a${NUL}`, createdAt: now() } }),
          ],
        }),
      ),
      push(withDeep(pushBody({ mutations: [] }), "mutations")),
      push(pushBody({ mutations: [mutation({ args: huge })] })),
      push(pushBody({ mutations: [mutation({ timestamp: "now" })] })),
      push(pushBody({ mutations: "all of them" })),
      push(pushBody({ mutations: [1, "2", null] })),
      push(pushBody({ pushVersion: 1e308 })),
      push(deepJson(5_000)),
      push(
        `{"pushVersion":1,"clientGroupID":"g","mutations":[],"profileID":"p","schemaVersion":"${SCHEMA_VERSION}","x":NaN}`,
      ),
      push(`{"pushVersion":1e999}`),
      push([pushBody({})]),
      push("null"),
    ]);
  });

  it("pull: bad ids, cookies out of range or of the wrong shape", async () => {
    const pull = (body: unknown): Request => ({
      method: "POST",
      path: "/api/replicache/pull",
      body,
    });
    const cookies: unknown[] = [
      { order: 3e9, cvrId: "x" },
      { order: 1e308, cvrId: "x" },
      { order: "9999999999", cvrId: "x" },
      { order: -1, cvrId: "x" },
      { order: 1.5, cvrId: "x" },
      { order: 1, cvrId: NUL },
      { order: 1, cvrId: huge },
      { order: 1, cvrId: 7 },
      { order: {} },
      3e9,
      "9999999999",
      `1${NUL}`,
      [],
      {},
    ];
    await expectNo500([
      ...badStrings.map((value) => pull(pullBody({ clientGroupID: value }))),
      ...badStrings.map((value) => pull(pullBody({ profileID: value }))),
      ...cookies.map((cookie) => pull(pullBody({ cookie }))),
      pull(pullBody({ pullVersion: "1" })),
      pull(`{"pullVersion":1,"cookie":{"order":1e999}}`),
      pull(withDeep(pullBody({}), "cookie")),
      pull(deepJson(5_000)),
    ]);
  });

  it("poke, config, health and the public project page", async () => {
    const get = (path: string, signedIn = false): Request => ({ method: "GET", path, signedIn });
    await expectNo500([
      ...badQueryValues.map((value) => get(`/api/public/projects/${value}`)),
      get("/api/replicache/poke?x=%00"),
      get("/api/config?x=%00&y[]=1"),
      get("/api/health?%00=%00"),
      get("/api/public/projects/%00"),
      get("/api/public/projects/a%00b"),
      get(`/api/public/projects/${"p".repeat(5_000)}`),
      get("/api/public/projects/%E2%80%AE"),
      get("/api/public/projects/%FF"),
      get("/api/public/projects/%"),
      get(`/api/public/projects/${projectId}?x=%00`),
      get("/api/dev/outbox?to=%00"),
      get("/api/dev/outbox?to[a]=b"),
    ]);
  });

  it("organization endpoints: NUL bytes, wrong types and nesting in every id field", async () => {
    const call = (path: string, body: unknown): Request => ({ method: "POST", path, body });
    const get = (path: string): Request => ({ method: "GET", path });
    const requests: Request[] = [];
    for (const value of badStrings) {
      requests.push(
        call("/api/auth/organization/set-active", { organizationId: value }),
        call("/api/auth/organization/invite-member", {
          organizationId: value,
          email: "someone@example.com",
          role: "member",
        }),
        call("/api/auth/organization/remove-member", {
          organizationId: workspaceId,
          memberIdOrEmail: value,
        }),
        call("/api/auth/organization/update-member-role", {
          organizationId: workspaceId,
          memberId: value,
          role: "admin",
        }),
        call("/api/auth/organization/accept-invitation", { invitationId: value }),
        call("/api/auth/organization/cancel-invitation", { invitationId: value }),
        call("/api/auth/organization/update", { organizationId: value, data: { name: "n" } }),
        call("/api/auth/organization/leave", { organizationId: value }),
        call("/api/auth/organization/check-slug", { slug: value }),
      );
    }
    for (const value of badQueryValues) {
      requests.push(
        get(`/api/auth/organization/get-full-organization?organizationId=${value}`),
        get(`/api/auth/organization/get-invitation?id=${value}`),
        get(`/api/auth/organization/list-members?organizationId=${value}`),
        get(`/api/auth/organization/get-active-member?organizationId=${value}`),
      );
    }
    requests.push(
      call("/api/auth/organization/create", { name: `a${NUL}`, slug: `s-${NUL}` }),
      call("/api/auth/organization/update", {
        organizationId: workspaceId,
        data: { name: `a${NUL}` },
      }),
      call("/api/auth/organization/set-active", deepJson(5_000)),
      call("/api/auth/organization/invite-member", withDeep({ email: "a@example.com" }, "role")),
      call("/api/auth/update-user", { name: `a${NUL}` }),
      call("/api/auth/sign-in/email", { email: `a${NUL}@example.com`, password: "x".repeat(10) }),
    );
    await expectNo500(requests);
  });

  it("a NUL byte in an organization id is the spec's validation error", async () => {
    const response = await post(
      server,
      "/api/auth/organization/set-active",
      { organizationId: `${workspaceId}${NUL}` },
      user,
    );

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: "VALIDATION_ERROR",
      message: "Invalid body parameters",
    });
  });
});

const at = "2026-12-02T10:00:00.000Z";

/** A well-formed call of every mutator (the ids need not exist: each variant below is refused first). */
const samples: { [N in MutatorName]: MutatorArgs[N] } = {
  createProject: {
    id: "p1",
    workspaceId: "w1",
    name: "P",
    key: "PQ",
    icon: "x",
    description: "d",
    createdAt: at,
  },
  updateProject: { id: "p1", name: "P", key: "PQ", icon: "x", description: "d", updatedAt: at },
  deleteProject: { id: "p1" },
  createTask: {
    id: "t1",
    projectId: "p1",
    title: "T",
    description: "d",
    status: "to-do",
    priority: "low",
    assigneeId: "u1",
    dueDate: "2026-12-24",
    labelIds: ["l1"],
    parentId: "t0",
    createdAt: at,
  },
  updateTask: {
    id: "t1",
    projectId: "p1",
    title: "T",
    description: "d",
    dueDate: "2026-12-24",
    labelIds: ["l1"],
    updatedAt: at,
  },
  editDescription: { id: "t1", projectId: "p1", update: "AAAA", updatedAt: at },
  moveTask: { id: "t1", projectId: "p1", status: "done", position: "a0", updatedAt: at },
  deleteTask: { id: "t1", projectId: "p1", subtasks: "detach", deletedAt: at },
  addRelation: {
    id: "r1",
    workspaceId: "w1",
    taskId: "t1",
    relatedTaskId: "t2",
    kind: "blocks",
    createdAt: at,
  },
  removeRelation: { id: "r1", workspaceId: "w1", removedAt: at },
  restoreTask: {
    id: "t1",
    projectId: "p1",
    number: 1,
    title: "T",
    description: "d",
    dueDate: "2026-12-24",
    createdBy: "u1",
    createdAt: at,
    restoredAt: at,
  },
  createStatus: {
    id: "s1",
    projectId: "p1",
    name: "S",
    category: "started",
    color: "blue",
    position: "a0",
    createdAt: at,
  },
  updateStatus: { id: "s1", projectId: "p1", name: "S", position: "a0", updatedAt: at },
  deleteStatus: { id: "s1", projectId: "p1", replacementId: "s2", updatedAt: at },
  createLabel: { id: "l1", workspaceId: "w1", name: "L", color: "red", createdAt: at },
  updateLabel: { id: "l1", name: "L", updatedAt: at },
  deleteLabel: { id: "l1" },
  addComment: { id: "c1", taskId: "t1", body: "b", createdAt: at },
  updateComment: { id: "c1", taskId: "t1", body: "b", updatedAt: at },
  deleteComment: { id: "c1", taskId: "t1" },
  addReaction: { commentId: "c1", taskId: "t1", emoji: "👍", createdAt: at },
  removeReaction: { commentId: "c1", taskId: "t1", emoji: "👍" },
  addAttachment: {
    id: "a1",
    taskId: "t1",
    name: "n.png",
    type: "image/png",
    size: 1,
    createdAt: at,
  },
  deleteAttachment: { id: "a1", taskId: "t1" },
  dismissNotice: { id: "n1" },
  subscribeToTask: { taskId: "t1", createdAt: at },
  unsubscribeFromTask: { taskId: "t1" },
  markNotificationRead: { id: "n1", readAt: at },
  markNotificationUnread: { id: "n1" },
  archiveNotification: { id: "n1", archivedAt: at },
  unarchiveNotification: { id: "n1" },
  markAllNotificationsRead: { workspaceId: "w1", readAt: at },
  updateNotificationSettings: { direct: "off", other: "off" },
};

const noticeSchema = z.object({ code: z.string(), message: z.string(), mutationName: z.string() });

type Variant = { name: MutatorName; field: string; args: Record<string, unknown> };

/** Each string field with a NUL in it, each date of the year 0 (which Postgres has not). */
function badVariants(name: MutatorName, args: Record<string, unknown>): Variant[] {
  const variants: Variant[] = [];
  for (const [field, value] of Object.entries(args)) {
    const bad = (replacement: unknown) =>
      variants.push({ name, field, args: { ...args, [field]: replacement } });
    if (typeof value === "string") {
      bad(`${value}${NUL}`);
      if (/^\d{4}-\d{2}-\d{2}/.test(value)) bad(value.replace(/^\d{4}/, "0000"));
    }
    if (Array.isArray(value)) bad([...value, `x${NUL}`]);
  }
  return variants;
}

describe("what Postgres would refuse is refused at the boundary, every time", () => {
  it("a NUL byte in any string and a date of the year 0, for every mutator: refused with a notice, and the client goes on", async () => {
    const variants = mutatorNames.flatMap((name) => badVariants(name, samples[name]));
    const person = new SyncClient(server, user);
    // At most NOTICES_KEPT_PER_USER notices are kept, so each round reads its own.
    for (let start = 0; start < variants.length; start += 8) {
      const round = variants.slice(start, start + 8);
      const goodIds = round.map(() => newId("t"));
      const before = new Set((await person.pull(), person.keys("notice/")));
      const mutations = round.flatMap((variant, index) => [
        { name: variant.name, args: variant.args },
        {
          name: "createTask",
          args: { id: goodIds[index], projectId, title: "after", createdAt: now() },
        },
      ]);
      const response = await person.pushRaw({
        ...person.pushBody([]),
        mutations: mutations.map(({ name, args }) => ({
          clientID: person.clientID,
          id: ++person.lastMutationID,
          name,
          args,
          timestamp: Date.now(),
        })),
      });

      expect(response.status, `${round.map((v) => `${v.name}.${v.field}`).join(", ")}`).toBe(200);
      const pulled = await person.pull();
      expect(pulled.lastMutationIDChanges[person.clientID]).toBe(person.lastMutationID);
      for (const id of goodIds) expect(person.keys(`task/${projectId}/${id}`)).toHaveLength(1);
      const notices = person
        .keys("notice/")
        .filter((key) => !before.has(key))
        .map((key) => noticeSchema.parse(person.get(key)));
      expect(notices.map((notice) => notice.mutationName).sort()).toEqual(
        round.map((variant) => variant.name).sort(),
      );
      for (const notice of notices) {
        expect(notice.code).toBe("INVALID");
        expect(notice.message).toMatch(/^The change had invalid values: .+\.$/);
      }
    }
  });

  it("a task id used twice is refused as a conflict every time, and a valid change behind it is applied", async () => {
    const person = new SyncClient(server, user);
    const taken = newId("t");
    await person.push(m("createTask", { id: taken, projectId, title: "first", createdAt: now() }));
    for (let attempt = 0; attempt < 20; attempt++) {
      const after = newId("t");
      const response = await person.pushRaw(
        person.pushBody(
          person.mutations(
            m("createTask", { id: taken, projectId, title: "again", createdAt: now() }),
            m("createTask", { id: after, projectId, title: "after", createdAt: now() }),
          ),
        ),
      );
      expect(response.status).toBe(200);
      const pulled = await person.pull();
      expect(pulled.lastMutationIDChanges[person.clientID]).toBe(person.lastMutationID);
      expect(person.keys(`task/${projectId}/${after}`)).toHaveLength(1);
    }
    expect(person.get(`task/${projectId}/${taken}`)).toMatchObject({ title: "first" });
  });

  it("a NUL byte in a title is named in the notice", async () => {
    const person = new SyncClient(server, user);
    await person.push(
      m("createTask", { id: newId("t"), projectId, title: `a${NUL}b`, createdAt: now() }),
    );
    await person.pull();
    const messages = person
      .keys("notice/")
      .map((key) => (person.get(key) as { message: string }).message);
    expect(messages).toContain(
      "The change had invalid values: the title has a character that cannot be stored.",
    );
  });
});
