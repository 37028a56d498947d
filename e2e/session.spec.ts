import { expect, test } from "@playwright/test";
import { signedInPerson } from "./support/accounts.ts";

let person: Awaited<ReturnType<typeof signedInPerson>>;

test.beforeAll(async () => {
  person = await signedInPerson("session");
});

test("the skeleton shows while the session loads", async ({ page }) => {
  await page.context().addCookies(person.cookies);
  await page.route("**/api/auth/get-session", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto("/dashboard/settings/account/information");
  await expect(page.getByRole("status")).toContainText("Loading");
  await expect(page.getByRole("heading", { level: 1, name: "Account information" })).toBeVisible();
  await expect(page.getByRole("status")).toHaveCount(0);
});

test("a reload of the signed-in area opens from the session this browser knows, not after the server's answer", async ({
  page,
}) => {
  await page.context().addCookies(person.cookies);
  await page.goto("/dashboard/settings/account/information");
  const heading = page.getByRole("heading", { level: 1, name: "Account information" });
  await expect(heading).toBeVisible();

  let answered = false;
  await page.route("**/api/auth/get-session", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 4000));
    answered = true;
    await route.continue();
  });
  await page.reload();
  await expect(heading).toBeVisible();
  expect(answered).toBe(false);
  await expect(page.getByRole("status")).toHaveCount(0);
});

test("offline, the last known session keeps the person in the app", async ({ page }) => {
  await page.context().addCookies(person.cookies);
  await page.goto("/dashboard/settings/account/information");
  await expect(page.getByRole("heading", { level: 1, name: "Account information" })).toBeVisible();

  await page.route("**/api/auth/get-session", (route) => route.abort("failed"));
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Account information" })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/settings\/account\/information$/);
});

test("the dashboard entry shows the server's message when the workspaces cannot be fetched", async ({
  page,
}) => {
  await page.context().addCookies(person.cookies);
  await page.route("**/api/auth/organization/list", (route) =>
    route.fulfill({ status: 500, json: { code: "BOOM", message: "The database is asleep" } }),
  );
  await page.goto("/dashboard");
  await expect(page.getByText("The database is asleep")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

  await page.unrouteAll();
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/workspace/${person.workspaceId}$`));
});

test("an invitation link opened while signed in is accepted by the dashboard", async ({ page }) => {
  await page.context().addCookies(person.cookies);
  // Not a real invitation: the dashboard reports the failure and goes on to the workspace.
  await page.goto("/auth/accept-invitation/no-such-invitation");
  await expect(page.getByText("Invitation not found")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/dashboard/workspace/${person.workspaceId}$`));
  expect((await page.context().cookies()).some((c) => c.name === "pending_invitation")).toBe(false);
});
