import { expect, test } from "@playwright/test";

test("the built client is served at the root", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
