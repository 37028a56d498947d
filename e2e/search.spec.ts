import { expect, test, type Page } from "@playwright/test";
import { uniqueEmail } from "./support/accounts.ts";
import { ownerOfNewProject } from "./support/sync.ts";
import { mutation, now, pushMutations } from "./support/sync-push.ts";

/**
 * A new owner with a project "Website" (key WEB) holding one task, WEB-1, whose description
 * and comment carry words found nowhere else.
 */
async function ownerWithTask(page: Page) {
  const { workspaceId, projectId } = await ownerOfNewProject(page.request, "Search workspace", {
    owner: { name: "Sam Searcher", email: uniqueEmail("search") },
    project: { name: "Website", key: "WEB" },
  });
  const taskId = `srch-${Date.now().toString(36)}`;
  await pushMutations(page.request, [
    mutation("createTask", {
      id: taskId,
      projectId,
      title: "Tidy the landing page",
      description: "The hero image shows a quokka instead of the product.",
      createdAt: now(),
    }),
    mutation("addComment", {
      id: `${taskId}-c`,
      taskId,
      body: "Marketing &amp; sales asked for a **pangolin** next time, see [the brief](https://example.com/brief).",
      createdAt: now(),
    }),
  ]);
  const taskUrl = `/dashboard/workspace/${workspaceId}/project/${projectId}/task/${taskId}`;
  // The person has opened the project, so its tasks and comments are in this browser's store
  // and index (partial sync; a project never opened is searched through the server, which
  // e2e/partial-sync.spec.ts covers).
  await page.goto(`/dashboard/workspace/${workspaceId}/project/${projectId}/board`);
  await expect(page.getByRole("link", { name: /Tidy the landing page/ }).first()).toBeVisible();
  return { workspaceId, projectId, taskId, taskUrl };
}

/** Another device renames the task (pushed as that person, straight to the server). */
async function renameElsewhere(page: Page, projectId: string, taskId: string, title: string) {
  await pushMutations(page.request, [
    mutation("updateTask", { id: taskId, projectId, title, updatedAt: now() }),
  ]);
}

const searchField = (page: Page) =>
  page.getByRole("searchbox", { name: "Search tasks, projects and comments" });
const results = (page: Page) => page.getByTestId("search-results");
const group = (page: Page, name: string) => results(page).getByRole("list", { name });

test("offline, a word of a task's description finds the task, highlighted, and opens its page", async ({
  page,
  context,
}) => {
  const { workspaceId, taskUrl } = await ownerWithTask(page);
  await page.goto(`/dashboard/workspace/${workspaceId}/search`);
  await expect(searchField(page)).toBeFocused();
  await expect(results(page)).toContainText("Type to search…");
  // The first load is not yet controlled by the service worker; after a reload it is, so the
  // task page's code also comes from its cache offline.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
  // The store has the task once the search finds it by its title.
  await searchField(page).fill("tidy");
  await expect(group(page, "Tasks").getByRole("link")).toContainText("Tidy the landing page");
  await searchField(page).fill("");
  await expect(results(page)).toContainText("Type to search…");

  await context.setOffline(true);
  await searchField(page).pressSequentially("Quok");
  const hit = group(page, "Tasks").getByRole("link");
  await expect(hit).toHaveCount(1);
  await expect(hit).toContainText("WEB-1");
  await expect(hit).toContainText("Tidy the landing page");
  await expect(hit.locator("mark")).toHaveText("quok");
  await expect(results(page).getByRole("status")).toHaveText("1 result");
  await expect(page).toHaveURL(/\/search\?q=Quok$/);

  await hit.click();
  await expect(page).toHaveURL(taskUrl);
  await expect(page.getByRole("navigation", { name: "Breadcrumbs" })).toContainText("WEB-1");
  await context.setOffline(false);
});

test("a comment's word finds the comment, and a task key finds the task; Enter opens the first result", async ({
  page,
}) => {
  const { workspaceId, taskUrl } = await ownerWithTask(page);
  await page.goto(`/dashboard/workspace/${workspaceId}/search?q=pangolin`);
  await expect(searchField(page)).toHaveValue("pangolin");
  const comment = group(page, "Comments").getByRole("link");
  await expect(comment).toHaveCount(1);
  await expect(comment).toContainText("Comment on");
  await expect(comment).toContainText("WEB-1");
  await expect(comment.locator("mark")).toHaveText("pangolin");
  // The words as the comment reads, from the same document model as the editors: no marks, no
  // link address, the entity as its character.
  await expect(comment).toContainText(
    "Marketing & sales asked for a pangolin next time, see the brief.",
  );
  await expect(group(page, "Tasks")).toHaveCount(0);

  await searchField(page).fill("web-1");
  const task = group(page, "Tasks").getByRole("link");
  await expect(task).toHaveCount(1);
  await expect(task.locator("mark")).toHaveText("WEB-1");

  await searchField(page).fill("no such zebra");
  await expect(results(page)).toContainText("No results for “no such zebra”");
  await expect(results(page).getByRole("status")).toHaveText("0 results");

  await searchField(page).fill("WEB-1");
  await expect(task).toHaveCount(1);
  await searchField(page).press("Enter");
  await expect(page).toHaveURL(taskUrl);
});

test("the sidebar opens search; the arrow keys move through the results and Enter opens the focused one", async ({
  page,
}) => {
  const { workspaceId, projectId } = await ownerWithTask(page);
  await page.goto(`/dashboard/workspace/${workspaceId}`);
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Search" })
    .click();
  await expect(page).toHaveURL(`/dashboard/workspace/${workspaceId}/search`);
  await expect(searchField(page)).toBeFocused();
  await page.keyboard.type("web");
  const links = results(page).getByRole("link");
  // Groups come in a fixed order: Tasks, then Projects.
  await expect(group(page, "Tasks").getByRole("link")).toHaveCount(1);
  await expect(group(page, "Projects").getByRole("link")).toContainText("Website");
  await searchField(page).press("ArrowDown");
  await expect(links.nth(0)).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(links.nth(1)).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await expect(searchField(page)).toBeFocused();
  await searchField(page).press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`/dashboard/workspace/${workspaceId}/project/${projectId}/board`);
});

test("a task retitled elsewhere is found by its new title at once, and no longer by its old one", async ({
  page,
}) => {
  const { workspaceId, projectId, taskId } = await ownerWithTask(page);
  await page.goto(`/dashboard/workspace/${workspaceId}/search?q=tidy`);
  const tasks = group(page, "Tasks").getByRole("link");
  await expect(tasks).toContainText("Tidy the landing page");

  // Another device renames the task; the poke brings the change into this store.
  await renameElsewhere(page, projectId, taskId, "Polish the wombat banner");
  await expect(results(page)).toContainText("No results for “tidy”");

  await searchField(page).fill("wombat");
  await expect(tasks).toContainText("Polish the wombat banner");
  await expect(tasks.locator("mark")).toHaveText("wombat");
});

test("a project's new key renames its tasks in search: WEB-1 becomes SITE-1", async ({ page }) => {
  const { workspaceId, projectId } = await ownerWithTask(page);
  await page.goto(`/dashboard/workspace/${workspaceId}/search?q=WEB-1`);
  const tasks = group(page, "Tasks").getByRole("link");
  await expect(tasks).toContainText("WEB-1");

  await pushMutations(page.request, [
    mutation("updateProject", { id: projectId, key: "SITE", updatedAt: now() }),
  ]);
  await searchField(page).fill("SITE-1");
  await expect(tasks).toHaveCount(1);
  await expect(tasks).toContainText("SITE-1");
  await expect(tasks).toContainText("Tidy the landing page");
});

test("offline on the board, / opens search and a word of a task's description finds it", async ({
  page,
  context,
}) => {
  const { workspaceId, projectId, taskUrl } = await ownerWithTask(page);
  const boardUrl = `/dashboard/workspace/${workspaceId}/project/${projectId}/board`;
  await page.goto(boardUrl);
  await expect(
    page.getByRole("article").filter({ hasText: "Tidy the landing page" }),
  ).toBeVisible();
  // Served by the service worker from here on, so the search screen's code loads offline.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);

  await context.setOffline(true);
  await page.keyboard.press("/");
  await expect(page).toHaveURL(`/dashboard/workspace/${workspaceId}/search`);
  await expect(searchField(page)).toBeFocused();
  await page.keyboard.type("quokka");
  const hit = group(page, "Tasks").getByRole("link");
  await expect(hit).toContainText("Tidy the landing page");
  await hit.click();
  await expect(page).toHaveURL(taskUrl);
  await context.setOffline(false);
});

test("back and forward between two searches put each one's words back in the field", async ({
  page,
}) => {
  const { workspaceId } = await ownerWithTask(page);
  await page.goto(`/dashboard/workspace/${workspaceId}/search?q=quokka`);
  await expect(searchField(page)).toHaveValue("quokka");
  await expect(group(page, "Tasks").getByRole("link")).toHaveCount(1);
  // A new search from the sidebar, on the same screen: a new history entry with an empty field.
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Search" })
    .click();
  await expect(page).toHaveURL(`/dashboard/workspace/${workspaceId}/search`);
  await expect(searchField(page)).toHaveValue("");
  await searchField(page).fill("pangolin");
  await expect(group(page, "Comments").getByRole("link")).toHaveCount(1);
  await page.goBack();
  await expect(page).toHaveURL(`/dashboard/workspace/${workspaceId}/search?q=quokka`);
  await expect(searchField(page)).toHaveValue("quokka");
  await expect(group(page, "Tasks").getByRole("link")).toHaveCount(1);
  await expect(group(page, "Comments")).toHaveCount(0);
  await page.goForward();
  await expect(searchField(page)).toHaveValue("pangolin");
  await expect(group(page, "Comments").getByRole("link")).toHaveCount(1);
});

test("on a phone a result's title wraps as text, its match marked within it", async ({ page }) => {
  const { workspaceId, projectId } = await ownerWithTask(page);
  const title = "Rewrite the onboarding emails for every new customer landing on the pricing page";
  await pushMutations(page.request, [
    mutation("createTask", {
      id: `long-${Date.now().toString(36)}`,
      projectId,
      title,
      createdAt: now(),
    }),
  ]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/dashboard/workspace/${workspaceId}/search?q=landing`);
  const hit = group(page, "Tasks").getByRole("link").filter({ hasText: "Rewrite" });
  await expect(hit.locator("mark")).toHaveText("landing");
  // The title runs on over lines as a sentence does, so the mark, in its middle, is on a later
  // line than the title's first words (not beside them in a column of its own); the key stays
  // on one line.
  const mark = (await hit.locator("mark").boundingBox()) ?? { y: 0, height: 0 };
  const words = (await hit.getByText(title).boundingBox()) ?? { y: 0 };
  expect(mark.y - words.y).toBeGreaterThan(mark.height / 2);
  const key = (await hit.getByText("WEB-2", { exact: true }).boundingBox()) ?? { height: 0 };
  expect(key.height).toBeLessThan(mark.height * 1.5);
});

test("an index left as it was is trusted on the next load, put right when search opens if it was lost behind its back, and compared again after a change made elsewhere", async ({
  page,
}) => {
  const { workspaceId, projectId, taskId } = await ownerWithTask(page);
  await page.goto(`/dashboard/workspace/${workspaceId}/search?q=quokka`);
  const tasks = group(page, "Tasks").getByRole("link");
  await expect(tasks).toContainText("Tidy the landing page");
  const userId = await page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem("auth-session") ?? "{}") as { user: { id: string } }).user
        .id,
  );
  // A load whose first pass finds the index caught up keeps its digest beside it (a change that
  // lands after a first pass forgets it until the next load's).
  const digest = () =>
    page.evaluate((key) => localStorage.getItem(key), `search-index-digest:${userId}`);
  await expect(async () => {
    await page.reload();
    await expect(tasks).toContainText("Tidy the landing page");
    await expect.poll(digest, { timeout: 3000 }).toBeTruthy();
  }).toPass();
  // Away from the app (a page of the same origin without it), the index's database is deleted
  // and its digest left: the next load's store gives that digest, so only search's own check
  // can notice.
  const deleteIndex = async () => {
    await page.goto("/api/health");
    await page.evaluate(
      (name) =>
        new Promise<void>((resolve, reject) => {
          const request = indexedDB.deleteDatabase(name);
          request.onsuccess = () => resolve();
          request.onerror = () => reject(new Error("not deleted"));
        }),
      `search-${userId}`,
    );
  };

  await deleteIndex();
  await page.goto(`/dashboard/workspace/${workspaceId}/search?q=quokka`);
  await expect(tasks).toContainText("Tidy the landing page");

  // Away again, another device renames the task: the next load's store differs from the digest.
  await deleteIndex();
  await renameElsewhere(page, projectId, taskId, "Polish the wombat banner");
  await page.goto(`/dashboard/workspace/${workspaceId}/search?q=wombat`);
  await expect(tasks).toContainText("Polish the wombat banner");
  await searchField(page).fill("tidy");
  await expect(results(page)).toContainText("No results for “tidy”");
});
