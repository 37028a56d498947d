import { expect, test } from "@playwright/test";

const screens: [path: string, heading: string][] = [
  ["/auth/sign-in", "Sign in"],
  ["/auth/sign-up", "Sign up"],
  ["/auth/accept-invitation/inv_1", "Accept invitation"],
  ["/public-project/prj_1", "Public project"],
  ["/dev/outbox", "Dev outbox"],
  ["/profile-setup", "Set up your profile"],
  ["/onboarding", "Create your first workspace"],
  ["/dashboard", "Dashboard"],
  ["/dashboard/workspace/create", "Create a workspace"],
  ["/dashboard/workspace/ws_1", "Workspace"],
  ["/dashboard/workspace/ws_1/search", "Search"],
  ["/dashboard/workspace/ws_1/members", "Members"],
  ["/dashboard/workspace/ws_1/project/prj_1", "Project"],
  ["/dashboard/workspace/ws_1/project/prj_1/board", "Board"],
  ["/dashboard/workspace/ws_1/project/prj_1/backlog", "Backlog"],
  ["/dashboard/workspace/ws_1/project/prj_1/task/tsk_1", "Task"],
  ["/dashboard/settings/workspace/general", "Workspace settings"],
  ["/dashboard/settings/projects", "Projects"],
  ["/dashboard/settings/projects/prj_1/general", "Project settings"],
  ["/dashboard/settings/projects/prj_1/integrations", "Integrations"],
  ["/dashboard/settings/projects/prj_1/visibility", "Visibility"],
  ["/dashboard/settings/account/preferences", "Preferences"],
  ["/dashboard/settings/account/information", "Account information"],
];

for (const [path, heading] of screens) {
  test(`${path} opens the ${heading} screen`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
  });
}

test("the root address redirects to the dashboard", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
});

test("the settings sections open on their first page", async ({ page }) => {
  await page.goto("/dashboard/settings");
  await expect(page).toHaveURL(/\/dashboard\/settings\/account\/preferences$/);
  await page.goto("/dashboard/settings/account");
  await expect(page).toHaveURL(/\/dashboard\/settings\/account\/preferences$/);
  await page.goto("/dashboard/settings/workspace");
  await expect(page).toHaveURL(/\/dashboard\/settings\/workspace\/general$/);
  await page.goto("/dashboard/settings/projects/prj_1");
  await expect(page).toHaveURL(/\/dashboard\/settings\/projects\/prj_1\/general$/);
});

test("the dashboard shows the sidebar beside the screen", async ({ page }) => {
  await page.goto("/dashboard/workspace/ws_1/members");
  const main = page.getByRole("navigation", { name: "Main" });
  await expect(main.getByRole("link", { name: "Dashboard" })).toBeVisible();
  await expect(main.getByRole("link", { name: "Settings" })).toBeVisible();
  const workspace = page.getByRole("navigation", { name: "Workspace" });
  await workspace.getByRole("link", { name: "Projects" }).click();
  await expect(page).toHaveURL(/\/dashboard\/workspace\/ws_1$/);
  await expect(page.getByRole("heading", { level: 1, name: "Workspace" })).toBeVisible();
});

test("an unknown address shows a not-found page with a way to the dashboard", async ({ page }) => {
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Go to dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
});

test("an unknown address inside the dashboard keeps the sidebar", async ({ page }) => {
  await page.goto("/dashboard/no-such-page");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
});

test("an error while rendering shows the error page with a way back", async ({ page }) => {
  await page.goto("/test-error");
  await expect(page.getByRole("heading", { level: 1, name: "Something went wrong" })).toBeVisible();
  await expect(page.getByText("This page throws on purpose")).toBeVisible();
  await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
  await page.getByRole("link", { name: "Go to dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
});

test("the signed-in area shows the loading skeleton while its screen loads", async ({ page }) => {
  await page.route(/\/assets\/dashboard-layout-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto("/dashboard");
  await expect(page.getByRole("status")).toContainText("Loading");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("status")).toHaveCount(0);
});

test("toasts are mounted once, on the Alt+T hotkey", async ({ page }) => {
  await page.goto("/dashboard");
  await expect(page.getByRole("region", { name: "Notifications alt+T" })).toHaveCount(1);
});
