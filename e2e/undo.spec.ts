import { expect, test, type Page } from "@playwright/test";
import { uniqueEmail } from "./support/accounts.ts";
import { mutation, now, pushMutations } from "./support/sync-push.ts";
import { createTasksThroughSync, ownerOfNewProject } from "./support/sync.ts";
import {
  column,
  openBoard,
  ownerAndMember,
  syncStatus,
  titles,
  underServiceWorker,
} from "./support/team.ts";

/** A new owner with a project "Website" (key WEB) and three tasks in To do. */
async function ownerWithTasks(page: Page) {
  const { workspaceId, projectId } = await ownerOfNewProject(page.request, "Undo workspace", {
    owner: { name: "Uma Undo", email: uniqueEmail("undo") },
    project: { name: "Website", key: "WEB" },
  });
  const taskIds = await createTasksThroughSync(page.request, projectId, "Card", 3);
  const projectUrl = `/dashboard/workspace/${workspaceId}/project/${projectId}`;
  return { workspaceId, projectId, taskIds, projectUrl, boardUrl: `${projectUrl}/board` };
}

async function moveToTopOf(page: Page, title: string, status: string) {
  await page.getByRole("button", { name: `Actions for ${title}` }).click();
  await page.getByRole("menuitem", { name: "Move to" }).click();
  await page.getByRole("menuitem", { name: `Top of ${status}` }).click();
}

/** Opens a card's task page: a click peeks at it, and the peek leads to the full page. */
async function openTaskPage(page: Page, title: string) {
  await column(page, "To do").getByRole("link", { name: title }).click();
  await page.getByRole("dialog").getByRole("link", { name: "Open full page" }).click();
}

/** The task page's status picker, named by its value ("Status: To do"). */
const statusPicker = (page: Page) =>
  page.getByRole("definition").getByRole("combobox", { name: /^Status: / });

const undo = (page: Page) => page.keyboard.press("ControlOrMeta+z");
const redo = (page: Page) => page.keyboard.press("ControlOrMeta+Shift+z");
/** Leaves a field, as a person clicks away once done with it. */
const leaveField = (page: Page) =>
  page.evaluate(() => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  });

test("Mod+Z undoes a move on the board, Mod+Shift+Z and Mod+Y redo it", async ({ page }) => {
  const { boardUrl } = await ownerWithTasks(page);
  await openBoard(page, boardUrl);
  await expect(titles(page, "To do")).toHaveText(["Card 1", "Card 2", "Card 3"]);

  await moveToTopOf(page, "Card 2", "Done");
  await expect(titles(page, "Done")).toHaveText(["Card 2"]);
  await undo(page);
  await expect(titles(page, "To do")).toHaveText(["Card 1", "Card 2", "Card 3"]);
  await expect(titles(page, "Done")).toHaveCount(0);

  await redo(page);
  await expect(titles(page, "Done")).toHaveText(["Card 2"]);
  await undo(page);
  await expect(titles(page, "Done")).toHaveCount(0);
  await page.keyboard.press("ControlOrMeta+y");
  await expect(titles(page, "Done")).toHaveText(["Card 2"]);
  await expect(titles(page, "To do")).toHaveText(["Card 1", "Card 3"]);
});

test("on the task page, Mod+Z undoes a status change and a title edit, but in a field it undoes typing", async ({
  page,
}) => {
  const { boardUrl } = await ownerWithTasks(page);
  await openBoard(page, boardUrl);
  await openTaskPage(page, "Card 1");
  const title = page.getByLabel("Title", { exact: true });
  const status = statusPicker(page);
  await expect(title).toHaveValue("Card 1");

  await status.click();
  await page.getByRole("option", { name: "In progress" }).click();
  await expect(page.getByRole("listbox")).toHaveCount(0);
  await leaveField(page);
  await title.fill("Card one, renamed");
  await title.press("Enter");
  await expect(title).toHaveValue("Card one, renamed");

  // Typing in a field: Mod+Z is the field's own and the task keeps its saved title.
  await title.focus();
  await title.pressSequentially("!");
  await undo(page);
  await expect(title).toHaveValue("Card one, renamed");
  await title.press("Escape");

  await undo(page);
  await expect(title).toHaveValue("Card 1");
  await expect(status).toHaveAccessibleName("Status: In progress");
  await undo(page);
  await expect(status).toHaveAccessibleName("Status: To do");
  await redo(page);
  await expect(status).toHaveAccessibleName("Status: In progress");
  await expect(title).toHaveValue("Card 1");
});

/** The task page's key, as its breadcrumbs show it ("WEB-2"). */
const breadcrumbs = (page: Page) => page.getByRole("navigation", { name: "Breadcrumbs" });
const comments = (page: Page) => page.getByRole("list", { name: "Comments" });

test("after a delete a toast offers Undo, which brings back the same task with its key and comments", async ({
  page,
}) => {
  const { boardUrl, taskIds } = await ownerWithTasks(page);
  const [, cardTwo = ""] = taskIds;
  await pushMutations(page.request, [
    mutation("addComment", {
      id: `${cardTwo}-c`,
      taskId: cardTwo,
      body: "Check the footer links",
      createdAt: now(),
    }),
  ]);
  await openBoard(page, boardUrl);
  await openTaskPage(page, "Card 2");
  await expect(breadcrumbs(page)).toContainText("WEB-2");
  await expect(comments(page)).toContainText("Check the footer links");
  await page.getByRole("button", { name: "Delete task" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete task" }).click();
  await expect(page).toHaveURL(new RegExp(`${boardUrl}$`));
  await expect(titles(page, "To do")).toHaveText(["Card 1", "Card 3"]);

  const toast = page.getByRole("listitem").filter({ hasText: "“Card 2” deleted" });
  await toast.getByRole("button", { name: "Undo" }).click();
  await expect(titles(page, "To do")).toHaveText(["Card 1", "Card 2", "Card 3"]);
  await openTaskPage(page, "Card 2");
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Card 2");
  // The same task, not a copy: WEB-2 again (a copy would be WEB-4), with its comment and history.
  await expect(breadcrumbs(page)).toContainText("WEB-2");
  await expect(comments(page)).toContainText("Check the footer links");
  await expect(page.getByRole("list", { name: "Activity" })).toContainText(
    "Uma Undo restored the task",
  );

  // Redo deletes it again; Mod+Z brings it back once more.
  await page.goto(boardUrl);
  await redo(page);
  await undo(page);
  await expect(titles(page, "To do")).toHaveText(["Card 1", "Card 2", "Card 3"]);
});

test("a bulk edit in the backlog is one step: the toast's Undo takes it back, Mod+Shift+Z redoes it", async ({
  page,
}) => {
  const { projectUrl, projectId } = await ownerWithTasks(page);
  await pushMutations(
    page.request,
    [1, 2, 3].map((n) =>
      mutation("createTask", {
        id: `${projectId}-p${n}`,
        projectId,
        title: `Plan ${n}`,
        status: "planned",
        createdAt: now(),
      }),
    ),
  );
  await page.goto(`${projectUrl}/backlog`);
  const selectBox = (key: string) => page.getByRole("checkbox", { name: `Select ${key}` });
  await selectBox("WEB-4").click();
  await selectBox("WEB-6").click({ modifiers: ["Shift"] });
  const bar = page.getByRole("toolbar", { name: "Bulk actions" });
  await expect(bar).toContainText("3 selected");
  await bar.getByLabel("Set priority").click();
  await page.getByRole("option", { name: "High" }).click();
  const rows = page.getByRole("listitem").filter({ hasText: /Plan \d/ });
  await expect(rows.filter({ hasText: "High" })).toHaveCount(3);

  const toast = page.getByRole("listitem").filter({ hasText: "3 tasks updated" });
  await toast.getByRole("button", { name: "Undo" }).click();
  await expect(rows.filter({ hasText: "High" })).toHaveCount(0);

  await leaveField(page);
  await redo(page);
  await expect(rows.filter({ hasText: "High" })).toHaveCount(3);
});

test("an undo made offline survives a reload and reaches the others once back online", async ({
  browser,
}) => {
  const { owner, member, projectId, boardUrl } = await ownerAndMember(browser);
  await createTasksThroughSync(owner.request, projectId, "Card", 2);
  const page = await owner.newPage();
  await openBoard(page, boardUrl);
  await underServiceWorker(page);
  const memberPage = await member.newPage();
  await openBoard(memberPage, boardUrl);

  await moveToTopOf(page, "Card 1", "In review");
  await expect(titles(memberPage, "In review")).toHaveText(["Card 1"]);

  await owner.setOffline(true);
  await undo(page);
  await expect(titles(page, "To do")).toHaveText(["Card 1", "Card 2"]);
  // Said once the undo is written on this device.
  await expect(syncStatus(page)).toHaveText("Offline · 1 change not synced");
  await page.reload();
  await expect(syncStatus(page)).toContainText("Offline");
  await expect(titles(page, "To do")).toHaveText(["Card 1", "Card 2"]);
  // Not asserted: that the other person still sees the move while this page is offline.
  // Chromium's emulated offline state leaks with the service worker in the way: in about 1 run
  // in 8, the push made right after setOffline reached the server while the page was told it
  // failed (seen in the server's log; Playwright's context.route did not stop it either). The
  // change then stays pending here, as a failed push leaves it, and the server applies it once.

  await owner.setOffline(false);
  await expect(titles(memberPage, "To do")).toHaveText(["Card 1", "Card 2"]);
  await expect(titles(memberPage, "In review")).toHaveCount(0);
  await owner.close();
  await member.close();
});
