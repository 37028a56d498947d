/**
 * `npm run screenshots`: the main screens as a person sees them, in both themes, on a desktop
 * (1440×900) and on a phone (390×844), written to docs/screenshots/ as
 * `<screen>-<desktop|phone>-<dark|light>.png`.
 *
 * It starts the production server on a fresh database seeded with a small workspace (the
 * benchmark's seeding, a fixed random seed, so every run shows the same data), builds the
 * client first when dist/ has none, and drives Debian's Chromium with Playwright.
 *
 * Options: --only board,task (screen names) --out docs/screenshots
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import type { Browser, Page } from "@playwright/test";
import { builtClient, startBenchSystem, type BenchWorkspace } from "./bench/bench-server.ts";
import { launchBrowser } from "./bench/browser-figures.ts";

const { values } = parseArgs({
  options: {
    only: { type: "string" },
    out: { type: "string", default: "docs/screenshots" },
  },
});

type Screen = {
  name: string;
  /** The address, from the seeded workspace. */
  url: (w: BenchWorkspace) => string;
  /** What is on the page once it has drawn its data. */
  ready: string;
  signedIn: boolean;
};

const project = (w: BenchWorkspace) =>
  `/dashboard/workspace/${w.workspaceId}/project/${w.projects[0]?.id}`;

const screens: Screen[] = [
  { name: "sign-in", url: () => "/auth/sign-in", ready: "form", signedIn: false },
  {
    name: "board",
    url: (w) => `${project(w)}/board`,
    ready: "section.board-column article.task-card",
    signedIn: true,
  },
  {
    name: "list",
    url: (w) => `${project(w)}/list`,
    ready: "main [role=row], main li, main tr",
    signedIn: true,
  },
  {
    name: "backlog",
    url: (w) => `${project(w)}/backlog`,
    ready: "main [role=row], main li, main tr",
    signedIn: true,
  },
  {
    name: "task",
    url: (w) => `${project(w)}/task/${w.sample[0]?.id}`,
    ready: "main h1",
    signedIn: true,
  },
  {
    name: "members",
    url: (w) => `/dashboard/workspace/${w.workspaceId}/members`,
    ready: "main li, main tr",
    signedIn: true,
  },
  {
    name: "preferences",
    url: () => "/dashboard/settings/account/preferences",
    ready: "main h1",
    signedIn: true,
  },
  {
    name: "search",
    url: (w) => `/dashboard/workspace/${w.workspaceId}/search?q=design`,
    ready: "main h1",
    signedIn: true,
  },
];

const devices = [
  { name: "desktop", viewport: { width: 1440, height: 900 }, isMobile: false },
  { name: "phone", viewport: { width: 390, height: 844 }, isMobile: true },
] as const;
const themes = ["dark", "light"] as const;

const only = values.only?.split(",").map((name) => name.trim());
const chosen = only ? screens.filter((screen) => only.includes(screen.name)) : screens;
const outDir = path.resolve(values.out);
mkdirSync(outDir, { recursive: true });

await builtClient();
const system = await startBenchSystem([
  {
    key: "shots",
    options: { tasks: 60, projects: 3, members: 5, label: "shots", seed: 20260601 },
  },
]);
let browser: Browser | undefined;
try {
  const workspace = system.workspaces.get("shots");
  if (!workspace) throw new Error("nothing seeded");
  browser = await launchBrowser();
  let written = 0;
  for (const device of devices) {
    for (const theme of themes) {
      for (const screen of chosen) {
        const context = await browser.newContext({
          baseURL: system.baseUrl,
          viewport: device.viewport,
          isMobile: device.isMobile,
          hasTouch: device.isMobile,
          deviceScaleFactor: device.isMobile ? 2 : 1,
          colorScheme: theme,
          reducedMotion: "reduce",
        });
        await context.addInitScript(
          (chosenTheme) =>
            localStorage.setItem("user-preferences", JSON.stringify({ theme: chosenTheme })),
          theme,
        );
        if (screen.signedIn) {
          const cookies = workspace.sessions[0];
          await context.addCookies(cookies.map((cookie) => ({ ...cookie, url: system.baseUrl })));
        }
        const page = await context.newPage();
        await page.goto(screen.url(workspace));
        await settle(page, screen.ready);
        const file = path.join(outDir, `${screen.name}-${device.name}-${theme}.png`);
        await page.screenshot({ path: file });
        written += 1;
        console.log(`✓ ${path.relative(process.cwd(), file)}`);
        await context.close();
      }
    }
  }
  console.log(`${written} screenshots in ${path.relative(process.cwd(), outDir)}/`);
} finally {
  await browser?.close();
  await system.stop();
}

/** The screen has drawn its data: its marker is visible, fonts are in, nothing is moving. */
async function settle(page: Page, ready: string) {
  await page.locator(ready).first().waitFor({ state: "visible", timeout: 30_000 });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForTimeout(400); // Toasts and skeletons fade in under reduced motion too.
}
