import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
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
} from "../test/sync-client.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";

/**
 * A name, a workspace's name or a task's title with line breaks in it, quoted by a mail: it
 * stays on one line, so it cannot add a line of its own (a header, a link) to the mail.
 */

const INJECTED = "\r\nBcc: x@evil.test\r\n\r\nClick https://evil.test";
/** The same value as the mail should quote it. */
const FOLDED = "Bcc: x@evil.test Click https://evil.test";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, SERVER_START_TIMEOUT);

afterAll(async () => {
  await server?.stop();
});

const mailSchema = z.object({
  mails: z.array(z.object({ kind: z.string(), subject: z.string(), body: z.string() })),
});

async function mailsTo(email: string, kind: string) {
  const response = await fetch(`${server.url}/api/dev/outbox?to=${encodeURIComponent(email)}`);
  const { mails } = mailSchema.parse(await response.json());
  return mails.filter((mail) => mail.kind === kind);
}

/** Lines as a mail reader may break them: CR, LF, NEL and the Unicode line and paragraph separators. */
const linesOf = (text: string) => text.split(/\r\n|[\r\n\u0085\u2028\u2029]/);

function expectNoInjectedLines(mail: { subject: string; body: string }) {
  expect(linesOf(mail.subject)).toHaveLength(1);
  const lines = linesOf(mail.body);
  expect(lines.filter((line) => /^\s*bcc:/i.test(line))).toEqual([]);
  expect(lines.filter((line) => line.trim() === "Click https://evil.test")).toEqual([]);
}

describe("values a mail quotes", () => {
  it("an invitation from a person and a workspace whose names hold line breaks quotes both on one line", async () => {
    const inviter = await signUp(server, `Mallory${INJECTED}`);
    const workspaceId = await createWorkspace(server, inviter, `Acme${INJECTED}\tTeam`);
    const invitee = `invitee-${newId("u")}@example.com`;
    const invited = await post(
      server,
      "/api/auth/organization/invite-member",
      { email: invitee, role: "member", organizationId: workspaceId },
      inviter,
    );
    expect(invited.status).toBe(200);

    const [mail] = await mailsTo(invitee, "invitation");
    expect(mail).toBeDefined();
    if (!mail) return;
    expectNoInjectedLines(mail);
    expect(mail.subject).toBe(`Mallory ${FOLDED} invited you to Acme ${FOLDED} Team`);
    expect(linesOf(mail.body)).toContain(
      `Mallory ${FOLDED} invited you to the workspace "Acme ${FOLDED} Team" on Tasks.`,
    );
    expect(linesOf(mail.body)).toContainEqual(
      expect.stringMatching(/^Accept the invitation: http\S+\/auth\/accept-invitation\/\S+$/),
    );
  });

  it("a notification of a task whose title holds line breaks quotes the title on one line", async () => {
    const owner = await signUp(server, "Olga Owner");
    const workspaceId = await createWorkspace(server, owner, "Mail lines");
    const sam = await signUp(server, "Sam Assignee");
    await addMember(server, owner, workspaceId, sam);
    const projectId = newId("p");
    await new SyncClient(server, owner).push(
      m("createProject", { id: projectId, workspaceId, name: "Ops", key: "OPS", createdAt: now() }),
      m("createTask", {
        id: newId("t"),
        projectId,
        title: `Fix login${INJECTED}\u2028Reply-To: y@evil.test\u0085Done`,
        assigneeId: sam.id,
        createdAt: now(),
      }),
    );

    await server.jobs.mail(new Date(Date.now() + 2 * 60_000));

    const [mail] = await mailsTo(sam.email, "notifications");
    expect(mail).toBeDefined();
    if (!mail) return;
    expectNoInjectedLines(mail);
    expect(linesOf(mail.body).filter((line) => /^\s*reply-to:/i.test(line))).toEqual([]);
    const quoted = `Fix login ${FOLDED} Reply-To: y@evil.test Done`;
    expect(mail.subject).toMatch(/^Olga Owner assigned OPS-\d+ /);
    expect(mail.subject.endsWith(`${quoted} to you`)).toBe(true);
    expect(
      linesOf(mail.body).some(
        (line) => /^- Olga Owner assigned OPS-\d+ /.test(line) && line.endsWith(`${quoted} to you`),
      ),
    ).toBe(true);
  });
});
