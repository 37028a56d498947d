import { expect, test, type Page } from "@playwright/test";
import { signedInPerson } from "./support/accounts.ts";
import { createProjectThroughSync, createTasksThroughSync } from "./support/sync.ts";

// While a fresh browser's store waits for its first pull, each project screen shows a skeleton
// of its own shape; when the pull lands, the screen itself.

let person: Awaited<ReturnType<typeof signedInPerson>>;
let projectId = "";
let taskId = "";

test.beforeAll(async ({ playwright }) => {
  person = await signedInPerson("skeletons");
  const request = await playwright.request.newContext({
    baseURL: process.env.E2E_BASE_URL,
    storageState: { cookies: person.cookies, origins: [] },
  });
  projectId = await createProjectThroughSync(request, person.workspaceId, {
    name: "Skeleton Garden",
    key: "SKG",
  });
  [taskId = ""] = await createTasksThroughSync(request, projectId, "Prune", 1);
  await request.dispose();
});

/** Holds the first pull until the returned function is called. */
async function holdFirstPull(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/replicache/pull", async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const projectPath = (screen: string) =>
  `/dashboard/workspace/${person.workspaceId}/project/${projectId}/${screen}`;
// The skeleton on screen: a workspace's screen kept mounted behind the workspace's own skeleton
// (workspace-layout.tsx) may hold a hidden one of its own.
const skeleton = (page: Page) => page.getByTestId("screen-skeleton").filter({ visible: true });

test("the board loads as columns of card placeholders, then its columns", async ({ page }) => {
  await page.context().addCookies(person.cookies);
  const release = await holdFirstPull(page);
  await page.goto(projectPath("board"));
  await expect(page.getByRole("status").filter({ hasText: "Loading the" })).toBeAttached();
  await expect(skeleton(page).getByTestId("skeleton-column")).toHaveCount(4);
  expect(await skeleton(page).getByTestId("skeleton-card").count()).toBeGreaterThan(4);
  release();
  await expect(page.getByRole("region", { name: "To do", exact: true })).toContainText("Prune 1");
  await expect(skeleton(page)).toHaveCount(0);
});

for (const screen of ["list", "backlog"]) {
  test(`the ${screen} loads as rows, then its tasks`, async ({ page }) => {
    await page.context().addCookies(person.cookies);
    const release = await holdFirstPull(page);
    await page.goto(projectPath(screen));
    await expect(skeleton(page).getByTestId("skeleton-row")).toHaveCount(8);
    await expect(skeleton(page).getByTestId("skeleton-column")).toHaveCount(0);
    release();
    await expect(skeleton(page)).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1, name: "Skeleton Garden" })).toBeVisible();
  });
}

test("the task page loads as a title and a properties column, then the task", async ({ page }) => {
  await page.context().addCookies(person.cookies);
  const release = await holdFirstPull(page);
  await page.goto(projectPath(`task/${taskId}`));
  await expect(skeleton(page).getByTestId("skeleton-properties")).toBeVisible();
  release();
  await expect(skeleton(page)).toHaveCount(0);
  await expect(page.getByText("SKG-1").first()).toBeVisible();
});

test("the skeleton keeps still for people who ask for reduced motion", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.context().addCookies(person.cookies);
  const release = await holdFirstPull(page);
  await page.goto(projectPath("board"));
  // The workspace's skeleton gives way to the project's while the page starts, so the bar is
  // looked up again on each try: a bar just removed from the page has no computed style.
  const bar = skeleton(page).locator(".skeleton-bar").first();
  await expect(bar).toBeVisible();
  await expect(bar).toHaveCSS("animation-name", "none");
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await expect(bar).toHaveCSS("animation-name", "skeleton-shimmer");
  release();
});

test("the first frame is the app's shape from the page alone, before any script or stylesheet", async ({
  browser,
}) => {
  // No script, and every stylesheet held back: what the browser can draw from index.html.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.route("**/*.css", () => new Promise(() => undefined));
  await page.goto(projectPath("board"), { waitUntil: "commit" });
  const shape = page.locator("#root > .boot");
  await expect(shape).toBeVisible();
  await expect(shape.locator("svg")).toBeVisible();
  const box = await shape.locator(".boot-sidebar").boundingBox();
  expect(box?.width).toBe(240);
  // Dark over the whole window, the default theme, and nothing of it outside (a page in the
  // light theme would keep a dark canvas below its end).
  expect(await shape.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
    "rgb(14, 14, 17)",
  );
  expect(await shape.boundingBox()).toEqual({ x: 0, y: 0, width: 1280, height: 720 });
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
    "rgba(0, 0, 0, 0)",
  );
  // The stylesheet comes after it, so it holds nothing back.
  expect(await page.locator("head link[rel=stylesheet]").count()).toBe(0);
  expect(await page.locator("body > link[rel=stylesheet]").count()).toBe(1);
  await context.close();
});
