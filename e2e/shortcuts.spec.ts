import { expect, test, type Page } from "@playwright/test";
import { uniqueEmail } from "./support/accounts.ts";
import { createTasksThroughSync, ownerOfNewProject } from "./support/sync.ts";

/** Signs `page` up as the owner of a workspace whose project "Website" (WEB) has 3 tasks. */
async function boardWithTasks(page: Page) {
  const { boardUrl } = await workspaceWithTasks(page);
  await page.goto(boardUrl);
  await expect(page.getByRole("heading", { level: 1, name: "Website" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Task 3", exact: true })).toBeVisible();
}

async function workspaceWithTasks(page: Page) {
  const { workspaceId, projectId } = await ownerOfNewProject(page.request, "Keys workspace", {
    owner: { name: "Kay Board", email: uniqueEmail("keys") },
    project: { name: "Website", key: "WEB" },
  });
  await createTasksThroughSync(page.request, projectId, "Task", 3);
  const workspaceUrl = `/dashboard/workspace/${workspaceId}`;
  return { workspaceUrl, boardUrl: `${workspaceUrl}/project/${projectId}/board` };
}

const card = (page: Page, title: string) =>
  page.getByRole("article").filter({ has: page.getByRole("link", { name: title, exact: true }) });

test("t then c on a project board opens New task, and the task lands on the board", async ({
  page,
}) => {
  await boardWithTasks(page);
  await page.keyboard.press("t");
  await page.keyboard.press("c");

  const dialog = page.getByRole("dialog", { name: "New task" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: "Title" })).toBeFocused();
  await page.keyboard.type("Made from the keyboard");
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(card(page, "Made from the keyboard")).toContainText("WEB-4");
});

test("away from the board, t c creates a task in the workspace's project; g b shows it there", async ({
  page,
}) => {
  const { workspaceUrl, boardUrl } = await workspaceWithTasks(page);
  await page.goto(workspaceUrl);
  await expect(page.getByRole("heading", { level: 1, name: "Keys workspace" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: /Website/ })).toBeVisible();

  await page.keyboard.press("t");
  await page.keyboard.press("c");
  const dialog = page.getByRole("dialog", { name: "New task" });
  await dialog.getByRole("textbox", { name: "Title" }).fill("Filed from the workspace");
  await dialog.getByRole("button", { name: "Create task" }).click();
  await expect(page.getByText("Task created in Website")).toBeVisible();

  await page.keyboard.press("g");
  await page.keyboard.press("b");
  await expect(page).toHaveURL(new RegExp(`${boardUrl}$`));
  await expect(card(page, "Filed from the workspace")).toContainText("WEB-4");
});

test("the palette's Theme: Light turns the app light", async ({ page }) => {
  await boardWithTasks(page);
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await page.keyboard.press("ControlOrMeta+k");
  const palette = page.getByRole("dialog", { name: "Command palette" });
  await palette.getByRole("combobox").fill("light");
  await palette.getByRole("option", { name: "Theme: Light" }).click();
  await expect(palette).toBeHidden();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
});

test("Mod+K opens the palette, Escape closes it; a task's key and Enter open that task", async ({
  page,
}) => {
  await boardWithTasks(page);
  const key =
    (await card(page, "Task 2")
      .getByText(/^WEB-\d+$/)
      .textContent()) ?? "";
  expect(key).toMatch(/^WEB-\d+$/);

  const palette = page.getByRole("dialog", { name: "Command palette" });
  await page.keyboard.press("ControlOrMeta+k");
  await expect(palette.getByRole("combobox")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(palette).toBeHidden();

  await page.keyboard.press("ControlOrMeta+k");
  await palette.getByRole("combobox").fill(key.toLowerCase());
  await expect(palette.getByRole("option", { name: `${key} Task 2` })).toBeVisible();
  await page.keyboard.press("Enter");

  await expect(palette).toBeHidden();
  await expect(page).toHaveURL(/\/task\/[\w-]+$/);
  await expect(page.getByRole("navigation", { name: "Breadcrumbs" })).toContainText(key);
});

test("? lists the keyboard shortcuts", async ({ page }) => {
  await boardWithTasks(page);
  await page.keyboard.press("?");

  const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(dialog).toBeVisible();
  // It opens at its top, not scrolled down to a button at its foot.
  await expect(dialog.getByRole("heading", { name: "Everywhere" })).toBeInViewport();
  for (const label of ["Open the command palette", "New task", "Focus the next card"]) {
    await expect(dialog.getByText(label, { exact: true })).toBeVisible();
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("Mod+B folds the sidebar to icons and its toggle button unfolds it", async ({ page }) => {
  await boardWithTasks(page);
  const sidebar = page.getByRole("navigation", { name: "Main" });
  const toggle = page.getByRole("button", { name: "Toggle sidebar" });
  const searchLabel = sidebar.getByText("Search", { exact: true });
  await expect(searchLabel).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");

  await page.keyboard.press("ControlOrMeta+b");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  // Folded, the entries show only their icons, and still lead where they did.
  expect((await sidebar.boundingBox())?.width).toBeLessThan(64);
  await expect(sidebar.getByRole("link", { name: "Search" })).toBeVisible();

  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  expect((await sidebar.boundingBox())?.width).toBeGreaterThan(150);
});

test("j moves the focus through the cards, x selects one and Enter opens the focused one", async ({
  page,
}) => {
  await boardWithTasks(page);
  await page.keyboard.press("j");
  await expect(card(page, "Task 1").getByRole("link")).toBeFocused();
  await page.keyboard.press("j");
  await expect(card(page, "Task 2").getByRole("link")).toBeFocused();
  await page.keyboard.press("x");
  await expect(page.getByRole("toolbar", { name: "Bulk actions" })).toContainText("1 selected");
  await page.keyboard.press("k");
  await expect(card(page, "Task 1").getByRole("link")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/task\/[\w-]+$/);
});

test("shortcut keys typed into a field are text, not shortcuts", async ({ page }) => {
  await boardWithTasks(page);
  const todo = page.getByRole("region", { name: "To do", exact: true });
  await todo.getByRole("button", { name: "Add task to To do" }).click();
  const field = todo.getByRole("textbox", { name: "New task in To do" });
  await field.focus();
  await page.keyboard.type("tc ? [ j");

  await expect(field).toHaveValue("tc ? [ j");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
});
