import { expect, test, type Page } from "@playwright/test";
import { createWorkspaceThroughApi, signUpThroughApi, uniqueEmail } from "./support/accounts.ts";
import { createProjectThroughSync } from "./support/sync.ts";

// Each empty screen says what is missing and leads to the next step with one primary button.

async function newWorkspace(page: Page, label: string): Promise<string> {
  await signUpThroughApi(page.request, { name: `${label} Owner`, email: uniqueEmail(label) });
  return createWorkspaceThroughApi(page.request, `${label} workspace`);
}

test("a workspace without projects leads to creating one", async ({ page }) => {
  const workspaceId = await newWorkspace(page, "empty-projects");
  await page.goto(`/dashboard/workspace/${workspaceId}`);
  await expect(page.getByText("No projects yet.")).toBeVisible();
  await page.getByRole("button", { name: "Create project" }).click();
  await expect(page.getByRole("dialog", { name: "New project" })).toBeVisible();
});

test("an empty board leads to its first task, and shows the shortcut", async ({ page }) => {
  const workspaceId = await newWorkspace(page, "empty-board");
  const projectId = await createProjectThroughSync(page.request, workspaceId, {
    name: "Orchard",
    key: "ORC",
  });
  await page.goto(`/dashboard/workspace/${workspaceId}/project/${projectId}/board`);
  const empty = page.getByText("No tasks in Orchard yet").locator("..");
  await expect(empty).toContainText("or press T then C");
  await empty.getByRole("button", { name: "Create task" }).click();
  const dialog = page.getByRole("dialog", { name: "New task" });
  await dialog.getByRole("textbox", { name: "Title" }).fill("Plant apple trees");
  await dialog.getByRole("textbox", { name: "Title" }).press("Control+Enter");
  await expect(page.getByRole("region", { name: "To do", exact: true })).toContainText(
    "Plant apple trees",
  );
  await expect(page.getByText("No tasks in Orchard yet")).toHaveCount(0);
});

test("an empty backlog leads to planning a task", async ({ page }) => {
  const workspaceId = await newWorkspace(page, "empty-backlog");
  const projectId = await createProjectThroughSync(page.request, workspaceId, {
    name: "Someday",
    key: "SMD",
  });
  await page.goto(`/dashboard/workspace/${workspaceId}/project/${projectId}/backlog`);
  await page.getByRole("button", { name: "Plan a task" }).click();
  await expect(page.getByLabel("New task title")).toBeFocused();
});

test("a search without results offers to start over", async ({ page }) => {
  const workspaceId = await newWorkspace(page, "empty-search");
  await page.goto(`/dashboard/workspace/${workspaceId}/search?q=zebra`);
  const results = page.getByTestId("search-results");
  await expect(results).toContainText("No results for “zebra”");
  await results.getByRole("button", { name: "Clear search" }).click();
  const field = page.getByRole("searchbox", { name: "Search tasks, projects and comments" });
  await expect(field).toHaveValue("");
  await expect(field).toBeFocused();
  await expect(page).toHaveURL(/\/search$/);
});

test("a workspace with no one else leads to inviting people", async ({ page }) => {
  const workspaceId = await newWorkspace(page, "empty-members");
  await page.goto(`/dashboard/workspace/${workspaceId}/members`);
  await expect(page.getByText("Only you in empty-members workspace so far")).toBeVisible();
  await page.getByRole("button", { name: "Invite people" }).click();
  await expect(
    page.getByRole("form", { name: "Invite a member" }).getByRole("textbox", { name: "Email" }),
  ).toBeFocused();
});
