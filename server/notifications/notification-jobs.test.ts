import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Notification } from "../../shared/entities.ts";
import { startServer, type RunningServer } from "../server.ts";
import {
  SERVER_START_TIMEOUT,
  SyncClient,
  addMember,
  createWorkspace,
  m,
  newId,
  now,
  post,
  signUp,
  type TestUser,
} from "../test/sync-client.ts";
import { startTestServer, testConfig, type TestServer } from "../test/test-server.ts";

/**
 * The notification jobs against a real database: due dates once with two server instances,
 * mail batched per person, and the one-click unsubscribe of RFC 8058.
 */

let server: TestServer;
/** A second instance on the same database (real Postgres), or the same one (embedded). */
let second: RunningServer;
let owner: TestUser;
let workspaceId: string;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer();
  second = server.database.databaseUrl ? await startServer(testConfig(server.database)) : server;
  owner = await signUp(server, "Olga Owner");
  workspaceId = await createWorkspace(server, owner, "Jobs");
  projectId = newId("p");
  await new SyncClient(server, owner).push(
    m("createProject", { id: projectId, workspaceId, name: "Ops", key: "OPS", createdAt: now() }),
  );
}, SERVER_START_TIMEOUT);

afterAll(async () => {
  if (second !== server) await second?.close();
  await server?.stop();
});

const day = (date: Date, offset: number) =>
  new Date(date.getTime() + offset * 86_400_000).toISOString().slice(0, 10);

async function member(name: string): Promise<TestUser> {
  const user = await signUp(server, name);
  await addMember(server, owner, workspaceId, user, "member");
  return user;
}

async function notificationsOf(user: TestUser): Promise<Notification[]> {
  const client = new SyncClient(server, user);
  await client.pull();
  return client.values<Notification>("notification/");
}

const mailSchema = z.object({
  mails: z.array(
    z.object({
      kind: z.string(),
      subject: z.string(),
      body: z.string(),
      url: z.string().nullable(),
      headers: z.record(z.string(), z.string()),
    }),
  ),
});

async function notificationMails(user: TestUser) {
  const response = await fetch(`${server.url}/api/dev/outbox?to=${encodeURIComponent(user.email)}`);
  const { mails } = mailSchema.parse(await response.json());
  return mails.filter((mail) => mail.kind === "notifications");
}

describe("the due-date job", () => {
  it("leaves out work in any completed or canceled status, whatever the project calls it", async () => {
    const sam = await member("Sam Shipper");
    const today = new Date();
    const [shipped, dropped] = [newId("s"), newId("s")];
    const client = new SyncClient(server, owner);
    await client.push(
      m("createStatus", {
        id: shipped,
        projectId,
        name: "Shipped",
        category: "completed",
        color: "green",
        position: "a9",
        createdAt: now(),
      }),
      m("createStatus", {
        id: dropped,
        projectId,
        name: "Won't do",
        category: "canceled",
        color: "gray",
        position: "a9",
        createdAt: now(),
      }),
      ...[shipped, dropped, "in-progress"].map((status) =>
        m("createTask", {
          id: newId("t"),
          projectId,
          title: `Was due, now ${status}`,
          status,
          assigneeId: sam.id,
          dueDate: day(today, -1),
          createdAt: now(),
        }),
      ),
    );

    await server.jobs.dueDates(today);

    const due = (await notificationsOf(sam)).filter((n) => n.kind === "overdue");
    expect(due.map((n) => n.taskTitle)).toEqual(["Was due, now in-progress"]);
  });

  it("tells the assignee of a task due tomorrow and of an overdue one, once, though two instances run it at the same time", async () => {
    const pat = await member("Pat Punctual");
    const today = new Date();
    const ids = { tomorrow: newId("t"), late: newId("t"), later: newId("t"), done: newId("t") };
    await new SyncClient(server, owner).push(
      m("createTask", {
        id: ids.tomorrow,
        projectId,
        title: "Due tomorrow",
        assigneeId: pat.id,
        dueDate: day(today, 1),
        createdAt: now(),
      }),
      m("createTask", {
        id: ids.late,
        projectId,
        title: "Overdue",
        assigneeId: pat.id,
        dueDate: day(today, -2),
        createdAt: now(),
      }),
      m("createTask", {
        id: ids.later,
        projectId,
        title: "Next week",
        assigneeId: pat.id,
        dueDate: day(today, 7),
        createdAt: now(),
      }),
      m("createTask", {
        id: ids.done,
        projectId,
        title: "Done already",
        status: "done",
        assigneeId: pat.id,
        dueDate: day(today, -1),
        createdAt: now(),
      }),
    );

    const runs = await Promise.all([
      server.jobs.dueDates(today),
      second.jobs.dueDates(today),
      server.jobs.dueDates(today),
    ]);
    const again = await second.jobs.dueDates(today);

    const total = [...runs, again].reduce((sum, run) => sum + run.notified, 0);
    expect(total).toBe(2);
    const due = (await notificationsOf(pat)).filter(
      (n) => n.kind === "due-soon" || n.kind === "overdue",
    );
    expect(due.map((n) => [n.kind, n.taskId, n.to]).sort()).toEqual(
      [
        ["due-soon", ids.tomorrow, day(today, 1)],
        ["overdue", ids.late, day(today, -2)],
      ].sort(),
    );
    expect(due.every((n) => n.actorId === null && n.taskTitle !== null)).toBe(true);
  });

  it("a new due date is a new occasion", async () => {
    const quinn = await member("Quinn Rescheduled");
    const today = new Date();
    const id = newId("t");
    await new SyncClient(server, owner).push(
      m("createTask", {
        id,
        projectId,
        title: "Moves",
        assigneeId: quinn.id,
        dueDate: day(today, 1),
        createdAt: now(),
      }),
    );
    await server.jobs.dueDates(today);
    await new SyncClient(server, owner).push(
      m("updateTask", { id, dueDate: day(today, 2), updatedAt: now() }),
    );

    await server.jobs.dueDates(new Date(today.getTime() + 86_400_000));

    const dueSoon = (await notificationsOf(quinn)).filter((n) => n.kind === "due-soon");
    expect(dueSoon.map((n) => n.to).sort()).toEqual([day(today, 1), day(today, 2)]);
  });
});

describe("pruning", () => {
  it("archived notifications older than 30 days go, and leave the recipient's store", async () => {
    const rae = await member("Rae Archiver");
    await new SyncClient(server, owner).push(
      m("createTask", {
        id: newId("t"),
        projectId,
        title: "A",
        assigneeId: rae.id,
        createdAt: now(),
      }),
    );
    const client = new SyncClient(server, rae);
    await client.pull();
    const notification = client
      .values<Notification>("notification/")
      .find((n) => n.kind === "assigned");
    await client.push(m("archiveNotification", { id: notification?.id ?? "", archivedAt: now() }));

    expect(await server.jobs.pruneArchived(new Date(Date.now() + 29 * 86_400_000))).toBe(0);
    expect(await server.jobs.pruneArchived(new Date(Date.now() + 31 * 86_400_000))).toBe(1);
    await client.pull();

    expect(client.values<Notification>("notification/").map((n) => n.kind)).toEqual(["invitation"]);
  });
});

describe("notification mail", () => {
  it("ten changes within a minute make one mail, with a link to the task, once the minute is over", async () => {
    const sam = await member("Sam Mailed");
    const taskIds = Array.from({ length: 10 }, () => newId("t"));
    await new SyncClient(server, owner).push(
      ...taskIds.map((id, i) =>
        m("createTask", {
          id,
          projectId,
          title: `Burst ${i}`,
          assigneeId: sam.id,
          createdAt: now(),
        }),
      ),
    );

    expect(await server.jobs.mail(new Date(Date.now() + 10_000))).toBe(0);
    const later = new Date(Date.now() + 2 * 60_000);
    await Promise.all([server.jobs.mail(later), second.jobs.mail(later)]);
    await server.jobs.mail(new Date(Date.now() + 3 * 60_000));

    const mails = await notificationMails(sam);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe("10 updates in Tasks");
    for (const id of taskIds) {
      expect(mail?.body).toContain(
        `/dashboard/workspace/${workspaceId}/project/${projectId}/task/${id}`,
      );
    }
    expect(mail?.body).toContain("Olga Owner assigned OPS-");
  });

  it("a daily digest waits a day; read notifications and settings turned off are left out", async () => {
    const tess = await member("Tess Digest");
    const client = new SyncClient(server, tess);
    await client.push(m("updateNotificationSettings", { direct: "daily" }));
    const [first, second_] = [newId("t"), newId("t")];
    await new SyncClient(server, owner).push(
      m("createTask", {
        id: first,
        projectId,
        title: "Read it",
        assigneeId: tess.id,
        createdAt: now(),
      }),
      m("createTask", {
        id: second_,
        projectId,
        title: "Unread",
        assigneeId: tess.id,
        createdAt: now(),
      }),
    );
    await client.pull();
    const read = client.values<Notification>("notification/").find((n) => n.taskId === first);
    await client.push(m("markNotificationRead", { id: read?.id ?? "", readAt: now() }));

    await server.jobs.mail(new Date(Date.now() + 2 * 60 * 60_000));
    expect(await notificationMails(tess)).toEqual([]);
    await server.jobs.mail(new Date(Date.now() + 25 * 60 * 60_000));

    const mails = await notificationMails(tess);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/^Olga Owner assigned OPS-\d+ Unread to you$/);
  });

  it("every mail has a one-click unsubscribe that works signed out and turns the mail off", async () => {
    const uma = await member("Uma Unsubscribing");
    await new SyncClient(server, owner).push(
      m("createTask", {
        id: newId("t"),
        projectId,
        title: "Ping",
        assigneeId: uma.id,
        createdAt: now(),
      }),
    );
    await server.jobs.mail(new Date(Date.now() + 2 * 60_000));
    const [mail] = await notificationMails(uma);
    expect(mail?.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const link = /^<(.+)>$/.exec(mail?.headers["List-Unsubscribe"] ?? "")?.[1] ?? "";
    expect(mail?.body).toContain(link);

    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Unsubscribe");
    const forged = await fetch(link.replace(/token=[^&]+/, "token=forged"), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(forged.status).toBe(403);
    const oneClick = await fetch(link, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);

    const client = new SyncClient(server, uma);
    await client.pull();
    expect(client.get(`notification-settings/${uma.id}`)).toEqual({
      id: uma.id,
      direct: "off",
      other: "off",
    });
    await new SyncClient(server, owner).push(
      m("createTask", {
        id: newId("t"),
        projectId,
        title: "Pong",
        assigneeId: uma.id,
        createdAt: now(),
      }),
    );
    await server.jobs.mail(new Date(Date.now() + 2 * 24 * 60 * 60_000));
    expect(await notificationMails(uma)).toHaveLength(1);
    expect(await post(server, "/api/notifications/unsubscribe?user=x", "")).toHaveProperty(
      "status",
      403,
    );
  });
});
