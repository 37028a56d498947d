import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PRESENCE_EXPIRY_MS, type PresenceEntry } from "../../shared/presence.ts";
import { startServer, type RunningServer } from "../server.ts";
import { openPresenceTab, type PresenceTab } from "../test/presence-stream.ts";
import {
  SERVER_START_TIMEOUT,
  addMember,
  createWorkspace,
  newId,
  post,
  removeMember,
  signUp,
  type TestUser,
} from "../test/sync-client.ts";
import { startTestServer, testConfig, type TestServer } from "../test/test-server.ts";

/**
 * Presence across two server instances on one Postgres: a person reports through one and is
 * seen by a member whose stream is held by the other. With the embedded database (one process
 * only) both are the same instance.
 */

let first: TestServer;
let second: RunningServer | undefined;
/** The instance other than the one a report goes through. */
let other: { url: string };
let ada: TestUser;
let grace: TestUser;
let outsider: TestUser;
let workspaceId: string;
let outsiderWorkspaceId: string;
const tabs: PresenceTab[] = [];

const open = async (server: { url: string }, user: TestUser) => {
  const tab = await openPresenceTab(server, user);
  tabs.push(tab);
  return tab;
};

const projectId = newId("p");
const taskId = newId("t");
const of = (userId: string) => (entries: PresenceEntry[]) =>
  entries.filter((entry) => entry.userId === userId);
const present = (userId: string) => (entries: PresenceEntry[]) => of(userId)(entries).length > 0;
const absent = (userId: string) => (entries: PresenceEntry[]) => !present(userId)(entries);

beforeAll(async () => {
  first = await startTestServer();
  // Same database and data folder (so the same auth secret), another port.
  if (first.database.databaseUrl) second = await startServer(testConfig(first.database));
  other = second ?? first;
  [ada, grace, outsider] = await Promise.all([
    signUp(first, "Ada"),
    signUp(first, "Grace"),
    signUp(first, "Outsider"),
  ]);
  workspaceId = await createWorkspace(first, ada, "Analytical");
  await addMember(first, ada, workspaceId, grace);
  outsiderWorkspaceId = await createWorkspace(first, outsider, "Elsewhere");
}, SERVER_START_TIMEOUT);

// A session holds at most 10 streams per instance: each test closes the tabs it opened.
afterEach(() => {
  for (const tab of tabs.splice(0)) tab.close();
});

afterAll(async () => {
  await second?.close();
  await first?.stop();
});

describe("who sees whom", () => {
  it("a member sees another member's tab, reported through one instance, on the other, with what it carries", async () => {
    const gracesTab = await open(other, grace);
    const adasTab = await open(first, ada);
    const cursor = '{"anchor":"AQLc9b8BAA==","head":"AQLc9b8BAA==","note":"quotes \\" and é"}';

    const reported = await adasTab.report(
      { workspaceId, projectId, taskId, typing: "comment", cursor },
      first,
    );
    expect(reported.status).toBe(204);

    const entries = await gracesTab.until(workspaceId, present(ada.id));
    expect(of(ada.id)(entries)).toEqual([
      {
        userId: ada.id,
        name: "Ada",
        image: null,
        clientId: adasTab.clientId,
        projectId,
        taskId,
        typing: "comment",
        idle: false,
        cursor,
      },
    ]);
    // Ada's own stream hears the same list.
    await adasTab.until(workspaceId, present(ada.id));

    await adasTab.report({ workspaceId, projectId, taskId, typing: null, idle: true }, first);
    const later = await gracesTab.until(workspaceId, (list) =>
      of(ada.id)(list).some((entry) => entry.idle && entry.typing === null),
    );
    expect(of(ada.id)(later)[0]?.cursor).toBeNull();
    await adasTab.leave(first);
    await gracesTab.until(workspaceId, absent(ada.id));
  });

  it("a person outside the workspace receives nothing of it", async () => {
    const outsiderHere = await open(first, outsider);
    const outsiderThere = await open(other, outsider);
    const gracesTab = await open(first, grace);
    const adasTab = await open(other, ada);

    await adasTab.report({ workspaceId, projectId }, other);
    // By the time both instances have sent it to Grace, they have sent it to everyone.
    await gracesTab.until(workspaceId, present(ada.id));
    const graceThere = await open(other, grace);
    await graceThere.until(workspaceId, present(ada.id));

    expect(outsiderHere.received(workspaceId)).toEqual([]);
    expect(outsiderThere.received(workspaceId)).toEqual([]);
    await adasTab.leave();
  });

  it("a tab that opens its stream gets the lists of its workspaces at once", async () => {
    const adasTab = await open(first, ada);
    await adasTab.report({ workspaceId, projectId }, first);
    await adasTab.until(workspaceId, present(ada.id));

    const latecomer = await open(other, grace);

    await latecomer.until(workspaceId, present(ada.id));
    await adasTab.leave();
  });

  it("the same person in two tabs is two entries, one per tab", async () => {
    const gracesTab = await open(other, grace);
    const one = await open(first, ada);
    const two = await open(other, ada);

    await one.report({ workspaceId, projectId }, first);
    await two.report({ workspaceId, projectId, taskId }, other);

    const entries = await gracesTab.until(workspaceId, (list) => of(ada.id)(list).length === 2);
    expect(of(ada.id)(entries).map((entry) => entry.clientId)).toEqual(
      [one.clientId, two.clientId].sort(),
    );
    await one.leave();
    await two.leave();
    await gracesTab.until(workspaceId, absent(ada.id));
  });
});

describe("description edits relayed", () => {
  // A keystroke's Yjs update is a few dozen bytes of base64; the relay carries it opaque.
  const update = Buffer.from("a keystroke's update").toString("base64");
  const cursor = '{"anchor":{"item":{"client":1,"clock":4},"assoc":-1},"head":null}';

  it("an edit reaches at once the others' tabs on the task, through the other instance, with the cursor; no tab elsewhere", async () => {
    const adasTab = await open(first, ada);
    const gracesOnTask = await open(other, grace);
    const gracesOnBoard = await open(other, grace);
    const outsiderTab = await open(other, outsider);
    await adasTab.report({ workspaceId, projectId, taskId, cursor: "before" }, first);
    await gracesOnTask.report({ workspaceId, projectId, taskId }, other);
    await gracesOnBoard.report({ workspaceId, projectId }, other);
    // Both instances know where everyone is.
    await adasTab.until(workspaceId, (list) => of(grace.id)(list).length === 2);
    await gracesOnTask.until(workspaceId, present(ada.id));

    const relayed = await adasTab.edit({ workspaceId, taskId, update, cursor }, first);
    expect(relayed.status).toBe(204);

    expect(await gracesOnTask.untilEdit(update)).toEqual({
      workspaceId,
      taskId,
      userId: ada.id,
      clientId: adasTab.clientId,
      update,
      cursor,
    });
    // A list that goes out later, for Grace's change, carries the cursor Ada's edit brought
    // (a stream's events come in order: by this list every edit sent before it has arrived).
    await gracesOnTask.report({ workspaceId, projectId, taskId, typing: "comment" }, other);
    const later = await gracesOnBoard.until(workspaceId, (list) =>
      of(grace.id)(list).some((entry) => entry.typing === "comment"),
    );
    expect(of(ada.id)(later)[0]?.cursor).toBe(cursor);
    expect(gracesOnBoard.edits).toEqual([]);
    expect(adasTab.edits).toEqual([]);
    expect(outsiderTab.edits).toEqual([]);
  });

  it("an edit is refused without a session (401), outside the workspace (404), with a bad body (400) and in a flood (429)", async () => {
    const adasTab = await open(first, ada);
    const body = { workspaceId, taskId, update };
    const anonymous = await post(first, "/api/presence/edit", {
      ...body,
      clientId: adasTab.clientId,
    });
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).code).toBe("UNAUTHORIZED");

    const foreign = await adasTab.edit({ ...body, workspaceId: outsiderWorkspaceId });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ code: "NOT_FOUND", message: "No such workspace" });

    const bad: unknown[] = [
      { ...body, update: "not base64!" },
      { ...body, update: "" },
      { ...body, update: "A".repeat(4_004) },
      { ...body, taskId: "no id" },
      { ...body, taskId: undefined },
      { ...body, cursor: "c".repeat(1025) },
      { ...body, cursor: "a\u0000b" },
      { ...body, update: 12 },
    ];
    for (const edit of bad) {
      const response = await post(first, "/api/presence/edit", edit, ada);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        code: "VALIDATION_ERROR",
        message: "Invalid body parameters",
      });
    }

    const flooder = await signUp(first, "Typist");
    const floodWorkspace = await createWorkspace(first, flooder, "Typing");
    const statuses = await Promise.all(
      Array.from({ length: 120 }, () =>
        post(
          first,
          "/api/presence/edit",
          { workspaceId: floodWorkspace, clientId: newId("tab"), taskId, update },
          flooder,
        ).then((response) => response.status),
      ),
    );
    expect(statuses.filter((status) => status === 204).length).toBeGreaterThanOrEqual(60);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 204 || status === 429)).toBe(true);
  });
});

describe("leaving", () => {
  it("an entry whose heartbeats stop expires within 5 s of its last report", async () => {
    const gracesTab = await open(other, grace);
    // A report with no stream behind it: a tab that went offline, or a hidden one.
    const clientId = newId("tab");
    const reported = await post(
      first,
      "/api/presence",
      { workspaceId, clientId, idle: false },
      ada,
    );
    expect(reported.status).toBe(204);
    const reportedAt = Date.now();
    await gracesTab.until(workspaceId, present(ada.id));

    await gracesTab.until(workspaceId, absent(ada.id), 10_000);

    expect(Date.now() - reportedAt).toBeLessThan(5_000);
  });

  it("a tab whose stream closes leaves before its entry would expire", async () => {
    const gracesTab = await open(first, grace);
    const adasTab = await open(other, ada);
    await adasTab.report({ workspaceId, projectId }, first);
    const reportedAt = Date.now();
    await gracesTab.until(workspaceId, present(ada.id));

    adasTab.close();

    await gracesTab.until(workspaceId, absent(ada.id));
    expect(Date.now() - reportedAt).toBeLessThan(PRESENCE_EXPIRY_MS);
  });

  it("a tab that leaves is gone from everyone's list", async () => {
    const gracesTab = await open(other, grace);
    const adasTab = await open(first, ada);
    await adasTab.report({ workspaceId, projectId }, first);
    await gracesTab.until(workspaceId, present(ada.id));

    const left = await adasTab.leave(other);

    expect(left.status).toBe(204);
    await gracesTab.until(workspaceId, absent(ada.id), PRESENCE_EXPIRY_MS - 1_000);
  });

  it("a member removed from the workspace is gone from its list at once, and may report no more", async () => {
    const lin = await signUp(first, "Lin");
    await addMember(first, ada, workspaceId, lin);
    const gracesTab = await open(other, grace);
    const linsTab = await open(first, lin);
    await linsTab.report({ workspaceId, projectId }, first);
    await gracesTab.until(workspaceId, present(lin.id));

    await removeMember(first, ada, workspaceId, lin);

    await gracesTab.until(workspaceId, absent(lin.id), PRESENCE_EXPIRY_MS - 1_000);
    expect((await linsTab.report({ workspaceId, projectId }, other)).status).toBe(404);
  });

  it("signing out removes the tab's presence with its stream", async () => {
    const gracesTab = await open(first, grace);
    const laptop = await signInAgain(ada);
    const adasTab = await open(other, laptop);
    await adasTab.report({ workspaceId, projectId }, other);
    await gracesTab.until(workspaceId, present(ada.id));

    expect((await post(first, "/api/auth/sign-out", {}, laptop)).status).toBe(200);

    await gracesTab.until(workspaceId, absent(ada.id), 10_000);
  });
});

describe("refusals", () => {
  it("without a session a report is a 401", async () => {
    const response = await post(first, "/api/presence", {
      workspaceId,
      clientId: newId("tab"),
      idle: false,
    });

    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      code: "UNAUTHORIZED",
      message: "Sign in to share your presence",
    });
  });

  it("a report naming a workspace the person is not a member of, or none, is a 404", async () => {
    const gracesTab = await open(first, grace);
    const foreign = await post(
      first,
      "/api/presence",
      { workspaceId: outsiderWorkspaceId, clientId: gracesTab.clientId, idle: false },
      grace,
    );
    const missing = await post(
      first,
      "/api/presence",
      { workspaceId: "no-such-workspace", clientId: gracesTab.clientId, idle: false },
      grace,
    );

    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ code: "NOT_FOUND", message: "No such workspace" });
    expect(missing.status).toBe(404);
  });

  it("a report from another site (a foreign Origin) is a 403", async () => {
    const response = await fetch(`${first.url}/api/presence`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Origin: "https://evil.example",
        Cookie: ada.cookie,
      },
      body: JSON.stringify({ workspaceId, clientId: newId("tab"), idle: false }),
    });

    expect(response.status).toBe(403);
  });

  it("bad bodies are a 400 VALIDATION_ERROR, never a 500", async () => {
    const valid = { workspaceId, clientId: newId("tab"), idle: false };
    const bodies: unknown[] = [
      {},
      { ...valid, clientId: undefined },
      { ...valid, clientId: "not an id" },
      { ...valid, workspaceId: "\u0000" },
      { ...valid, workspaceId: 7 },
      { ...valid, projectId: "x".repeat(65) },
      { ...valid, taskId: ["t"] },
      { ...valid, idle: "no" },
      { ...valid, idle: undefined },
      { ...valid, typing: "description" },
      { ...valid, cursor: "c".repeat(1025) },
      { ...valid, cursor: "a\u0000b" },
      { ...valid, cursor: 12 },
      [valid],
      "null",
      "{not json",
    ];

    const answers = await Promise.all(
      bodies.map(async (body) => {
        const response = await post(first, "/api/presence", body, ada);
        return { status: response.status, body: await response.json() };
      }),
    );
    const leave = await post(first, "/api/presence/leave", { clientId: "\u0000" }, ada);

    for (const answer of answers) {
      expect(answer).toEqual({
        status: 400,
        body: { code: "VALIDATION_ERROR", message: "Invalid body parameters" },
      });
    }
    expect(leave.status).toBe(400);
  });

  it("a stream asked for with a tab id that is no id is a 400", async () => {
    const response = await fetch(`${first.url}/api/replicache/poke?tab=%00`, {
      headers: { Cookie: ada.cookie },
    });

    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe("VALIDATION_ERROR");
  });

  it("a session sending reports in a loop is slowed down with 429 RATE_LIMITED", async () => {
    const flooder = await signUp(first, "Flooder");
    const floodWorkspace = await createWorkspace(first, flooder, "Flood");
    const body = { workspaceId: floodWorkspace, clientId: newId("tab"), idle: false };

    const statuses = await Promise.all(
      Array.from({ length: 60 }, () =>
        post(first, "/api/presence", body, flooder).then((response) => response.status),
      ),
    );

    expect(statuses.filter((status) => status === 204).length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 204 || status === 429)).toBe(true);
  });
});

/** The same person signed in again: another device, another session. */
async function signInAgain(user: TestUser): Promise<TestUser> {
  const response = await post(first, "/api/auth/sign-in/email", {
    email: user.email,
    password: "correct horse battery",
  });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
  return { ...user, cookie };
}
