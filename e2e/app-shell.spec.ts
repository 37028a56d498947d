import { expect, test, type Page } from "@playwright/test";
import { signedInPerson } from "./support/accounts.ts";

let person: Awaited<ReturnType<typeof signedInPerson>>;

test.beforeAll(async () => {
  person = await signedInPerson("shell");
});

async function signIn(page: Page) {
  await page.context().addCookies(person.cookies);
}

const signedOutScreens: [path: string, heading: string][] = [
  ["/auth/sign-in", "Sign in"],
  ["/auth/sign-up", "Sign up"],
  ["/auth/accept-invitation/inv_1", "Accept invitation"],
  ["/public-project/prj_1", "Project not found"],
  ["/dev/outbox", "Dev outbox"],
];

for (const [path, heading] of signedOutScreens) {
  test(`${path} opens the ${heading} screen`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
  });
}

// The screens of signing in and of workspaces and accounts, by their headings.
const signedInScreens = (ws: string): [path: string, heading: string][] => [
  ["/onboarding", "Create your first workspace"],
  ["/dashboard/workspace/create", "Create a workspace"],
  [`/dashboard/workspace/${ws}/members`, "Members"],
  ["/dashboard/settings/workspace/general", "Workspace settings"],
  ["/dashboard/settings/account/information", "Account information"],
];

// The other screens of the signed-in area: they open inside the app shell, not at sign-in.
const shellScreens = (ws: string): string[] => [
  `/dashboard/workspace/${ws}`,
  `/dashboard/workspace/${ws}/search`,
  `/dashboard/workspace/${ws}/project/prj_1/board`,
  `/dashboard/workspace/${ws}/project/prj_1/list`,
  `/dashboard/workspace/${ws}/project/prj_1/backlog`,
  `/dashboard/workspace/${ws}/project/prj_1/task/tsk_1`,
  "/dashboard/settings/projects",
  "/dashboard/settings/projects/prj_1/general",
  "/dashboard/settings/projects/prj_1/integrations",
  "/dashboard/settings/projects/prj_1/visibility",
  "/dashboard/settings/projects/prj_1/workflow",
  "/dashboard/settings/account/preferences",
];

test("every screen of the signed-in area opens for a signed-in person", async ({ page }) => {
  await signIn(page);
  for (const [path, heading] of signedInScreens(person.workspaceId)) {
    await page.goto(path);
    await expect(
      page.getByRole("heading", { level: 1, name: heading, exact: true }),
      path,
    ).toBeVisible();
  }
  for (const path of shellScreens(person.workspaceId)) {
    await page.goto(path);
    await expect(page.getByRole("navigation", { name: "Main" }), path).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 }).first(), path).toBeVisible();
    expect(new URL(page.url()).pathname, path).toBe(path);
  }
});

test("the root address goes through the dashboard to the active workspace", async ({ page }) => {
  await signIn(page);
  await page.goto("/");
  await expect(page).toHaveURL(new RegExp(`/dashboard/workspace/${person.workspaceId}$`));
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
});

test("the settings sections open on their first page", async ({ page }) => {
  await signIn(page);
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
  await signIn(page);
  const ws = person.workspaceId;
  await page.goto(`/dashboard/workspace/${ws}/members`);
  const main = page.getByRole("navigation", { name: "Main" });
  await expect(main.getByRole("link", { name: "Search" })).toBeVisible();
  await expect(main.getByRole("link", { name: "Settings" })).toBeVisible();
  await main.getByRole("link", { name: "Projects" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/workspace/${ws}$`));

  // Hovering preloads the entry without running it; the click runs it.
  await page.goto(`/dashboard/workspace/${ws}/search`);
  await main.getByRole("link", { name: "Members" }).hover();
  await main.getByRole("link", { name: "Members" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/workspace/${ws}/members$`));
});

test("an unknown address shows a not-found page with a way to the dashboard", async ({ page }) => {
  await signIn(page);
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Go to dashboard" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/workspace/${person.workspaceId}$`));
});

test("an unknown address inside the dashboard keeps the sidebar", async ({ page }) => {
  await signIn(page);
  await page.goto("/dashboard/no-such-page");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
});

test("an error while rendering shows the error page with a way back", async ({ page }) => {
  await signIn(page);
  await page.goto("/test-error");
  await expect(page.getByRole("heading", { level: 1, name: "Something went wrong" })).toBeVisible();
  await expect(page.getByText("This page throws on purpose")).toBeVisible();
  await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
  await page.getByRole("link", { name: "Go to dashboard" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/workspace/${person.workspaceId}$`));
});

test("the signed-in area shows the loading skeleton while its screen loads", async ({ page }) => {
  await signIn(page);
  // The screen's code is held until the skeleton has been seen.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/dashboard-layout-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto("/dashboard");
  await expect(page.getByRole("status")).toContainText("Loading");
  release();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.getByRole("status")).toHaveCount(0);
});

test("toasts are mounted once, on the Alt+T hotkey", async ({ page }) => {
  await page.goto("/auth/sign-in");
  await expect(page.getByRole("region", { name: "Notifications alt+T" })).toHaveCount(1);
});
