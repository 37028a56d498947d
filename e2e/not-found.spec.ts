import { expect, test, type Page } from "@playwright/test";
import { signedInPerson } from "./support/accounts.ts";
import { createProjectThroughSync } from "./support/sync.ts";

let person: Awaited<ReturnType<typeof signedInPerson>>;
let stranger: Awaited<ReturnType<typeof signedInPerson>>;

test.beforeAll(async () => {
  person = await signedInPerson("found");
  stranger = await signedInPerson("stranger");
});

const rememberedWorkspace = (page: Page) =>
  page.evaluate(() => {
    const stored: unknown = JSON.parse(localStorage.getItem("user-preferences") ?? "{}");
    return typeof stored === "object" && stored !== null && "activeWorkspaceId" in stored
      ? stored.activeWorkspaceId
      : null;
  });

const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name });

test("an unknown or someone else's workspace says it is not found, and is not remembered", async ({
  page,
}) => {
  await page.context().addCookies(person.cookies);
  await page.goto(`/dashboard/workspace/${person.workspaceId}`);
  await expect(heading(page, "found workspace")).toBeVisible();
  expect(await rememberedWorkspace(page)).toBe(person.workspaceId);

  for (const workspaceId of ["no-such-workspace", stranger.workspaceId]) {
    await page.goto(`/dashboard/workspace/${workspaceId}`);
    await expect(heading(page, "Workspace not found")).toBeVisible();
    expect(await rememberedWorkspace(page)).toBe(person.workspaceId);
  }
  // Its screens too, in-app navigation as well as a fresh load.
  await page.goto(`/dashboard/workspace/no-such-workspace/project/no-such-project/board`);
  await expect(heading(page, "Workspace not found")).toBeVisible();

  await page.getByRole("link", { name: "Go to your workspaces" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/workspace/${person.workspaceId}$`));
  await expect(heading(page, "found workspace")).toBeVisible();
});

test("an unknown project or task of a real workspace says so, with a way back", async ({
  page,
}) => {
  await page.context().addCookies(person.cookies);
  const projectId = await createProjectThroughSync(page.request, person.workspaceId, {
    name: "Website",
    key: "WEB",
  });
  const workspaceUrl = `/dashboard/workspace/${person.workspaceId}`;

  for (const screen of ["board", "backlog", "task/no-such-task"]) {
    await page.goto(`${workspaceUrl}/project/no-such-project/${screen}`);
    await expect(heading(page, "Project not found")).toBeVisible();
  }
  await page.getByRole("link", { name: "Back to found workspace" }).click();
  await expect(page).toHaveURL(new RegExp(`${workspaceUrl}$`));

  await page.goto(`${workspaceUrl}/project/${projectId}/task/no-such-task`);
  await expect(heading(page, "Task not found")).toBeVisible();
  await page.getByRole("link", { name: "Back to the board" }).click();
  await expect(heading(page, "Website")).toBeVisible();

  await page.goto("/dashboard/settings/projects/no-such-project/general");
  await expect(heading(page, "Project not found")).toBeVisible();
  await page.getByRole("link", { name: "See your projects" }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\/projects$/);
});

test("offline in a browser that never synced, a workspace says so, and opens once back online", async ({
  page,
  context,
}) => {
  await context.addCookies(person.cookies);
  // The first sync never reaches the server.
  await page.route("**/api/replicache/pull", (route) => route.abort("internetdisconnected"));
  await page.goto(`/dashboard/workspace/${person.workspaceId}`);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await context.setOffline(true);
  await expect(heading(page, "You are offline")).toBeVisible();
  await expect(heading(page, "Workspace not found")).toHaveCount(0);

  await page.unrouteAll();
  await context.setOffline(false);
  await expect(heading(page, "found workspace")).toBeVisible();
});

test("a workspace still arriving with the first sync is loading, not missing", async ({ page }) => {
  await page.context().addCookies(person.cookies);
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/replicache/pull", async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(`/dashboard/workspace/${person.workspaceId}`);
  await expect(page.getByText("Loading the workspace…")).toBeVisible();
  release();
  await expect(heading(page, "found workspace")).toBeVisible();
});
