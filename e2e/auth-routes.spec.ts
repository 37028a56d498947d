import { expect, test } from "@playwright/test";

test("check-email shows the address it was given", async ({ page }) => {
  await page.goto("/auth/check-email?email=ada%40example.com");
  await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();
  await expect(page.getByText("ada@example.com")).toBeVisible();
});

test("check-email without an address sends the visitor to sign-in", async ({ page }) => {
  await page.goto("/auth/check-email");
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
});

test("check-email with a malformed address sends the visitor to sign-in", async ({ page }) => {
  await page.goto("/auth/check-email?email=not-an-address");
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
});

test("/auth alone opens sign-in", async ({ page }) => {
  await page.goto("/auth");
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
});

test("the auth error page shows the error code and a link back to the app", async ({ page }) => {
  await page.goto("/auth/error?error=state_not_found");
  await expect(page.getByRole("heading", { level: 1, name: "Authentication Error" })).toBeVisible();
  await expect(page.getByText("state_not_found")).toBeVisible();
  await page.getByRole("link", { name: "Back to the app" }).click();
  // Signed out, the app is behind sign-in.
  await expect(page).toHaveURL(/\/auth\/sign-in\?redirect=%2Fdashboard$/);
});

test("with registration closed, sign-up sends visitors to sign-in, except the invited", async ({
  page,
}) => {
  await page.route("**/api/config", (route) =>
    route.fulfill({
      json: { disableRegistration: true, socialProviders: [], oidcProvider: null },
    }),
  );
  await page.goto("/auth/sign-up");
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign up" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Try without an account" })).toHaveCount(0);

  // An invitation link keeps the way to sign-up open.
  await page.goto("/auth/accept-invitation/inv_1");
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL(/\/auth\/sign-up$/);
  await expect(page.getByText("the invitation was sent to")).toBeVisible();
});
