import { expect, test } from "@playwright/test";
import { createWorkspaceThroughApi, signUpThroughApi, uniqueEmail } from "./support/accounts.ts";
import { mutation, now, pushMutations } from "./support/sync-push.ts";

test("on a phone the workspace's projects read in two lines, and New project stays one button", async ({
  page,
}) => {
  await signUpThroughApi(page.request, { name: "Hana Home", email: uniqueEmail("home") });
  const workspaceId = await createWorkspaceThroughApi(
    page.request,
    "Marvin, Crist and Paucek Holdings",
  );
  const description = "Configurable client-driven framework for every team";
  await pushMutations(page.request, [
    mutation("createProject", {
      id: `prj-home-${Date.now().toString(36)}`,
      workspaceId,
      name: "Mobile",
      key: "MOB",
      description,
      createdAt: now(),
    }),
  ]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/dashboard/workspace/${workspaceId}`);
  const row = page.getByRole("link", { name: /Mobile/ });
  await expect(row).toContainText("Not opened here yet");

  // The long workspace name wraps; the button keeps "New project" on one line, inside it.
  const button = page.getByRole("button", { name: "New project" });
  const label = await button.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
    return { lines: lines.size, fits: element.scrollWidth <= element.clientWidth };
  });
  expect(label).toEqual({ lines: 1, fits: true });

  // The row: the description has the width of the row but the icon; the key goes under the
  // name; nothing runs off the side.
  const rowBox = (await row.boundingBox()) ?? { width: 0 };
  const text = page.getByText(description);
  await expect(text).toBeVisible();
  expect((await text.boundingBox())?.width ?? 0).toBeGreaterThan(rowBox.width * 0.6);
  const key = row.getByText("MOB", { exact: true });
  expect((await key.boundingBox())?.y ?? 0).toBeGreaterThan((await text.boundingBox())?.y ?? 0);
  const overflows = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(overflows).toBe(false);
});
