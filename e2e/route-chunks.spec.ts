import { expect, test, type Page } from "@playwright/test";
import { signedInPerson } from "./support/accounts.ts";
import { mutation, now, pushMutations } from "./support/sync-push.ts";
import { createProjectThroughSync } from "./support/sync.ts";

let person: Awaited<ReturnType<typeof signedInPerson>>;

test.beforeAll(async () => {
  person = await signedInPerson("chunks");
});

/** Every JavaScript file the page requests, in order, from now on. */
function recordScripts(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.endsWith(".js")) urls.push(request.url());
  });
  return urls;
}

async function openDashboard(page: Page) {
  await page.context().addCookies(person.cookies);
  await page.goto(`/dashboard/workspace/${person.workspaceId}`);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
}

function settingsLink(page: Page) {
  return page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" });
}

test("a screen's code is fetched only when the screen is visited", async ({ page }) => {
  const scripts = recordScripts(page);
  await openDashboard(page);
  const firstPage = [...scripts];
  expect(firstPage.some((url) => url.includes("/account-preferences-"))).toBe(false);

  await settingsLink(page).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\/account\/preferences$/);
  await expect(page.getByRole("heading", { level: 1, name: "Preferences" })).toBeVisible();
  const fetchedLater = scripts.filter((url) => !firstPage.includes(url));
  expect(fetchedLater.some((url) => url.includes("/account-preferences-"))).toBe(true);
});

test("the description editor's code (Tiptap, Yjs) comes with a task page, not with the board", async ({
  page,
}) => {
  await page.context().addCookies(person.cookies);
  const projectId = await createProjectThroughSync(page.request, person.workspaceId, {
    name: "Chunks",
    key: "CHK",
  });
  const taskId = `tsk-chunk-${Date.now().toString(36)}`;
  await pushMutations(page.request, [
    mutation("createTask", { id: taskId, projectId, title: "Lazy", createdAt: now() }),
  ]);
  const scripts = recordScripts(page);
  const projectUrl = `/dashboard/workspace/${person.workspaceId}/project/${projectId}`;
  await page.goto(`${projectUrl}/board`);
  await expect(page.getByRole("link", { name: "Lazy", exact: true })).toBeVisible();
  const editorCode = (urls: string[]) =>
    urls.filter((url) => /\/description-(editor|session|doc)-/.test(url));
  expect(editorCode(scripts)).toEqual([]);

  await page.goto(`${projectUrl}/task/${taskId}`);
  await expect(page.getByRole("textbox", { name: "Description" })).toBeVisible();
  const fetched = editorCode(scripts).join(" ");
  expect(fetched).toContain("/description-editor-");
  expect(fetched).toContain("/description-doc-");
});

test("the board draws its cards before it fetches the peek's code, and a click still opens the peek", async ({
  page,
}) => {
  await page.context().addCookies(person.cookies);
  const projectId = await createProjectThroughSync(page.request, person.workspaceId, {
    name: "Later parts",
    key: "LTR",
  });
  const taskId = `tsk-later-${Date.now().toString(36)}`;
  await pushMutations(page.request, [
    mutation("createTask", { id: taskId, projectId, title: "Peeked", createdAt: now() }),
  ]);
  // When the first card entered the page (before it was painted).
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector("article.task-card")) return;
      Object.assign(window, { firstCardAt: performance.now() });
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`/dashboard/workspace/${person.workspaceId}/project/${projectId}/board`);
  const title = page.getByRole("link", { name: "Peeked", exact: true });
  await title.click();
  await expect(page.getByRole("dialog").getByRole("heading", { name: "Peeked" })).toBeVisible();
  const { firstCardAt, peekCodeAt } = await page.evaluate(() => ({
    firstCardAt: (window as unknown as { firstCardAt: number }).firstCardAt,
    peekCodeAt: performance
      .getEntriesByType("resource")
      .find((entry) => /\/task-peek-[\w-]+\.js$/.test(entry.name))?.startTime,
  }));
  expect(peekCodeAt).toBeGreaterThan(firstCardAt);
});

test("hovering a link fetches its screen's code before the click", async ({ page }) => {
  await openDashboard(page);
  const preload = page.waitForRequest((request) => request.url().includes("/settings-layout-"));
  await settingsLink(page).hover();
  await preload;
  await expect(page).toHaveURL(/\/dashboard\/workspace\/[^/]+$/);
});

test("a screen whose code cannot be fetched offers a reload", async ({ page }) => {
  await openDashboard(page);
  // As after a deploy: the chunks this tab knows about are gone from the server.
  await page.route(/\/assets\/[\w-]+\.js$/, (route) => route.abort());
  await settingsLink(page).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "This page could not be loaded" }),
  ).toBeVisible();

  await page.unrouteAll();
  await page.getByRole("button", { name: "Reload" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Preferences" })).toBeVisible();
});
