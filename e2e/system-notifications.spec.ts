import { expect, test, type Page } from "@playwright/test";
import { createTasksThroughSync } from "./support/sync.ts";
import { mutation, now, pushMutations } from "./support/sync-push.ts";
import { ownerAndMember, userIdOf } from "./support/team.ts";

/**
 * A system notification for an assignment that arrives while the tab is hidden, once the person
 * has allowed them; none while the tab is in view (the inbox shows it there). The browser's own
 * `Notification` and the tab's visibility are the only parts replaced: headless Chromium shows
 * no system notification and never hides a tab, so the page records what it would have shown
 * and is told when it is hidden.
 */

type Shown = { title: string; body: string | undefined };

const shownBy = (page: Page) =>
  page.evaluate(() => (window as unknown as { shownNotifications: Shown[] }).shownNotifications);

const setHidden = (page: Page, hidden: boolean) =>
  page.evaluate((value) => {
    (window as unknown as { tabHidden: boolean }).tabHidden = value;
  }, hidden);

test("an assignment while the tab is hidden shows a system notification; in view it shows none", async ({
  browser,
}) => {
  const { owner, member, workspaceId, projectId } = await ownerAndMember(browser);
  const milo = await userIdOf(member);
  const [inView, whileHidden] = await createTasksThroughSync(owner.request, projectId, "Logo", 2);
  await member.grantPermissions(["notifications"]);
  await member.addInitScript(() => {
    const page = window as unknown as { shownNotifications: Shown[]; tabHidden: boolean };
    page.shownNotifications = [];
    page.tabHidden = false;
    Object.defineProperty(Document.prototype, "hidden", {
      configurable: true,
      get: () => page.tabHidden,
    });
    const permission = Notification.permission;
    function RecordedNotification(title: string, options?: NotificationOptions) {
      page.shownNotifications.push({ title, body: options?.body });
    }
    RecordedNotification.permission = permission;
    Object.defineProperty(window, "Notification", {
      configurable: true,
      value: RecordedNotification,
    });
  });

  const page = await member.newPage();
  await page.goto(`/dashboard/workspace/${workspaceId}/inbox`);
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  const row = (name: RegExp) => page.locator("[data-notification-id]").filter({ hasText: name });

  // In view: the inbox shows the assignment, and no system notification is shown.
  await pushMutations(owner.request, [
    mutation("updateTask", { id: inView ?? "", assigneeId: milo, updatedAt: now() }),
  ]);
  await expect(row(/Olga Owner assigned you/)).toHaveCount(1, { timeout: 10_000 });
  expect(await shownBy(page)).toEqual([]);

  // Hidden: the next assignment comes as a system notification, named by the task.
  await setHidden(page, true);
  await pushMutations(owner.request, [
    mutation("updateTask", { id: whileHidden ?? "", assigneeId: milo, updatedAt: now() }),
  ]);
  await expect(row(/Olga Owner assigned you/)).toHaveCount(2, { timeout: 10_000 });
  await expect
    .poll(() => shownBy(page))
    .toEqual([{ title: "WEB-2 Logo 2", body: "Olga Owner assigned you" }]);
});
