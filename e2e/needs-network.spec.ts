import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { signedInPerson } from "./support/accounts.ts";
import { underServiceWorker } from "./support/team.ts";

let person: Awaited<ReturnType<typeof signedInPerson>>;

test.beforeAll(async () => {
  person = await signedInPerson("network");
});

const offlineNotice = (page: Page, what: string) =>
  page
    .getByRole("status")
    .filter({ hasText: `You are offline. Loading ${what} needs a network connection` });

/** The workspace home, loaded once online so the app and its screens are cached, then offline. */
async function openThenGoOffline(page: Page, context: BrowserContext) {
  await context.addCookies(person.cookies);
  await page.goto(`/dashboard/workspace/${person.workspaceId}`);
  await expect(page.getByRole("heading", { level: 1, name: "network workspace" })).toBeVisible();
  await underServiceWorker(page);
  await context.setOffline(true);
}

test("offline, the members screen says it needs the network, and loads once back online", async ({
  page,
  context,
}) => {
  await openThenGoOffline(page, context);
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Members" })
    .click();
  await expect(offlineNotice(page, "the members")).toBeVisible();
  await expect(page.getByText("Loading…")).toHaveCount(0);

  await context.setOffline(false);
  await expect(page.getByRole("cell", { name: person.email })).toBeVisible();
  await expect(offlineNotice(page, "the members")).toHaveCount(0);
});

test("offline, account information says which parts need the network, and loads them once back", async ({
  page,
  context,
}) => {
  await openThenGoOffline(page, context);
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Settings" })
    .click();
  await page.getByRole("link", { name: "Information" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Account information" })).toBeVisible();
  await expect(offlineNotice(page, "your sessions")).toBeVisible();
  await expect(offlineNotice(page, "your password and sign-in methods")).toBeVisible();
  await expect(page.getByText("Loading…")).toHaveCount(0);

  await context.setOffline(false);
  await expect(page.getByText("This device")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Sign-in methods" })).toBeVisible();
});

test("offline, the workspace switcher lists the workspaces, and the dashboard opens the remembered one", async ({
  page,
  context,
}) => {
  await openThenGoOffline(page, context);
  const switcher = page.getByRole("button", { name: "Workspace: network workspace" });
  await switcher.click();
  await expect(
    page.getByRole("menuitemradio", { name: "network workspace", checked: true }),
  ).toBeVisible();
  await page.keyboard.press("Escape");

  await page.goto("/dashboard");
  await expect(page).toHaveURL(new RegExp(`/dashboard/workspace/${person.workspaceId}$`));
  await expect(page.getByRole("heading", { level: 1, name: "network workspace" })).toBeVisible();
});
