import { expect, test, type Page } from "@playwright/test";
import { createProjectThroughSync, createTasksThroughSync } from "./support/sync.ts";
import { mutation, now, pushMutations } from "./support/sync-push.ts";
import {
  openBoard,
  ownerAndMember,
  syncStatus,
  titles,
  underServiceWorker,
} from "./support/team.ts";

/**
 * Partial sync (server/sync/README.md "Partial sync"): a browser holds the tasks of the
 * projects it opened, and the histories (comments, activity…) of the tasks it opened; what is
 * opened for the first time loads at once, another person's work on what it never opened does
 * not reach it, and offline such a project or task says so.
 */

/** Every key the pulls of this page have put, as they arrive. */
function pulledKeys(page: Page): string[] {
  const keys: string[] = [];
  page.on("response", async (response) => {
    if (!response.url().endsWith("/api/replicache/pull")) return;
    const body = (await response.json().catch(() => null)) as {
      patch?: { op: string; key?: string }[];
    } | null;
    for (const op of body?.patch ?? []) {
      if (op.op === "put" && op.key) keys.push(op.key);
    }
  });
  return keys;
}

test("a project not opened yet loads on its first open, keeps others' changes away until then, and offline says it is not available", async ({
  browser,
}) => {
  const { owner, member, workspaceId, projectId, boardUrl } = await ownerAndMember(browser);
  await createTasksThroughSync(owner.request, projectId, "Site", 2);
  const mobileId = await createProjectThroughSync(owner.request, workspaceId, {
    name: "Mobile",
    key: "MOB",
  });
  await createTasksThroughSync(owner.request, mobileId, "App", 3);

  const page = await member.newPage();
  const pulled = pulledKeys(page);
  await openBoard(page, boardUrl);
  await underServiceWorker(page);
  await expect(titles(page, "To do")).toHaveText(["Site 1", "Site 2"]);
  // The workspace page counts the tasks of the opened project only.
  await page.goto(`/dashboard/workspace/${workspaceId}`);
  const mobileRow = page.getByRole("link", { name: /^Mobile MOB/ });
  await expect(mobileRow).toContainText("Not opened here yet");
  await expect(page.getByRole("link", { name: /^Website WEB/ })).toContainText("2 open");

  // Someone else's change in Mobile: the member's pulls carry none of Mobile's tasks.
  await createTasksThroughSync(owner.request, mobileId, "Later", 1);
  await createTasksThroughSync(owner.request, projectId, "Site", 1);
  await expect(page.getByRole("link", { name: /^Website WEB/ })).toContainText("3 open");
  expect(pulled.filter((key) => key.startsWith(`task/${mobileId}/`))).toEqual([]);

  // Offline, Mobile was never opened here: it says so rather than showing an empty board.
  await member.setOffline(true);
  await mobileRow.click();
  await expect(page.getByText("Mobile is not available offline")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to the workspace" })).toBeVisible();

  // Back online, it loads at once, with the change made while it was not loaded.
  await member.setOffline(false);
  // (Each batch of tasks was placed from the top: "Later 1" shares a position with "App 1".)
  const mobileTasks = ["App 1", "Later 1", "App 2", "App 3"];
  await expect(titles(page, "To do")).toHaveText(mobileTasks);

  // Opened once, it stays on this device: offline, a reload shows it.
  await member.setOffline(true);
  // "Offline" alone, not "saving on this device…": what it pulled is in IndexedDB.
  await expect(syncStatus(page)).toHaveText("Offline");
  await page.reload();
  await expect(titles(page, "To do")).toHaveText(mobileTasks);
  await owner.close();
  await member.close();
});

test("a reload with several projects on this device shows the page's own, and an empty project its empty board, never a board stuck loading", async ({
  browser,
}) => {
  const { owner, member, workspaceId, projectId, boardUrl } = await ownerAndMember(browser);
  await createTasksThroughSync(owner.request, projectId, "Site", 3);
  const mobileId = await createProjectThroughSync(owner.request, workspaceId, {
    name: "Mobile",
    key: "MOB",
  });
  await createTasksThroughSync(owner.request, mobileId, "App", 6);
  const emptyId = await createProjectThroughSync(owner.request, workspaceId, {
    name: "Empty",
    key: "EMP",
  });
  const projectUrl = (id: string) => `/dashboard/workspace/${workspaceId}/project/${id}/board`;

  const page = await member.newPage();
  // Every frame of the page: a board is never drawn empty while its tasks are being read.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __emptyBoards: string[] }).__emptyBoards = seen;
    const look = () => {
      const text = document.querySelector(".board-empty-state")?.textContent ?? "";
      if (text && !seen.includes(text)) seen.push(text);
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  const emptyBoards = () =>
    page.evaluate(() => (window as unknown as { __emptyBoards: string[] }).__emptyBoards);
  await page.goto(projectUrl(mobileId));
  await expect(titles(page, "To do")).toHaveCount(6);
  await page.goto(projectUrl(emptyId));
  await expect(page.getByText("No tasks in Empty yet")).toBeVisible();
  await openBoard(page, boardUrl);
  await expect(titles(page, "To do")).toHaveText(["Site 1", "Site 2", "Site 3"]);
  await underServiceWorker(page);

  // Reloaded on each board, with the other projects' tasks in the store too.
  await page.reload();
  await expect(titles(page, "To do")).toHaveText(["Site 1", "Site 2", "Site 3"]);
  expect(await emptyBoards()).toEqual([]);
  await page.goto(projectUrl(mobileId));
  await page.reload();
  await expect(titles(page, "To do")).toHaveCount(6);
  expect(await emptyBoards()).toEqual([]);
  await page.goto(projectUrl(emptyId));
  await page.reload();
  await expect(page.getByText("No tasks in Empty yet")).toBeVisible();

  // A project made after the store opened shows at once, and so do its first tasks.
  const laterId = await createProjectThroughSync(owner.request, workspaceId, {
    name: "Later",
    key: "LAT",
  });
  await expect(page.getByRole("link", { name: /^Later/ }).first()).toBeVisible();
  await page
    .getByRole("link", { name: /^Later/ })
    .first()
    .click();
  await expect(page.getByText("No tasks in Later yet")).toBeVisible();
  await createTasksThroughSync(owner.request, laterId, "Fresh", 1);
  await expect(titles(page, "To do")).toHaveText(["Fresh 1"]);
  await owner.close();
  await member.close();
});

test("search finds tasks of a project not opened on this device through the server", async ({
  browser,
}) => {
  const { owner, member, workspaceId, projectId, boardUrl } = await ownerAndMember(browser);
  await createTasksThroughSync(owner.request, projectId, "Homepage", 1);
  const mobileId = await createProjectThroughSync(owner.request, workspaceId, {
    name: "Mobile",
    key: "MOB",
  });
  await createTasksThroughSync(owner.request, mobileId, "Onboarding screens", 1);

  const page = await member.newPage();
  await openBoard(page, boardUrl);
  await page.goto(`/dashboard/workspace/${workspaceId}/search?q=onboarding`);
  const results = page.getByTestId("search-results");
  await expect(results.getByRole("status")).toHaveText("1 result");
  const hit = results.getByRole("link", { name: /MOB-1 Onboarding screens 1/ });
  await expect(hit).toBeVisible();
  await hit.click();
  await expect(page.getByRole("heading", { level: 1, name: "Onboarding screens 1" })).toBeVisible();

  // A local task and nothing twice once the project is here.
  await page.goto(`/dashboard/workspace/${workspaceId}/search?q=onboarding`);
  await expect(results.getByRole("status")).toHaveText("1 result");
  await owner.close();
  await member.close();
});

test("a task's comments load when its page opens, others' comments on tasks not opened stay away, and offline a task never opened says its history is not available", async ({
  browser,
}) => {
  const { owner, member, workspaceId, projectId, boardUrl } = await ownerAndMember(browser);
  const [opened = "", closed = ""] = await createTasksThroughSync(
    owner.request,
    projectId,
    "Task",
    2,
  );
  const comment = (taskId: string, body: string) =>
    pushMutations(owner.request, [
      mutation("addComment", {
        id: `c-${Math.random().toString(36).slice(2)}`,
        taskId,
        body,
        createdAt: now(),
      }),
    ]);
  await comment(opened, "First thoughts on the opened task");
  await comment(closed, "First thoughts on the other task");
  const taskUrl = (taskId: string) =>
    `/dashboard/workspace/${workspaceId}/project/${projectId}/task/${taskId}`;

  const page = await member.newPage();
  const pulled = pulledKeys(page);
  await openBoard(page, boardUrl);
  await underServiceWorker(page);
  await expect(titles(page, "To do")).toHaveText(["Task 1", "Task 2"]);
  // The board brings the tasks, not their comments.
  expect(pulled.filter((key) => key.startsWith("comment/"))).toEqual([]);

  await titles(page, "To do").filter({ hasText: "Task 1" }).click();
  await page.getByRole("link", { name: "Open full page" }).click();
  await expect(page).toHaveURL(taskUrl(opened));
  const comments = page.getByRole("list", { name: "Comments" });
  await expect(comments).toContainText("First thoughts on the opened task");

  // Another person's comments: on the opened task it arrives, on the other it does not.
  await comment(opened, "A reply that arrives");
  await comment(closed, "A reply that stays away");
  await expect(comments).toContainText("A reply that arrives");
  await page.waitForTimeout(500);
  expect(pulled.filter((key) => key.startsWith(`comment/${closed}/`))).toEqual([]);

  // Offline, the other task's page shows the task, and says its history is not on this device.
  await member.setOffline(true);
  await page.goto(boardUrl);
  await titles(page, "To do").filter({ hasText: "Task 2" }).click();
  // The board's peek says so under the description, as the page does.
  const peek = page.getByRole("dialog");
  await expect(peek.getByText("Not available offline")).toBeVisible();
  await expect(peek.getByRole("list", { name: "Comments" })).toHaveCount(0);
  await page.getByRole("link", { name: "Open full page" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Task 2" })).toBeVisible();
  await expect(page.getByText("Not available offline")).toBeVisible();
  await expect(page.getByRole("list", { name: "Comments" })).toHaveCount(0);
  // A comment can still be written: it shows at once and waits to be sent.
  const newComment = page.getByLabel("New comment");
  await newComment.fill("Written offline");
  await newComment.press("Control+Enter");
  await expect(page.getByRole("list", { name: "Comments" })).toHaveText(/Written offline/);

  // Back online, its earlier comments load beside it, and the note goes.
  await member.setOffline(false);
  await expect(comments).toContainText("A reply that stays away");
  await expect(comments).toContainText("First thoughts on the other task");
  await expect(comments).toContainText("Written offline");
  await expect(page.getByText("Not available offline")).toHaveCount(0);
  await owner.close();
  await member.close();
});
