import { expect, test, type Page } from "@playwright/test";
import { createWorkspaceThroughApi, signUpThroughApi, uniqueEmail } from "./support/accounts.ts";
import { createProjectThroughSync, createTasksThroughSync } from "./support/sync.ts";

const preferencesUrl = "/dashboard/settings/account/preferences";

async function signUp(page: Page) {
  await signUpThroughApi(page.request, { name: "Pat Prefs", email: uniqueEmail("prefs") });
  return createWorkspaceThroughApi(page.request, "Prefs workspace");
}

async function openPreferences(page: Page) {
  await page.goto(preferencesUrl);
  await expect(page.getByRole("heading", { level: 1, name: "Preferences" })).toBeVisible();
}

const shownTheme = (page: Page) => page.locator("html");

test("a chosen theme shows at once and is still there after a reload", async ({ page }) => {
  await signUp(page);
  await openPreferences(page);
  // The spec's default is dark.
  await expect(page.getByRole("radio", { name: "Dark" })).toBeChecked();
  await expect(shownTheme(page)).toHaveAttribute("data-theme", "dark");

  await page.getByRole("radio", { name: "Light" }).check();
  await expect(shownTheme(page)).toHaveAttribute("data-theme", "light");

  await page.reload();
  await expect(page.getByRole("radio", { name: "Light" })).toBeChecked();
  await expect(shownTheme(page)).toHaveAttribute("data-theme", "light");
  const stored = await page.evaluate(() => localStorage.getItem("user-preferences"));
  expect(JSON.parse(stored ?? "{}")).toMatchObject({ theme: "light" });
});

test("the system theme follows the device's scheme live, without a reload", async ({ page }) => {
  await signUp(page);
  await page.emulateMedia({ colorScheme: "light" });
  await openPreferences(page);
  await page.getByRole("radio", { name: /^System/ }).check();
  await expect(shownTheme(page)).toHaveAttribute("data-theme", "light");

  await page.emulateMedia({ colorScheme: "dark" });
  await expect(shownTheme(page)).toHaveAttribute("data-theme", "dark");
  await page.emulateMedia({ colorScheme: "light" });
  await expect(shownTheme(page)).toHaveAttribute("data-theme", "light");
});

test("a damaged stored value falls back field by field instead of breaking the app", async ({
  page,
}) => {
  await signUp(page);
  await page.goto("/dashboard/settings");
  await page.evaluate(() =>
    localStorage.setItem(
      "user-preferences",
      JSON.stringify({ theme: "purple", compactMode: true, showLabels: "perhaps" }),
    ),
  );
  await openPreferences(page);
  await expect(page.getByRole("radio", { name: "Dark" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Compact cards" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Show labels" })).toBeChecked();
  await expect(shownTheme(page)).toHaveAttribute("data-theme", "dark");
});

test("card preferences change the board, and reset brings the defaults back", async ({ page }) => {
  const workspaceId = await signUp(page);
  const projectId = await createProjectThroughSync(page.request, workspaceId, {
    name: "Garden",
    key: "GAR",
  });
  await createTasksThroughSync(page.request, projectId, "Plant", 1);
  const boardUrl = `/dashboard/workspace/${workspaceId}/project/${projectId}/board`;
  const card = page.getByRole("article").filter({ hasText: "Plant 1" });

  await page.goto(boardUrl);
  await expect(card).toContainText("GAR-1");

  await openPreferences(page);
  await page.getByRole("checkbox", { name: "Show task numbers" }).uncheck();
  await page.getByRole("radio", { name: "List" }).check();
  // The default view is where the project's own address opens.
  await page.goto(boardUrl.replace(/\/board$/, ""));
  await expect(page).toHaveURL(/\/list$/);
  await expect(page.getByText("Plant 1")).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(0);
  await expect(page.getByRole("main")).not.toContainText("GAR-1");

  await openPreferences(page);
  await page.getByRole("button", { name: "Reset to defaults" }).click();
  await expect(page.getByText("Preferences reset to their defaults")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Show task numbers" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Board" })).toBeChecked();
  await page.goto(boardUrl);
  await expect(card).toContainText("GAR-1");
});

test("the remembered workspace is what the dashboard opens", async ({ page }) => {
  const first = await signUp(page);
  const second = await createWorkspaceThroughApi(page.request, "Second workspace");
  await openPreferences(page);
  const choice = page.getByLabel("Workspace the dashboard opens");
  await expect(choice.getByRole("option", { name: "Second workspace" })).toBeAttached();
  await choice.selectOption({ label: "Second workspace" });
  await page.goto("/dashboard");
  await expect(page).toHaveURL(new RegExp(`/dashboard/workspace/${second}$`));

  await openPreferences(page);
  await page.getByLabel("Workspace the dashboard opens").selectOption({ label: "Prefs workspace" });
  await page.goto("/dashboard");
  await expect(page).toHaveURL(new RegExp(`/dashboard/workspace/${first}$`));
});
