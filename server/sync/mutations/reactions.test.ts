import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Notice, Reaction, Task } from "../../../shared/entities.ts";
import { prefixes, reactionKey, taskStoreKey } from "../../../shared/keys.ts";
import {
  SERVER_START_TIMEOUT,
  SyncClient,
  addMember,
  createWorkspace,
  m,
  newId,
  now,
  restoreArgs,
  signUp,
  type Mutation,
  type TestUser,
} from "../../test/sync-client.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";

/**
 * Emoji reactions on comments (addReaction, removeReaction): whoever may comment reacts, once
 * per emoji on a comment; a person takes back only their own; a bad emoji or a role that may
 * not comment is refused with a notice, never a failed push; reactions go with their comment.
 */

let server: TestServer;
let owner: TestUser;
let member: TestUser;
let guest: TestUser;
let outsider: TestUser;
let workspaceId: string;

let ownerClient: SyncClient;
let memberClient: SyncClient;
let projectId: string;
let taskId: string;
let commentId: string;

beforeAll(async () => {
  server = await startTestServer();
  [owner, member, guest, outsider] = await Promise.all([
    signUp(server, "Owner"),
    signUp(server, "Member"),
    signUp(server, "Guest"),
    signUp(server, "Outsider"),
  ]);
  workspaceId = await createWorkspace(server, owner, "Reactions");
  await addMember(server, owner, workspaceId, member, "member");
  await addMember(server, owner, workspaceId, guest, "member");
  // A role the role table does not know grants nothing: it stands for a read-only guest, who
  // may not comment and so may not react.
  await server.db.sql`
    update member set role = 'guest'
    where "organizationId" = ${workspaceId} and "userId" = ${guest.id}`;
}, SERVER_START_TIMEOUT);

afterAll(async () => {
  await server?.stop();
});

beforeEach(async () => {
  ownerClient = new SyncClient(server, owner);
  memberClient = new SyncClient(server, member);
  projectId = newId("p");
  taskId = newId("t");
  commentId = newId("c");
  await ownerClient.push(
    m("createProject", {
      id: projectId,
      workspaceId,
      name: "Project",
      key: `R${Math.floor(Math.random() * 1e6)}`,
      createdAt: now(),
    }),
    m("createTask", { id: taskId, projectId, title: "Task", createdAt: now() }),
    m("addComment", { id: commentId, taskId, body: "Shipped", createdAt: now() }),
  );
});

const react = (emoji: string, comment = commentId) =>
  m("addReaction", { commentId: comment, taskId, emoji, createdAt: now() });
const unreact = (emoji: string, comment = commentId) =>
  m("removeReaction", { commentId: comment, taskId, emoji });

async function reactionRows(comment = commentId) {
  return server.db.sql<{ userId: string; emoji: string }[]>`
    select user_id as "userId", emoji from comment_reaction
    where comment_id = ${comment} order by created_at, user_id`;
}

/** Pushes the mutation and expects it refused with a notice of `code`; returns its message. */
async function expectRefused(client: SyncClient, mutation: Mutation, code: Notice["code"]) {
  await client.pull();
  const before = new Set(client.keys(prefixes.notice));
  await client.push(mutation);
  const response = await client.pull();
  expect(response.lastMutationIDChanges[client.clientID]).toBe(client.lastMutationID);
  const fresh = client
    .keys(prefixes.notice)
    .filter((key) => !before.has(key))
    .map((key) => client.get(key) as Notice);
  expect(fresh).toEqual([expect.objectContaining({ mutationName: mutation.name, code })]);
  return fresh[0]?.message;
}

describe("adding", () => {
  it("a member's reaction reaches everyone with the task's comments, named by person and emoji", async () => {
    const createdAt = "2030-02-01T09:30:00.000Z";
    await memberClient.push(m("addReaction", { commentId, taskId, emoji: "🎉", createdAt }));
    await ownerClient.pull();

    expect(ownerClient.get(reactionKey(taskId, commentId, member.id, "🎉"))).toEqual({
      taskId,
      commentId,
      userId: member.id,
      emoji: "🎉",
      createdAt,
    } satisfies Reaction);
  });

  it("one per person per emoji: the same reaction from two browsers is one row and one key", async () => {
    const otherBrowser = new SyncClient(server, member);
    await memberClient.push(react("👍"));
    await otherBrowser.push(react("👍"));
    await ownerClient.push(react("👍"), react("🚀"));

    expect(await reactionRows()).toEqual([
      { userId: member.id, emoji: "👍" },
      { userId: owner.id, emoji: "👍" },
      { userId: owner.id, emoji: "🚀" },
    ]);
    await otherBrowser.pull();
    expect(otherBrowser.keys(prefixes.reaction(taskId, commentId))).toHaveLength(3);
    expect(otherBrowser.keys(prefixes.notice)).toEqual([]);
  });

  it("adding a reaction that is there changes nothing: its first time stays", async () => {
    await memberClient.push(
      m("addReaction", { commentId, taskId, emoji: "👀", createdAt: "2030-01-01T00:00:00.000Z" }),
    );
    await memberClient.push(
      m("addReaction", { commentId, taskId, emoji: "👀", createdAt: "2030-06-01T00:00:00.000Z" }),
    );
    await memberClient.pull();

    expect(memberClient.values<Reaction>(prefixes.reaction(taskId))).toEqual([
      expect.objectContaining({ emoji: "👀", createdAt: "2030-01-01T00:00:00.000Z" }),
    ]);
    expect(memberClient.keys(prefixes.notice)).toEqual([]);
  });
});

describe("removing", () => {
  it("a person takes back their own reaction; the same emoji of others stays", async () => {
    await memberClient.push(react("👍"));
    await ownerClient.push(react("👍"));

    await ownerClient.push(unreact("👍"));

    expect(await reactionRows()).toEqual([{ userId: member.id, emoji: "👍" }]);
    await memberClient.pull();
    expect(memberClient.keys(prefixes.reaction(taskId))).toEqual([
      reactionKey(taskId, commentId, member.id, "👍"),
    ]);
  });

  it("removing a reaction that is not there changes nothing and refuses nothing", async () => {
    await memberClient.push(react("❤️"));

    await ownerClient.push(unreact("❤️"), unreact("😕", newId("c")));
    const response = await ownerClient.pull();

    expect(response.lastMutationIDChanges[ownerClient.clientID]).toBe(2 + 3);
    expect(ownerClient.keys(prefixes.notice)).toEqual([]);
    expect(await reactionRows()).toEqual([{ userId: member.id, emoji: "❤️" }]);
  });
});

describe("refusals", () => {
  it("a role that may not comment may not react: refused, and nothing is written", async () => {
    const message = await expectRefused(new SyncClient(server, guest), react("👍"), "FORBIDDEN");

    expect(message).toBe("You are not allowed to react to comments in this workspace.");
    expect(await reactionRows()).toEqual([]);
  });

  it("someone outside the workspace learns nothing: the comment is not found", async () => {
    await expectRefused(new SyncClient(server, outsider), react("👍"), "NOT_FOUND");

    expect(await reactionRows()).toEqual([]);
  });

  it("a person outside the workspace cannot take a member's reaction away", async () => {
    await memberClient.push(react("👍"));

    await new SyncClient(server, outsider).push(unreact("👍"));

    expect(await reactionRows()).toEqual([{ userId: member.id, emoji: "👍" }]);
  });

  it.each([
    ["text", "ok"],
    ["two emoji", "👍👍"],
    ["an empty string", ""],
    ["a slash", "/"],
    ["a long string", "🎉".repeat(17)],
  ])(
    "what is not one emoji (%s) is refused in words, and the push still succeeds",
    async (_, emoji) => {
      const message = await expectRefused(memberClient, react(emoji), "INVALID");

      expect(message).toMatch(
        /^The change had invalid values: the emoji is (not one emoji|too long)/,
      );
      expect(await reactionRows()).toEqual([]);
    },
  );

  it("a reaction on a comment that does not exist is not found", async () => {
    await expectRefused(memberClient, react("👍", newId("c")), "NOT_FOUND");
  });
});

describe("deletion", () => {
  it("a comment's reactions go with it, out of every store", async () => {
    await memberClient.push(react("👍"), react("🚀"));
    await ownerClient.pull();
    expect(ownerClient.keys(prefixes.reaction(taskId))).toHaveLength(2);

    await ownerClient.push(m("deleteComment", { id: commentId }));
    await ownerClient.pull();
    await memberClient.pull();

    expect(await reactionRows()).toEqual([]);
    expect(ownerClient.keys(prefixes.reaction(taskId))).toEqual([]);
    expect(memberClient.keys(prefixes.reaction(taskId))).toEqual([]);
  });

  it("a task's reactions go with it, and come back when the delete is undone", async () => {
    await memberClient.push(react("👍"));
    await ownerClient.pull();
    const task = ownerClient.get(taskStoreKey(projectId, taskId)) as Task;

    await ownerClient.push(m("deleteTask", { id: taskId }));
    await ownerClient.pull();
    expect(await reactionRows()).toEqual([]);
    expect(ownerClient.keys(prefixes.reaction(taskId))).toEqual([]);

    await ownerClient.push(m("restoreTask", restoreArgs(task)));
    await ownerClient.pull();
    expect(ownerClient.keys(prefixes.reaction(taskId))).toEqual([
      reactionKey(taskId, commentId, member.id, "👍"),
    ]);
  });
});

describe("scope", () => {
  it("reactions are sent with the history of the tasks a browser asked for, and only those", async () => {
    const otherTaskId = newId("t");
    const otherCommentId = newId("c");
    await ownerClient.push(
      m("createTask", { id: otherTaskId, projectId, title: "Other", createdAt: now() }),
      m("addComment", { id: otherCommentId, taskId: otherTaskId, body: "x", createdAt: now() }),
      react("👍"),
      m("addReaction", {
        commentId: otherCommentId,
        taskId: otherTaskId,
        emoji: "👀",
        createdAt: now(),
      }),
    );
    const browser = new SyncClient(server, member);
    browser.projects = [projectId];
    browser.tasks = [taskId];

    await browser.pull();

    expect(browser.keys(prefixes.reaction())).toEqual([
      reactionKey(taskId, commentId, owner.id, "👍"),
    ]);
  });
});
