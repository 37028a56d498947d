import AxeBuilder from "@axe-core/playwright";
import { expect, request as playwrightRequest, test, type Page } from "@playwright/test";
import { z } from "zod";
import { workspaceWithMember } from "./support/accounts.ts";
import { createProjectThroughSync, createTasksThroughSync } from "./support/sync.ts";
import { mutation, now, pushMutations } from "./support/sync-push.ts";
import { ownerAndMember, syncStatus, underServiceWorker, userIdOf } from "./support/team.ts";

/**
 * Issue 15, the client half: the inbox fed live by the server's notifications, @mentions through
 * the autocomplete, subscriptions, read / unread / archive offline, and the notification mail
 * with its one-click unsubscribe.
 */

const inboxLink = (page: Page) => page.getByRole("link", { name: /^Inbox/ });
const row = (page: Page, name: string | RegExp) =>
  page.locator("[data-notification-id]").filter({ hasText: name });
const property = (page: Page, name: string) =>
  page.getByRole("definition").getByRole("combobox", { name: new RegExp(`^${name}: `) });

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(", ")}`);
}

test("one person assigns, mentions and comments; the other's inbox shows each live, reads them, also offline", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { owner, member, workspaceId, projectId } = await ownerAndMember(browser);
  const [homepageId] = await createTasksThroughSync(owner.request, projectId, "Homepage", 1);
  const [miloTaskId] = await createTasksThroughSync(member.request, projectId, "Milo task", 1);
  const taskUrl = (id = "") =>
    `/dashboard/workspace/${workspaceId}/project/${projectId}/task/${id}`;
  const inboxUrl = `/dashboard/workspace/${workspaceId}/inbox`;

  // Milo's inbox: the invitation he signed up with, read at once with Mark all read.
  const milo = await member.newPage();
  await milo.goto(inboxUrl);
  await expect(milo.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  await expect(row(milo, "Olga Owner invited you to Offline workspace")).toBeVisible();
  await expect(inboxLink(milo)).toHaveAccessibleName("Inbox (1 unread)");
  await expect(milo).toHaveTitle("(1) Inbox · Offline workspace");
  await milo.getByRole("button", { name: "Mark all read" }).click();
  await expect(inboxLink(milo)).toHaveAccessibleName("Inbox");
  await expect(milo).toHaveTitle("Inbox · Offline workspace");

  // Olga assigns Homepage 1 to Milo on its page: Milo's inbox shows it without a reload.
  const olga = await owner.newPage();
  await olga.goto(taskUrl(homepageId));
  await property(olga, "Assignee").click();
  await olga.getByRole("option", { name: "Milo Member" }).click();
  await expect(row(milo, "Olga Owner assigned you")).toBeVisible({ timeout: 5_000 });
  await expect(row(milo, "Olga Owner assigned you")).toContainText("just now");
  await expect(milo.getByRole("region", { name: "WEB-1 Homepage 1" })).toBeVisible();
  await expect(inboxLink(milo)).toHaveAccessibleName("Inbox (1 unread)");

  // She mentions him through the @ autocomplete: arrows and Enter insert the mention.
  const comment = olga.getByRole("textbox", { name: "New comment" });
  await comment.click();
  await comment.pressSequentially("Could you look, @mi");
  const mentionList = olga.getByRole("listbox", { name: "Mention someone" });
  await expect(mentionList.getByRole("option")).toHaveCount(1);
  await expect(mentionList.getByRole("option", { name: "Milo Member" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await comment.press("Enter");
  await expect(mentionList).toBeHidden();
  await expect(comment).toHaveValue(/^Could you look, @\[Milo Member\]\(user:[\w-]+\) $/);
  await comment.pressSequentially("thanks");
  await comment.press("Control+Enter");
  const comments = olga.getByRole("list", { name: "Comments" });
  await expect(comments.locator(".markdown-mention")).toHaveText("@Milo Member");
  await expect(row(milo, "Olga Owner mentioned you")).toContainText(
    "Could you look, @Milo Member thanks",
    { timeout: 5_000 },
  );

  // Milo follows his own task (he created it): Olga's comment there reaches him too.
  await olga.goto(taskUrl(miloTaskId));
  const subscribers = olga.getByRole("group", { name: "Subscribers" });
  await expect(subscribers.getByRole("img", { name: "Milo Member" })).toBeVisible();
  await olga.getByRole("textbox", { name: "New comment" }).fill("Nice work");
  await olga.getByRole("button", { name: "Comment", exact: true }).click();
  await expect(row(milo, "Olga Owner commented")).toContainText("Nice work", { timeout: 5_000 });
  await expect(inboxLink(milo)).toHaveAccessibleName("Inbox (3 unread)");
  // Commenting subscribed her; she can leave.
  await expect(subscribers.getByRole("img", { name: "Olga Owner" })).toBeVisible();
  await subscribers.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(subscribers.getByRole("img", { name: "Olga Owner" })).toBeHidden();
  await expect(subscribers.getByRole("button", { name: "Subscribe" })).toBeVisible();

  for (const theme of ["dark", "light"]) {
    await milo.evaluate((chosen) => (document.documentElement.dataset.theme = chosen), theme);
    expect(await seriousViolations(milo), `axe, ${theme} theme`).toEqual([]);
  }

  // A click opens the task in the board's peek and marks it read.
  await row(milo, "Olga Owner mentioned you").click();
  await expect(milo).toHaveURL(new RegExp(`/project/${projectId}/board\\?peek=${homepageId}`));
  await expect(milo.getByRole("dialog", { name: "Homepage 1" })).toBeVisible();
  await expect(inboxLink(milo)).toHaveAccessibleName("Inbox (2 unread)");
  await expect(milo).toHaveTitle("(2) Board · Website");

  // Keys: j to the newest, u reads it, u again unreads it, e archives it.
  await inboxLink(milo).click();
  await expect(milo.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  await milo.keyboard.press("j");
  await expect(row(milo, "Olga Owner commented")).toBeFocused();
  await milo.keyboard.press("u");
  await expect(inboxLink(milo)).toHaveAccessibleName("Inbox (1 unread)");
  await milo.keyboard.press("u");
  await expect(inboxLink(milo)).toHaveAccessibleName("Inbox (2 unread)");
  await milo.keyboard.press("e");
  await expect(row(milo, "Olga Owner commented")).toBeHidden();
  await expect(inboxLink(milo)).toHaveAccessibleName("Inbox (1 unread)");
  await milo.getByRole("button", { name: "Undo" }).click();
  await expect(row(milo, "Olga Owner commented")).toBeVisible();
  await expect(inboxLink(milo)).toHaveAccessibleName("Inbox (2 unread)");

  // The unread filter keeps only what is unread.
  await milo.getByRole("button", { name: "Unread (2)" }).click();
  await expect(row(milo, "Olga Owner mentioned you")).toBeHidden();
  await expect(row(milo, "Olga Owner assigned you")).toBeVisible();
  await milo.getByRole("button", { name: "All", exact: true }).click();

  // Offline: the inbox opens from the local store and marks read; it syncs once back online.
  await underServiceWorker(milo);
  await member.setOffline(true);
  await milo.reload();
  await expect(syncStatus(milo)).toHaveText("Offline");
  await expect(row(milo, "Olga Owner assigned you")).toBeVisible();
  await milo.getByRole("button", { name: "Mark all read" }).click();
  await expect(inboxLink(milo)).toHaveAccessibleName("Inbox");
  await member.setOffline(false);
  await expect(syncStatus(milo)).toBeHidden({ timeout: 10_000 });

  // A browser of Milo's that has never seen the inbox gets it read from the server.
  const fresh = await browser.newContext({ storageState: await member.storageState() });
  const freshPage = await fresh.newPage();
  await freshPage.goto(inboxUrl);
  await expect(row(freshPage, "Olga Owner assigned you")).toBeVisible();
  await expect(inboxLink(freshPage)).toHaveAccessibleName("Inbox");
  await expect(row(freshPage, "Olga Owner assigned you")).not.toHaveAccessibleName(/^Unread/);
  await fresh.close();
  await owner.close();
  await member.close();
});

const outboxSchema = z.object({
  mails: z.array(
    z.object({
      kind: z.string(),
      subject: z.string(),
      body: z.string(),
      headers: z.record(z.string(), z.string()).nullish(),
    }),
  ),
});

test("a burst of changes makes one mail; its unsubscribe link works signed out and turns mail off", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const { workspaceId, memberEmail, memberContext, memberPage } = await workspaceWithMember(
    page,
    browser,
    { owner: "Ada Lovelace", member: "Mia Mailed", workspace: "Mail test" },
  );
  const projectId = await createProjectThroughSync(page.request, workspaceId, {
    name: "Mailbox",
    key: "MB",
  });
  const [taskId = ""] = await createTasksThroughSync(page.request, projectId, "Mail me", 1);
  const miaId = await userIdOf(memberContext);
  await pushMutations(page.request, [
    mutation("updateTask", { id: taskId, projectId, assigneeId: miaId, updatedAt: now() }),
    mutation("addComment", {
      id: `cmt-${Date.now().toString(36)}`,
      taskId,
      body: `Over to you @[Mia Mailed](user:${miaId})`,
      createdAt: now(),
    }),
  ]);

  // Mia's inbox has both at once; her mail waits for the burst to end.
  await memberPage.goto(`/dashboard/workspace/${workspaceId}/inbox`);
  await expect(row(memberPage, "Ada Lovelace assigned you")).toBeVisible();
  await expect(row(memberPage, "Ada Lovelace mentioned you")).toBeVisible();

  // The mail job looks every 15 s at what has waited a minute.
  let mail: z.infer<typeof outboxSchema>["mails"][number] | undefined;
  await expect(async () => {
    const response = await page.request.get(
      `/api/dev/outbox?to=${encodeURIComponent(memberEmail)}`,
    );
    const { mails } = outboxSchema.parse(await response.json());
    mail = mails.find((m) => m.kind === "notifications");
    expect(mail, `mails so far: ${mails.map((m) => m.kind).join(", ")}`).toBeTruthy();
  }).toPass({ timeout: 120_000, intervals: [5_000] });
  if (!mail) throw new Error("no notification mail");
  expect(mail.body).toContain("Ada Lovelace assigned MB-1 Mail me 1 to you");
  expect(mail.body).toContain(
    "Ada Lovelace mentioned you in MB-1 Mail me 1: “Over to you @Mia Mailed”",
  );
  expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  const link = /^<(.+)>$/.exec(mail.headers?.["List-Unsubscribe"] ?? "")?.[1] ?? "";
  expect(link).toContain("/api/notifications/unsubscribe");

  // Mia sees her settings; a signed-out POST (a mail client's one click) turns both off.
  await memberPage.goto("/dashboard/settings/account/preferences");
  const direct = memberPage.getByRole("group", { name: "Mentions and assignments by mail" });
  const other = memberPage.getByRole("group", { name: /Comments, status/ });
  await expect(direct.getByRole("radio", { name: "At once" })).toBeChecked();
  await expect(other.getByRole("radio", { name: "Daily digest" })).toBeChecked();
  const signedOut = await playwrightRequest.newContext();
  const response = await signedOut.post(link, { form: { "List-Unsubscribe": "One-Click" } });
  expect(response.ok()).toBe(true);
  await signedOut.dispose();
  await expect(direct.getByRole("radio", { name: "Off" })).toBeChecked({ timeout: 10_000 });
  await expect(other.getByRole("radio", { name: "Off" })).toBeChecked();

  // And she turns mentions back on, at once, from the same page.
  await direct.getByRole("radio", { name: "Hourly digest" }).check();
  await memberPage.reload();
  await expect(direct.getByRole("radio", { name: "Hourly digest" })).toBeChecked();
  await memberContext.close();
});
