import { expect, test } from "@playwright/test";
import { z } from "zod";
import { createTasksThroughSync } from "./support/sync.ts";
import {
  addTask,
  keyboardDragReady,
  openBoard,
  ownerAndMember,
  syncStatus,
  titles,
  underServiceWorker,
} from "./support/team.ts";

const pullAnswer = z.object({ lastMutationIDChanges: z.record(z.string(), z.number()) });

test("with the network cut, a reload of the board shows the project and its tasks", async ({
  browser,
}) => {
  const { owner, member, projectId, boardUrl } = await ownerAndMember(browser);
  await createTasksThroughSync(owner.request, projectId, "Stored", 2);
  const page = await owner.newPage();
  await openBoard(page, boardUrl);
  await underServiceWorker(page);
  await expect(titles(page, "To do")).toHaveText(["Stored 1", "Stored 2"]);

  await owner.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Website" })).toBeVisible();
  await expect(titles(page, "To do")).toHaveText(["Stored 1", "Stored 2"]);
  await expect(syncStatus(page)).toHaveText("Offline");
  await owner.close();
  await member.close();
});

test("once the server has confirmed a change, a tab opened with the network cut does not count it as pending", async ({
  browser,
}) => {
  const { owner, member, projectId, boardUrl } = await ownerAndMember(browser);
  await createTasksThroughSync(owner.request, projectId, "Stored", 2);
  const page = await owner.newPage();
  await openBoard(page, boardUrl);
  await underServiceWorker(page);
  await expect(titles(page, "To do")).toHaveText(["Stored 1", "Stored 2"]);

  // A move within its column: the server's row comes back equal to the store's own, so the
  // pull that confirms it changes no value, only what is pending.
  const confirmed = page.waitForResponse(async (response) => {
    if (!response.url().endsWith("/api/replicache/pull")) return false;
    const body = pullAnswer.safeParse(await response.json());
    return body.success && Object.keys(body.data.lastMutationIDChanges).length > 0;
  });
  // Up one place within its column, with the keyboard.
  await page.getByRole("button", { name: "Drag Stored 2" }).focus();
  await page.keyboard.press("Space");
  await expect(page.getByText(/Stored 2 is in its place in To do\./)).toBeAttached();
  await keyboardDragReady(page);
  await page.keyboard.press("ArrowUp");
  await expect(page.getByText(/Stored 2 is over \S+ Stored 1 in To do\./)).toBeAttached();
  await page.keyboard.press("Space");
  await expect(titles(page, "To do")).toHaveText(["Stored 2", "Stored 1"]);
  await confirmed;
  await expect(syncStatus(page)).toHaveCount(0);
  // A moment for the work that follows a pull (persisting runs after the next frame).
  await page.waitForTimeout(1000);

  // A new tab starts from what the store has written to IndexedDB.
  await owner.setOffline(true);
  const second = await owner.newPage();
  await openBoard(second, boardUrl);
  await expect(titles(second, "To do")).toHaveText(["Stored 2", "Stored 1"]);
  await expect(syncStatus(second)).toHaveText("Offline");
  await owner.close();
  await member.close();
});

test("tasks created and moved offline wait as pending changes, then reach another member", async ({
  browser,
}) => {
  const { owner, member, boardUrl } = await ownerAndMember(browser);
  const page = await owner.newPage();
  await openBoard(page, boardUrl);
  const memberPage = await member.newPage();
  await openBoard(memberPage, boardUrl);

  await owner.setOffline(true);
  await expect(syncStatus(page)).toHaveText("Offline");
  await addTask(page, "To do", "Written offline");
  await addTask(page, "To do", "Moved offline");
  await page.getByRole("button", { name: "Actions for Moved offline" }).click();
  await page.getByRole("menuitem", { name: "Move to" }).click();
  await page.getByRole("menuitem", { name: "Top of In review" }).click();
  await expect(titles(page, "In review")).toHaveText(["Moved offline"]);
  await expect(syncStatus(page)).toHaveText("Offline · 3 changes not synced");
  // Nothing left the browser.
  await expect(titles(memberPage, "To do")).toHaveCount(0);

  await owner.setOffline(false);
  await expect(titles(memberPage, "To do")).toHaveText(["Written offline"]);
  await expect(titles(memberPage, "In review")).toHaveText(["Moved offline"]);
  await expect(syncStatus(page)).toHaveCount(0);
  await owner.close();
  await member.close();
});

test("a change made offline just before the tab closes is sent when the app opens again", async ({
  browser,
}) => {
  const { owner, member, boardUrl } = await ownerAndMember(browser);
  const page = await owner.newPage();
  await openBoard(page, boardUrl);
  await underServiceWorker(page);
  const memberPage = await member.newPage();
  await openBoard(memberPage, boardUrl);

  await owner.setOffline(true);
  await addTask(page, "To do", "Typed before closing");
  // What the person sees before closing the tab: the change is kept, waiting for the network.
  await expect(syncStatus(page)).toHaveText("Offline · 1 change not synced");
  await page.close();

  // The same browser profile, so the same IndexedDB, back online.
  await owner.setOffline(false);
  const reopened = await owner.newPage();
  await openBoard(reopened, boardUrl);
  await expect(titles(reopened, "To do")).toHaveText(["Typed before closing"]);
  await expect(titles(memberPage, "To do")).toHaveText(["Typed before closing"]);
  await expect(syncStatus(reopened)).toHaveCount(0);
  await owner.close();
  await member.close();
});

test("the sign-in page opens offline and says that signing in needs the network", async ({
  page,
  context,
}) => {
  await page.goto("/auth/sign-in");
  await underServiceWorker(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const notice = page.getByRole("status").filter({ hasText: "You are offline" });
  await expect(notice).toHaveText("You are offline. Signing in needs a network connection.");
  await context.setOffline(false);
  await expect(notice).toHaveCount(0);
});

test("a first sync that takes a while says so until the data is in", async ({ browser }) => {
  const { owner, member, projectId, boardUrl } = await ownerAndMember(browser);
  await createTasksThroughSync(owner.request, projectId, "Arrives with the first sync", 1);
  const page = await owner.newPage();
  // A slow network: the first pull of this empty browser takes five seconds to answer.
  let delayed = false;
  await page.route("**/api/replicache/pull", async (route) => {
    if (!delayed) {
      delayed = true;
      await new Promise((resolve) => setTimeout(resolve, 5000));
    }
    await route.continue();
  });
  await page.goto(boardUrl);
  const loading = page.getByRole("status").filter({ hasText: "Loading your workspaces…" });
  await expect(loading).toBeVisible();
  await expect(titles(page, "To do")).toHaveText(["Arrives with the first sync 1"]);
  await expect(loading).toHaveCount(0);
  // A later visit has its data already: no notice.
  await page.reload();
  await expect(titles(page, "To do")).toHaveText(["Arrives with the first sync 1"]);
  await expect(loading).toHaveCount(0);
  await owner.close();
  await member.close();
});
