import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { z } from "zod";

const manifestSchema = z.object({
  name: z.string(),
  short_name: z.string(),
  start_url: z.string(),
  display: z.string(),
  theme_color: z.string(),
  background_color: z.string(),
  icons: z.array(z.object({ src: z.string(), sizes: z.string(), purpose: z.string().optional() })),
});

test("the web app manifest describes an installable app that starts at the dashboard", async ({
  request,
}) => {
  const response = await request.get("/manifest.webmanifest");
  expect(response.ok()).toBe(true);
  const manifest = manifestSchema.parse(await response.json());
  expect(manifest.short_name).toBe("Tasks");
  expect(manifest.start_url).toBe("/dashboard");
  expect(manifest.display).toBe("standalone");
  const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? "any"}`);
  expect(sizes).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]));
  for (const icon of manifest.icons) {
    expect((await request.get(icon.src)).ok(), icon.src).toBe(true);
  }
});

test("Chromium sees the page as installable once the service worker runs", async ({
  playwright,
}, testInfo) => {
  // Chromium never offers installation in an incognito-like context: use a real profile.
  const profile = await mkdtemp(path.join(tmpdir(), "tasks-pwa-profile-"));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL: testInfo.project.use.baseURL,
  });
  try {
    const page = await context.newPage();
    await page.goto("/auth/sign-in");
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const cdp = await context.newCDPSession(page);
    await expect
      .poll(async () => {
        const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
        return installabilityErrors.map((error) => error.errorId);
      })
      .toEqual([]);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});

test("with the network cut, a reload still opens the app from the service worker's cache", async ({
  page,
  context,
}) => {
  await page.goto("/auth/sign-in");
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // The first load is not yet controlled by the worker; this reload is.
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await context.setOffline(false);
});
