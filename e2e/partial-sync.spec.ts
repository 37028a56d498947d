import { expect, test, type Page } from "@playwright/test";
import { createProjectThroughSync, createTasksThroughSync } from "./support/sync.ts";
import { openBoard, ownerAndMember, titles, underServiceWorker } from "./support/team.ts";

/**
 * Partial sync (server/sync/README.md "Partial sync"): a browser holds the tasks of the
 * projects it opened; a project opened for the first time loads at once, another person's
 * work in a project it never opened does not reach it, and offline such a project says so.
 */

/** Every task key the pulls of this page have brought, as they arrive. */
function pulledTaskKeys(page: Page): string[] {
  const keys: string[] = [];
  page.on("response", async (response) => {
    if (!response.url().endsWith("/api/replicache/pull")) return;
    const body = (await response.json().catch(() => null)) as {
      patch?: { op: string; key?: string }[];
    } | null;
    for (const op of body?.patch ?? []) {
      if (op.key?.startsWith("task/")) keys.push(op.key);
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
  const pulled = pulledTaskKeys(page);
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
  await page.waitForTimeout(1000);
  await member.setOffline(true);
  await page.reload();
  await expect(titles(page, "To do")).toHaveText(mobileTasks);
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
