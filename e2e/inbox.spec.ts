import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { z } from "zod";
import { workspaceWithMember } from "./support/accounts.ts";
import { createProjectThroughSync, createTasksThroughSync } from "./support/sync.ts";
import { mutation, now, pushMutations } from "./support/sync-push.ts";
import { ownerAndMember, syncStatus, underServiceWorker, userIdOf } from "./support/team.ts";

/**
 * Issue 15, the client half: the inbox fed live by the server's notifications, @mentions through
 * the autocomplete, subscriptions, read / unread / archive offline, and the notification mail
 * settings, and the batched mail with its one-click unsubscribe.
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
  // A chip with his name in the box, not the mention's markup.
  await expect(comment.locator(".markdown-mention")).toHaveText("@Milo Member");
  await expect(comment).toHaveText("Could you look, @Milo Member ");
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

  // Without motion, a switched theme's colours are final at once (no transition mid-way for axe).
  await milo.emulateMedia({ reducedMotion: "reduce" });
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
  // The reads just made may still be on their way: they wait on the device and sync below.
  await expect(syncStatus(milo)).toHaveText(/^Offline/);
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

test("a burst of changes reaches the inbox at once; mail settings change in Preferences and stay", async ({
  page,
  browser,
}) => {
  const { workspaceId, memberContext, memberPage } = await workspaceWithMember(page, browser, {
    owner: "Ada Lovelace",
    member: "Mia Mailed",
    workspace: "Mail test",
  });
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
  await memberPage.goto(`/dashboard/workspace/${workspaceId}/inbox`);
  await expect(row(memberPage, "Ada Lovelace assigned you")).toBeVisible();
  await expect(row(memberPage, "Ada Lovelace mentioned you")).toContainText(
    "Over to you @Mia Mailed",
  );
  await expect(memberPage.getByRole("region", { name: "MB-1 Mail me 1" })).toBeVisible();

  await memberPage.goto("/dashboard/settings/account/preferences");
  const direct = memberPage.getByRole("group", { name: "Mentions and assignments by mail" });
  const other = memberPage.getByRole("group", { name: /Comments, status/ });
  await expect(direct.getByRole("radio", { name: "At once" })).toBeChecked();
  await expect(other.getByRole("radio", { name: "Daily digest" })).toBeChecked();
  await direct.getByRole("radio", { name: "Hourly digest" }).check();
  await other.getByRole("radio", { name: "Off" }).check();
  await expect(syncStatus(memberPage)).toBeHidden({ timeout: 10_000 });
  await memberPage.reload();
  await expect(direct.getByRole("radio", { name: "Hourly digest" })).toBeChecked();
  await expect(other.getByRole("radio", { name: "Off" })).toBeChecked();
  await memberContext.close();
});

const outboxSchema = z.object({
  mails: z.array(
    z.object({
      kind: z.string(),
      subject: z.string(),
      body: z.string(),
      headers: z.record(z.string(), z.string()).nullable(),
    }),
  ),
});

test("ten changes within a minute make one mail, whose one-click unsubscribe works signed out", async ({
  page,
  browser,
  playwright,
}) => {
  test.setTimeout(180_000);
  const { workspaceId, memberContext, memberEmail } = await workspaceWithMember(page, browser, {
    owner: "Ada Lovelace",
    member: "Dora Digest",
    workspace: "Digest test",
  });
  const projectId = await createProjectThroughSync(page.request, workspaceId, {
    name: "Digest",
    key: "DG",
  });
  const taskIds = await createTasksThroughSync(page.request, projectId, "Burst", 10);
  const doraId = await userIdOf(memberContext);
  await pushMutations(
    page.request,
    taskIds.map((id) => mutation("updateTask", { id, assigneeId: doraId, updatedAt: now() })),
  );

  // Mentions and assignments go "at once": the mail job batches what a minute brings.
  let mail: z.infer<typeof outboxSchema>["mails"][number] | undefined;
  await expect(async () => {
    const response = await page.request.get(
      `/api/dev/outbox?to=${encodeURIComponent(memberEmail)}`,
    );
    const { mails } = outboxSchema.parse(await response.json());
    mail = mails.find((candidate) => candidate.kind === "notifications");
    expect(mail, "a notification mail").toBeTruthy();
  }).toPass({ timeout: 150_000, intervals: [2_000] });
  if (!mail) throw new Error("no notification mail");
  expect(mail.subject).toBe("10 updates in Tasks");
  for (const id of taskIds) expect(mail.body).toContain(`/project/${projectId}/task/${id}`);
  expect(mail.body).toContain("Ada Lovelace assigned DG-");
  expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  const unsubscribe = /^<(.+)>$/.exec(mail.headers?.["List-Unsubscribe"] ?? "")?.[1];
  expect(unsubscribe).toBeTruthy();

  // The mail client's one-click POST, with no session at all (RFC 8058).
  const signedOut = await playwright.request.newContext();
  const response = await signedOut.post(unsubscribe ?? "", {
    form: { "List-Unsubscribe": "One-Click" },
  });
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain("Unsubscribed");
  const forged = await signedOut.post(`${unsubscribe}x`, {
    form: { "List-Unsubscribe": "One-Click" },
  });
  expect(forged.status()).toBe(403);
  await signedOut.dispose();

  // Dora's settings now say Off for both, in her Preferences.
  const doraPage = await memberContext.newPage();
  await doraPage.goto("/dashboard/settings/account/preferences");
  const direct = doraPage.getByRole("group", { name: "Mentions and assignments by mail" });
  const other = doraPage.getByRole("group", { name: /Comments, status/ });
  await expect(direct.getByRole("radio", { name: "Off" })).toBeChecked();
  await expect(other.getByRole("radio", { name: "Off" })).toBeChecked();
  await memberContext.close();
});

test("on a phone an inbox line keeps all its words, and All / Unread is a drawn choice, not bare buttons", async ({
  browser,
}) => {
  const { owner, member, workspaceId, projectId } = await ownerAndMember(browser);
  const [taskId] = await createTasksThroughSync(owner.request, projectId, "Rewire bench", 1);
  const miloId = await userIdOf(member);
  await pushMutations(owner.request, [
    mutation("updateTask", { id: taskId ?? "", assigneeId: miloId, updatedAt: now() }),
  ]);

  // Opened first, as a link from a mail would: no other screen has brought its styles.
  const milo = await member.newPage();
  await milo.setViewportSize({ width: 390, height: 844 });
  await milo.goto(`/dashboard/workspace/${workspaceId}/inbox`);
  const assigned = row(milo, "Olga Owner assigned you");
  await expect(assigned).toBeVisible();
  const what = assigned.locator(".inbox-what");
  await expect(what).toHaveText("Olga Owner assigned you");
  // Every word is shown: the line wraps rather than cutting "assigned you" off.
  const cut = await what.evaluate((element) => element.scrollWidth > element.clientWidth);
  expect(cut).toBe(false);
  await expect(what).toBeInViewport({ ratio: 1 });

  const show = milo.getByRole("group", { name: "Show" });
  const all = show.getByRole("button", { name: "All" });
  const unread = show.getByRole("button", { name: /^Unread/ });
  await expect(all).toHaveAttribute("aria-pressed", "true");
  const looks = (button: typeof all) =>
    button.evaluate((element) => {
      const style = getComputedStyle(element);
      return { background: style.backgroundColor, border: style.borderTopStyle };
    });
  // The chosen one is raised and the other is not; neither has a browser's outset border.
  expect((await looks(all)).background).not.toBe((await looks(unread)).background);
  expect((await looks(unread)).border).not.toBe("outset");
  await unread.click();
  await expect(unread).toHaveAttribute("aria-pressed", "true");
  expect((await looks(unread)).background).not.toBe((await looks(all)).background);
  await owner.close();
  await member.close();
});
