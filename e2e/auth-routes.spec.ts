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
  await expect(page).toHaveURL(/\/dashboard$/);
});
