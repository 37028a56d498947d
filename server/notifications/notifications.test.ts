import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Notification, Subscriber } from "../../shared/entities.ts";
import { notificationSettingsKey, subscriberKey } from "../../shared/keys.ts";
import { mentionMarkdown } from "../../shared/mentions.ts";
import { openPokeStream } from "../test/poke-stream.ts";
import {
  SERVER_START_TIMEOUT,
  SyncClient,
  addMember,
  createWorkspace,
  m,
  newId,
  now,
  post,
  removeMember,
  signUp,
  type TestUser,
} from "../test/sync-client.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";

/**
 * Notifications through the real push and pull: written by the server in the push transaction,
 * for the people concerned, never for the author, and only into the recipient's store.
 */

let server: TestServer;
let ann: TestUser;
let ben: TestUser;
let cat: TestUser;
let outsider: TestUser;
let workspaceId: string;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer();
  [ann, ben, cat, outsider] = await Promise.all([
    signUp(server, "Ann Author"),
    signUp(server, "Ben Assignee"),
    signUp(server, "Cat Colleague"),
    signUp(server, "Otto Outsider"),
  ]);
  workspaceId = await createWorkspace(server, ann, "Acme");
  await addMember(server, ann, workspaceId, ben);
  await addMember(server, ann, workspaceId, cat);
  projectId = newId("p");
  await new SyncClient(server, ann).push(
    m("createProject", { id: projectId, workspaceId, name: "Web", key: "WEB", createdAt: now() }),
  );
}, SERVER_START_TIMEOUT);

afterAll(async () => {
  await server?.stop();
});

/** The person's notifications about one task, as their store holds them after a pull. */
async function inbox(user: TestUser, taskId?: string): Promise<Notification[]> {
  const client = new SyncClient(server, user);
  await client.pull();
  return client
    .values<Notification>("notification/")
    .filter((n) => taskId === undefined || n.taskId === taskId);
}

const kinds = (notifications: Notification[]) => notifications.map((n) => n.kind).sort();

async function createTask(
  author: TestUser,
  fields: { assigneeId?: string; description?: string } = {},
): Promise<string> {
  const id = newId("t");
  await new SyncClient(server, author).push(
    m("createTask", { id, projectId, title: "Ship the inbox", createdAt: now(), ...fields }),
  );
  return id;
}

describe("who is notified", () => {
  it("the assignee of a new task is told, with the task's key and title; the author is not", async () => {
    const taskId = await createTask(ann, { assigneeId: ben.id });

    const [notification, ...others] = await inbox(ben, taskId);

    expect(others).toEqual([]);
    expect(notification).toMatchObject({
      workspaceId,
      taskId,
      kind: "assigned",
      actorId: ann.id,
      readAt: null,
      archivedAt: null,
      projectId,
      taskTitle: "Ship the inbox",
    });
    expect(notification?.taskKey).toMatch(/^WEB-\d+$/);
    expect(await inbox(ann, taskId)).toEqual([]);
  });

  it("reassigning tells the new assignee 'assigned' and the old one 'unassigned'", async () => {
    const taskId = await createTask(ann, { assigneeId: ben.id });

    await new SyncClient(server, ann).push(
      m("updateTask", { id: taskId, assigneeId: cat.id, updatedAt: now() }),
    );

    expect(kinds(await inbox(ben, taskId))).toEqual(["assigned", "unassigned"]);
    expect(kinds(await inbox(cat, taskId))).toEqual(["assigned"]);
  });

  it("assigning a task to yourself notifies no one", async () => {
    const taskId = await createTask(ann);
    const client = new SyncClient(server, ann);

    await client.push(m("updateTask", { id: taskId, assigneeId: ann.id, updatedAt: now() }));

    await client.pull();
    expect(client.get(`task/${projectId}/${taskId}`)).toMatchObject({ assigneeId: ann.id });
    expect(await inbox(ann, taskId)).toEqual([]);
  });

  it("a mention in a comment tells the member mentioned, with an excerpt; outsiders and the author are ignored", async () => {
    const taskId = await createTask(ann);
    const body = `${mentionMarkdown("Cat", cat.id)} and ${mentionMarkdown("Otto", outsider.id)}, see ${mentionMarkdown("Ben", ben.id)}: done`;
    const commentId = newId("c");

    await new SyncClient(server, ben).push(
      m("addComment", { id: commentId, taskId, body, createdAt: now() }),
    );

    const [mention, ...others] = await inbox(cat, taskId);
    expect(others).toEqual([]);
    expect(mention).toMatchObject({ kind: "mentioned", commentId, actorId: ben.id });
    expect(mention?.excerpt).toBe("@Cat and @Otto, see @Ben: done");
    expect(await inbox(outsider)).toEqual([]);
    expect(await inbox(ben, taskId)).toEqual([]);
    // Ann created the task, so she follows it and hears of the comment.
    expect(kinds(await inbox(ann, taskId))).toEqual(["comment"]);
  });

  it("a description tells only the people newly mentioned in it", async () => {
    const taskId = await createTask(ann, { description: `For ${mentionMarkdown("Ben", ben.id)}` });
    expect(kinds(await inbox(ben, taskId))).toEqual(["mentioned"]);

    await new SyncClient(server, ann).push(
      m("updateTask", {
        id: taskId,
        description: `For ${mentionMarkdown("Ben", ben.id)} and ${mentionMarkdown("Cat", cat.id)}`,
        updatedAt: now(),
      }),
    );

    expect(kinds(await inbox(ben, taskId))).toEqual(["mentioned"]);
    expect(kinds(await inbox(cat, taskId))).toEqual(["mentioned"]);
  });

  it("status, priority and due-date changes reach the subscribers, with from and to (statuses by name)", async () => {
    const taskId = await createTask(ann, { assigneeId: ben.id });

    await new SyncClient(server, cat).push(
      m("updateTask", { id: taskId, priority: "urgent", dueDate: "2031-01-02", updatedAt: now() }),
      m("moveTask", { id: taskId, status: "in-progress", position: "a5", updatedAt: now() }),
    );

    const bens = await inbox(ben, taskId);
    expect(kinds(bens)).toEqual(["assigned", "due-date", "priority", "status"]);
    expect(bens.find((n) => n.kind === "priority")).toMatchObject({
      from: "no-priority",
      to: "urgent",
      actorId: cat.id,
    });
    expect(bens.find((n) => n.kind === "status")).toMatchObject({
      from: "To do",
      to: "In progress",
    });
    expect(bens.find((n) => n.kind === "due-date")).toMatchObject({ from: null, to: "2031-01-02" });
    expect(kinds(await inbox(ann, taskId))).toEqual(["due-date", "priority", "status"]);
    // Cat made the changes and does not follow the task.
    expect(await inbox(cat, taskId)).toEqual([]);
  });

  it("a comment on a task tells its subscribers but the commenter", async () => {
    const taskId = await createTask(ann, { assigneeId: ben.id });

    await new SyncClient(server, ben).push(
      m("addComment", {
        id: newId("c"),
        taskId,
        body: "## On it\n\n- **today**, see [the log](https://example.com/log)",
        createdAt: now(),
      }),
    );

    // The excerpt is the words a reader sees, not the markdown's marks.
    const [comment] = await inbox(ann, taskId);
    expect(comment).toMatchObject({
      kind: "comment",
      actorId: ben.id,
      excerpt: "On it today, see the log",
    });
    expect(kinds(await inbox(ben, taskId))).toEqual(["assigned"]);
  });

  it("nobody else's store ever holds a person's notification", async () => {
    const taskId = await createTask(ann, { assigneeId: ben.id });

    const cats = await inbox(cat, taskId);

    expect(cats).toEqual([]);
  });
});

describe("subscriptions", () => {
  it("the creator, the assignee, commenters and people mentioned follow the task, and every member sees the list", async () => {
    const taskId = await createTask(ann, { assigneeId: ben.id });
    await new SyncClient(server, cat).push(
      m("addComment", { id: newId("c"), taskId, body: "Me too", createdAt: now() }),
    );

    const client = new SyncClient(server, outsider);
    await client.pull();
    const member = new SyncClient(server, cat);
    await member.pull();

    expect(
      member
        .values<Subscriber>(`subscriber/${taskId}/`)
        .map((s) => s.id)
        .sort(),
    ).toEqual([ann.id, ben.id, cat.id].sort());
    expect(member.get(subscriberKey(taskId, ann.id))).toMatchObject({ taskId, workspaceId });
    expect(client.keys(`subscriber/${taskId}/`)).toEqual([]);
  });

  it("subscribing brings a task's comments; unsubscribing stops them", async () => {
    const taskId = await createTask(ann);
    const catClient = new SyncClient(server, cat);
    await catClient.push(m("subscribeToTask", { taskId, createdAt: now() }));
    await new SyncClient(server, ann).push(
      m("addComment", { id: newId("c"), taskId, body: "First", createdAt: now() }),
    );
    expect(kinds(await inbox(cat, taskId))).toEqual(["comment"]);

    await catClient.push(m("unsubscribeFromTask", { taskId }));
    await new SyncClient(server, ann).push(
      m("addComment", { id: newId("c"), taskId, body: "Second", createdAt: now() }),
    );

    expect(kinds(await inbox(cat, taskId))).toEqual(["comment"]);
    await catClient.pull();
    expect(catClient.get(subscriberKey(taskId, cat.id))).toBeUndefined();
  });

  it("someone outside the workspace cannot subscribe: refused with a notice", async () => {
    const taskId = await createTask(ann);
    const client = new SyncClient(server, outsider);

    await client.push(m("subscribeToTask", { taskId, createdAt: now() }));
    await client.pull();

    expect(client.values("notice/")).toEqual([expect.objectContaining({ code: "NOT_FOUND" })]);
    const member = new SyncClient(server, ann);
    await member.pull();
    expect(member.get(subscriberKey(taskId, outsider.id))).toBeUndefined();
  });
});

describe("read, unread, archive", () => {
  it("the recipient marks read, unread, archives; their other browser follows", async () => {
    const taskId = await createTask(ann, { assigneeId: ben.id });
    const phone = new SyncClient(server, ben);
    await phone.pull();
    const [notification] = phone
      .values<Notification>("notification/")
      .filter((n) => n.taskId === taskId);
    const id = notification?.id ?? "";
    const laptop = new SyncClient(server, ben);
    const readAt = "2030-01-01T10:00:00.000Z";

    await laptop.push(m("markNotificationRead", { id, readAt }));
    await phone.pull();
    expect(phone.get(`notification/${id}`)).toMatchObject({ readAt });

    await laptop.push(m("markNotificationUnread", { id }));
    await phone.pull();
    expect(phone.get(`notification/${id}`)).toMatchObject({ readAt: null });

    await laptop.push(m("archiveNotification", { id, archivedAt: readAt }));
    await phone.pull();
    expect(phone.get(`notification/${id}`)).toMatchObject({ archivedAt: readAt });
  });

  it("nobody but the recipient can change a notification", async () => {
    const taskId = await createTask(ann, { assigneeId: ben.id });
    const [notification] = await inbox(ben, taskId);
    const id = notification?.id ?? "";

    await new SyncClient(server, cat).push(
      m("markNotificationRead", { id, readAt: now() }),
      m("archiveNotification", { id, archivedAt: now() }),
    );

    const [after] = await inbox(ben, taskId);
    expect(after).toMatchObject({ id, readAt: null, archivedAt: null });
  });

  it("mark all read marks the workspace's unread notifications up to that moment", async () => {
    await createTask(ann, { assigneeId: cat.id });
    await createTask(ann, { assigneeId: cat.id });

    await new SyncClient(server, cat).push(
      m("markAllNotificationsRead", { workspaceId, readAt: now() }),
    );

    const unread = (await inbox(cat)).filter((n) => n.readAt === null);
    expect(unread).toEqual([]);
  });

  it("bad arguments are refused with a notice, the push answers 200 and the client moves on", async () => {
    const client = new SyncClient(server, cat);
    const response = await client.pushRaw(
      client.pushBody([
        ...client.mutations(m("markNotificationRead", { id: "x", readAt: "yesterday" })),
        ...client.mutations(m("updateNotificationSettings", { direct: "weekly" as "daily" })),
      ]),
    );

    expect(response.status).toBe(200);
    const pulled = await client.pull();
    expect(pulled.lastMutationIDChanges).toEqual({ [client.clientID]: 2 });
    const notices = client.values<{ mutationName: string }>("notice/");
    notices.sort((a, b) => a.mutationName.localeCompare(b.mutationName));
    expect(notices).toEqual([
      expect.objectContaining({
        code: "INVALID",
        mutationName: "markNotificationRead",
        message: expect.stringContaining("the time it was read"),
      }),
      expect.objectContaining({ code: "INVALID", mutationName: "updateNotificationSettings" }),
    ]);
  });

  it("mail settings change through their mutator and reach the person's other browsers", async () => {
    const client = new SyncClient(server, cat);
    await client.pull();
    expect(client.get(notificationSettingsKey(cat.id))).toEqual({
      id: cat.id,
      direct: "instant",
      other: "daily",
    });

    await new SyncClient(server, cat).push(m("updateNotificationSettings", { other: "off" }));
    await client.pull();

    expect(client.get(notificationSettingsKey(cat.id))).toEqual({
      id: cat.id,
      direct: "instant",
      other: "off",
    });
  });
});

describe("membership", () => {
  it("a member removed from a workspace loses its notifications on the next pull", async () => {
    const dora = await signUp(server, "Dora Departing");
    await addMember(server, ann, workspaceId, dora);
    const taskId = await createTask(ann, { assigneeId: dora.id });
    const client = new SyncClient(server, dora);
    await client.pull();
    expect(
      client.values<Notification>("notification/").filter((n) => n.taskId === taskId),
    ).toHaveLength(1);

    await removeMember(server, ann, workspaceId, dora);
    const response = await client.pull();

    expect(client.values<Notification>("notification/")).toEqual([]);
    expect(response.patch).toContainEqual(expect.objectContaining({ op: "del" }));
  });

  it("an invited person with an account finds the invitation in their inbox", async () => {
    const eve = await signUp(server, "Eve Invited");

    await post(
      server,
      "/api/auth/organization/invite-member",
      { email: eve.email, role: "member", organizationId: workspaceId },
      ann,
    );

    const [invitation] = await inbox(eve);
    expect(invitation).toMatchObject({
      kind: "invitation",
      workspaceId,
      workspaceName: "Acme",
      actorId: ann.id,
      taskId: null,
    });
    expect(invitation?.invitationId).toEqual(expect.any(String));
  });

  it("someone invited before they have an account finds the invitation after signing up", async () => {
    const email = `frank-${newId("u")}@example.com`;
    await post(
      server,
      "/api/auth/organization/invite-member",
      { email, role: "member", organizationId: workspaceId },
      ann,
    );
    const response = await post(server, "/api/auth/sign-up/email", {
      email,
      password: "correct horse battery",
      name: "Frank",
    });
    const cookie = response.headers
      .getSetCookie()
      .map((header) => header.split(";")[0])
      .join("; ");
    const { user } = (await response.json()) as { user: { id: string } };

    const notifications = await inbox({ id: user.id, name: "Frank", email, cookie });

    expect(notifications).toEqual([
      expect.objectContaining({ kind: "invitation", workspaceName: "Acme" }),
    ]);
  });
});

describe("live", () => {
  it("the recipient's open tab is poked when a notification arrives, and when they read it elsewhere", async () => {
    const stream = await openPokeStream(server, ben);
    try {
      await stream.nextPoke(200);
      const taskId = await createTask(ann, { assigneeId: ben.id });
      expect(await stream.nextPoke(5000)).toBe(true);

      const [notification] = await inbox(ben, taskId);
      await new SyncClient(server, ben).push(
        m("markNotificationRead", { id: notification?.id ?? "", readAt: now() }),
      );
      expect(await stream.nextPoke(5000)).toBe(true);
    } finally {
      stream.close();
    }
  });
});
