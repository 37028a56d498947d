/**
 * `npm run screenshots`: the main screens as a person sees them, in both themes, on a desktop
 * (1440×900) and on a phone (390×844), written to screenshots/ (not committed) as
 * `<screen>-<desktop|phone>-<dark|light>.png`; the five that README.md shows are also copied
 * to docs/screenshots/, the only ones the repository keeps.
 *
 * It starts the production server on a fresh database seeded with a small workspace (the
 * benchmark's seeding, a fixed random seed, so every run shows the same data), builds the
 * client first when dist/ has none, and drives Debian's Chromium with Playwright. The seeded
 * due dates are long past, so before the calendar (the last screen) its tasks are given due
 * dates around today.
 *
 * Options: --only board,task (screen names) --out screenshots
 */
import { randomUUID } from "node:crypto";
import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import type { Browser, Page } from "@playwright/test";
import { localDay } from "../client/lib/due-date.ts";
import { SCHEMA_VERSION } from "../shared/schema-version.ts";
import {
  builtClient,
  cookieHeader,
  startBenchSystem,
  type BenchWorkspace,
} from "./bench/bench-server.ts";
import { launchBrowser } from "./bench/browser-figures.ts";
import type { MutatorArgs, MutatorName } from "../shared/mutators/mutators.ts";

/** The screenshots README.md shows: kept in docs/screenshots/, the rest only written locally. */
const shownInReadme = new Set([
  "board-desktop-dark.png",
  "task-desktop-light.png",
  "board-phone-dark.png",
  "calendar-desktop-light.png",
  "calendar-phone-dark.png",
]);
const readmeDir = path.resolve("docs/screenshots");

const { values } = parseArgs({
  options: {
    only: { type: "string" },
    out: { type: "string", default: "screenshots" },
  },
});

type Screen = {
  name: string;
  /** The address, from the seeded workspace. */
  url: (w: BenchWorkspace) => string;
  /** What is on the page once it has drawn its data. */
  ready: string;
  signedIn: boolean;
  /** Data the screen needs besides the seeded workspace, pushed before its first shot. */
  prepare?: (w: BenchWorkspace, baseUrl: string) => Promise<void>;
  /** Scrolled to the top of the view before the shot, when the subject is further down. */
  scrollTo?: string;
  /** What the person does on the page before the shot (after it has loaded). */
  act?: (page: Page, w: BenchWorkspace) => Promise<void>;
};

const project = (w: BenchWorkspace) =>
  `/dashboard/workspace/${w.workspaceId}/project/${w.projects[0]?.id}`;

/**
 * Cuts the network once the service worker controls the page, so the next screen's code comes
 * from its cache.
 */
async function goOffline(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
  await page.context().setOffline(true);
}

/** The board has drawn a card: its project is in the store. */
const boardShown = (page: Page) =>
  page.locator("section.board-column article.task-card").first().waitFor();

const screens: Screen[] = [
  { name: "sign-in", url: () => "/auth/sign-in", ready: "form", signedIn: false },
  { name: "sign-up", url: () => "/auth/sign-up", ready: "form", signedIn: false },
  // What a person who signed up meets next (the seeded owner has a workspace; the form is the same).
  { name: "onboarding", url: () => "/onboarding", ready: "main form", signedIn: true },
  {
    name: "board",
    url: (w) => `${project(w)}/board`,
    ready: "section.board-column article.task-card",
    signedIn: true,
  },
  {
    name: "list",
    url: (w) => `${project(w)}/list`,
    ready: "main .list-row",
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
    // Its history (comments, activity) comes with the pull that opening it asks for.
    ready: "main .task-comments",
    signedIn: true,
  },
  {
    // The comment box in rich text: a heading, a list, bold text, a mention, and the @ list.
    name: "comment-box",
    url: (w) => `${project(w)}/task/${w.sample[0]?.id}`,
    ready: "main .rich-text-input .markdown-mention",
    signedIn: true,
    scrollTo: ".comment-form",
    act: async (page) => {
      const box = page.locator("main .comment-form .rich-text-input[contenteditable=true]");
      await box.click();
      await page.keyboard.type("## Before we ship");
      await page.keyboard.press("Enter");
      await page.keyboard.type("- the notes are ");
      await page.keyboard.press("ControlOrMeta+b");
      await page.keyboard.type("done");
      await page.keyboard.press("ControlOrMeta+b");
      await page.keyboard.press("Enter");
      await page.keyboard.type("the figures are in `bench/`");
      await page.keyboard.press("Enter");
      await page.keyboard.press("Enter");
      await page.keyboard.type("Over to @");
      await page.locator(".suggestion-popup [role=option]").first().click();
      await page.keyboard.type("for the last look, and @");
      await page.locator(".suggestion-popup [role=option]").first().waitFor();
    },
  },
  {
    // The description in rich text, in place: blocks typed with their markdown shortcuts, a
    // checklist, code, and the `/` list of blocks open.
    name: "description",
    url: (w) => `${project(w)}/task/${w.sample[1]?.id}`,
    ready: ".block-popup",
    signedIn: true,
    act: async (page) => {
      const editor = page.getByRole("textbox", { name: "Description" });
      await editor.click();
      // What an earlier theme's pass typed is replaced, not added to.
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.type("## Plan");
      await page.keyboard.press("Enter");
      await page.keyboard.type("[] Draft the ");
      await page.keyboard.press("ControlOrMeta+b");
      await page.keyboard.type("release notes");
      await page.keyboard.press("ControlOrMeta+b");
      await page.keyboard.press("Enter");
      await page.keyboard.type("Check the figures");
      await page.keyboard.press("Enter");
      await page.keyboard.press("Enter");
      await page.keyboard.type("> Ship before the conference.");
      await page.keyboard.press("Enter");
      await page.keyboard.press("Enter");
      await page.keyboard.type("```ts");
      await page.keyboard.press("Enter");
      await page.keyboard.type("await release({ notes: true });");
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("Enter");
      await page.keyboard.type("/");
    },
  },
  {
    // Tasks named in the description: keys drawn as links with their status, and the `#` list.
    name: "description-references",
    url: (w) => `${project(w)}/task/${w.sample[3]?.id}`,
    ready: ".task-reference-popup",
    signedIn: true,
    act: async (page) => {
      const editor = page.getByRole("textbox", { name: "Description" });
      await editor.click();
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.type("Follows #");
      await page.locator(".task-reference-popup [role=option]").nth(1).click();
      await page.keyboard.type("and #");
      await page.locator(".task-reference-popup [role=option]").nth(4).click();
      await page.keyboard.press("Enter");
      await page.keyboard.type("```python ");
      await page.keyboard.type("print('checked')");
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("Enter");
      await page.keyboard.type("Same as #");
    },
  },
  {
    // A word selected in the description: the bubble of marks and the link.
    name: "description-bubble",
    url: (w) => `${project(w)}/task/${w.sample[2]?.id}`,
    ready: ".format-bubble-bar",
    signedIn: true,
    act: async (page) => {
      const editor = page.getByRole("textbox", { name: "Description" });
      await editor.click();
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.type("Read the launch checklist first.");
      for (let step = 0; step < 16; step++) await page.keyboard.press("Shift+ArrowLeft");
    },
  },
  {
    // A comment with reactions (the owner's own pressed) and the picker open above it.
    name: "comment-reactions",
    url: (w) => `${project(w)}/task/${w.sample[7]?.id}`,
    ready: ".reaction-picker",
    signedIn: true,
    prepare: reactToComment,
    act: async (page) => {
      const reacted = page.locator("main .comment").filter({ has: page.locator(".reaction-pill") });
      await reacted.scrollIntoViewIfNeeded();
      await reacted.evaluate((element) => element.scrollIntoView({ block: "center" }));
      await reacted.getByRole("button", { name: "Add reaction" }).click();
    },
  },
  {
    name: "task-links",
    url: (w) => `${project(w)}/task/${w.sample[0]?.id}`,
    ready: "main .task-link-row",
    signedIn: true,
    scrollTo: "#task-subtasks-heading",
  },
  {
    name: "attachments",
    url: (w) => `${project(w)}/task/${w.sample[0]?.id}`,
    ready: "main .attachment[data-state=uploaded] img",
    signedIn: true,
    prepare: attachSampleFiles,
    scrollTo: ".task-description",
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
    name: "workflow",
    url: (w) => `/dashboard/settings/projects/${w.projects[0]?.id}/workflow`,
    ready: "main .workflow-row",
    signedIn: true,
  },
  {
    name: "search",
    url: (w) => `/dashboard/workspace/${w.workspaceId}/search?q=crash`,
    ready: "main h1",
    signedIn: true,
  },
  {
    // Partial sync: the browser opened the first project only.
    name: "workspace-home",
    url: (w) => `${project(w)}/board`,
    ready: "main .project-row",
    signedIn: true,
    act: async (page, w) => {
      await boardShown(page);
      await page.goto(`/dashboard/workspace/${w.workspaceId}`);
    },
  },
  {
    name: "project-offline",
    url: (w) => `${project(w)}/board`,
    ready: "main .ui-empty-state",
    signedIn: true,
    act: async (page, w) => {
      await boardShown(page);
      await goOffline(page);
      await page.goto(
        `/dashboard/workspace/${w.workspaceId}/project/${w.projects[1]?.id ?? ""}/board`,
      );
    },
  },
  {
    // A task of a loaded project whose page was never opened here, offline.
    name: "task-offline",
    url: (w) => `${project(w)}/board`,
    ready: "main .task-history-missing",
    signedIn: true,
    act: async (page, w) => {
      await boardShown(page);
      await goOffline(page);
      await page.goto(`${project(w)}/task/${w.sample[1]?.id ?? ""}`);
    },
  },
  {
    // The board's peek, as a click on a card's title (or the inbox) opens it.
    name: "peek",
    url: (w) => `${project(w)}/board?peek=${w.sample[0]?.id}`,
    ready: ".task-peek .task-peek-header",
    signedIn: true,
  },
  {
    name: "create-task",
    url: (w) => `${project(w)}/board`,
    ready: ".create-task-title",
    signedIn: true,
    act: async (page) => {
      await boardShown(page);
      await page.keyboard.press("t");
      await page.keyboard.press("c");
      await page.keyboard.type("Replace the worn connector on bench 3");
    },
  },
  {
    name: "command-palette",
    url: (w) => `${project(w)}/board`,
    ready: ".palette-list",
    signedIn: true,
    act: async (page) => {
      await boardShown(page);
      await page.keyboard.press("ControlOrMeta+k");
      await page.locator(".palette-input").fill("fix");
    },
  },
  {
    name: "inbox",
    url: (w) => `/dashboard/workspace/${w.workspaceId}/inbox`,
    ready: "main .inbox-item",
    signedIn: true,
    prepare: notifyOwner,
  },
  {
    name: "workspace-settings",
    url: () => "/dashboard/settings/workspace/general",
    ready: "main h1",
    signedIn: true,
  },
  {
    name: "project-settings",
    url: (w) => `/dashboard/settings/projects/${w.projects[0]?.id}/general`,
    ready: "main form",
    signedIn: true,
  },
  {
    name: "public-project",
    url: (w) => `/public-project/${w.projects[0]?.id}`,
    ready: ".public-column-title",
    signedIn: false,
    prepare: makePublic,
  },
  {
    name: "public-list",
    url: (w) => `/public-project/${w.projects[0]?.id}`,
    ready: ".public-row",
    signedIn: false,
    prepare: makePublic,
    act: async (page) => {
      await page.getByRole("button", { name: "List", exact: true }).click();
    },
  },
  {
    name: "public-task",
    url: (w) => `/public-project/${w.projects[0]?.id}`,
    ready: ".public-task-title",
    signedIn: false,
    prepare: makePublic,
    act: async (page) => {
      await page.locator(".public-card .public-open").first().click();
    },
  },
  {
    name: "calendar",
    url: (w) => `${project(w)}/calendar`,
    ready: ".calendar-chip",
    signedIn: true,
    prepare: dueAroundToday,
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
  if (chosen.some((screen) => screen.name.startsWith("task"))) {
    await linkSampleTask(system.baseUrl, workspace);
  }
  browser = await launchBrowser();
  let written = 0;
  // Screen by screen: what a screen prepares (the calendar, last) shows on no earlier shot.
  for (const screen of chosen) {
    await screen.prepare?.(workspace, system.baseUrl);
    for (const device of devices) {
      for (const theme of themes) {
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
        await screen.act?.(page, workspace);
        await settle(page, screen.ready);
        if (screen.scrollTo) {
          await page.locator(screen.scrollTo).evaluate((element) => {
            element.scrollIntoView({ block: "start" });
          });
        }
        const file = path.join(outDir, `${screen.name}-${device.name}-${theme}.png`);
        await page.screenshot({ path: file });
        if (shownInReadme.has(path.basename(file)) && path.dirname(file) !== readmeDir) {
          copyFileSync(file, path.join(readmeDir, path.basename(file)));
        }
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

/**
 * Gives the main project's tasks due dates over the weeks around today (two in three of them,
 * a few on the same days), as the owner's browser would push them.
 */
async function dueAroundToday(w: BenchWorkspace, baseUrl: string) {
  const today = new Date();
  const offsets = [-9, -6, -3, -2, -1, 0, 0, 1, 2, 2, 3, 6, 8, 9, 10, 13, 15];
  const updates = w.sample
    .filter((_, index) => index % 3 !== 2)
    .map((task, index) => {
      const offset = offsets[index % offsets.length] ?? 0;
      const day = new Date(today.getFullYear(), today.getMonth(), today.getDate() + offset);
      return { id: task.id, projectId: task.projectId, dueDate: localDay(day) };
    });
  const clientID = randomUUID();
  const response = await fetch(`${baseUrl}/api/replicache/push`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      cookie: cookieHeader(w.sessions[0]),
      origin: baseUrl,
    },
    body: JSON.stringify({
      pushVersion: 1,
      clientGroupID: randomUUID(),
      profileID: "screenshots",
      schemaVersion: SCHEMA_VERSION,
      mutations: updates.map((args, index) => ({
        clientID,
        id: index + 1,
        name: "updateTask",
        args: { ...args, updatedAt: new Date().toISOString() },
        timestamp: Date.now(),
      })),
    }),
  });
  if (!response.ok) throw new Error(`push: ${response.status} ${await response.text()}`);
}

/** The screen has drawn its data: its marker is visible, fonts are in, nothing is moving. */
async function settle(page: Page, ready: string) {
  await page.locator(ready).first().waitFor({ state: "visible", timeout: 30_000 });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForTimeout(400); // Toasts and skeletons fade in under reduced motion too.
}

/**
 * The task screen's task as a person would have built it up (once, before the shots): three
 * sub-tasks in three states, a task blocking it, one it blocks and one related.
 */
/**
 * Attaches a screenshot, a PDF and a spreadsheet to the sample task through the calls the
 * browser makes (the row by a push, the bytes to the signed URL, then complete).
 */
async function attachSampleFiles(w: BenchWorkspace, baseUrl: string) {
  const task = w.sample[0];
  if (!task) return;
  const cookie = w.sessions[0].map((c) => `${c.name}=${c.value}`).join("; ");
  const headers = { Origin: baseUrl, Cookie: cookie };
  const files = [
    {
      name: "Board before the fix.png",
      type: "image/png",
      bytes: readFileSync(path.resolve("docs/screenshots/board-desktop-dark.png")),
    },
    {
      name: "Wiring spec v3.pdf",
      type: "application/pdf",
      bytes: Buffer.from(`%PDF-1.4\n${"% wiring\n".repeat(2400)}%%EOF\n`),
    },
    {
      name: "Connector quotes.csv",
      type: "text/csv",
      bytes: Buffer.from("supplier,price\nAcme,12.40\nGlobex,11.95\n"),
    },
  ];
  const ids: string[] = [];
  for (const file of files) {
    const id = randomUUID();
    ids.push(id);
    await pushAs(baseUrl, w, [
      {
        name: "addAttachment",
        args: {
          id,
          taskId: task.id,
          name: file.name,
          type: file.type,
          size: file.bytes.length,
          createdAt: new Date().toISOString(),
        },
      },
    ]);
    const target = (await (
      await fetch(`${baseUrl}/api/attachments/${id}/upload`, { method: "POST", headers })
    ).json()) as { url: string; headers: Record<string, string> };
    const put = await fetch(new URL(target.url, baseUrl), {
      method: "PUT",
      headers: target.headers,
      body: new Uint8Array(file.bytes),
    });
    if (!put.ok) throw new Error(`upload: ${put.status}`);
    await fetch(`${baseUrl}/api/attachments/${id}/complete`, { method: "POST", headers });
  }
  // The screenshot pasted into the description, as the editor writes it.
  await pushAs(baseUrl, w, [
    {
      name: "updateTask",
      args: {
        id: task.id,
        projectId: task.projectId,
        description:
          "The bus drops under load. Here is the board before the fix:\n\n" +
          `![Board before the fix.png](/api/attachments/${ids[0]}/content)\n`,
        updatedAt: new Date().toISOString(),
      },
    },
  ]);
}

async function pushAs(
  baseUrl: string,
  w: BenchWorkspace,
  mutations: { name: MutatorName; args: object }[],
  as: 0 | 1 = 0,
) {
  const clientID = randomUUID();
  const response = await fetch(`${baseUrl}/api/replicache/push`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: baseUrl,
      Cookie: cookieHeader(w.sessions[as]),
    },
    body: JSON.stringify({
      pushVersion: 1,
      clientGroupID: randomUUID(),
      profileID: "screenshots",
      schemaVersion: SCHEMA_VERSION,
      mutations: mutations.map((mutation, index) => ({
        clientID,
        id: index + 1,
        ...mutation,
        timestamp: Date.now(),
      })),
    }),
  });
  if (!response.ok) throw new Error(`push: ${response.status} ${await response.text()}`);
}

/** The main project shared on its public page (again, harmlessly, for each screen of it). */
async function makePublic(w: BenchWorkspace, baseUrl: string) {
  await pushAs(baseUrl, w, [
    {
      name: "updateProject",
      args: { id: w.projects[0]?.id, isPublic: true, updatedAt: new Date().toISOString() },
    },
  ]);
}

/**
 * The owner's inbox as a colleague's work fills it: the admin assigns the owner two tasks,
 * mentions them in a comment, and moves one of the tasks they were given.
 */
async function notifyOwner(w: BenchWorkspace, baseUrl: string) {
  const [, , , , first, second, third] = w.sample;
  const [owner] = w.people;
  if (!first || !second || !third || !owner) return;
  const at = () => new Date().toISOString();
  const assign = (task: typeof first) => ({
    name: "updateTask" as const,
    args: { id: task.id, projectId: task.projectId, assigneeId: owner.id, updatedAt: at() },
  });
  await pushAs(baseUrl, w, [assign(first), assign(second)], 1);
  await pushAs(
    baseUrl,
    w,
    [
      {
        name: "addComment",
        args: {
          id: randomUUID(),
          taskId: third.id,
          body: `@[${owner.name}](user:${owner.id}) could you look at the wiring before Friday?`,
          createdAt: at(),
        },
      },
      {
        name: "updateTask",
        args: { id: first.id, projectId: first.projectId, status: "in-progress", updatedAt: at() },
      },
    ],
    1,
  );
}

/** The admin's comment on a task, and the reactions of the owner and the admin to it. */
async function reactToComment(w: BenchWorkspace, baseUrl: string) {
  const task = w.sample[7];
  if (!task) return;
  const commentId = randomUUID();
  const start = Date.now();
  const createdAt = new Date(start).toISOString();
  // A second apart, so the pills keep the order the reactions came in.
  let reactions = 0;
  const react = (emoji: string) => ({
    name: "addReaction" as const,
    args: {
      commentId,
      taskId: task.id,
      emoji,
      createdAt: new Date(start + 1000 * ++reactions).toISOString(),
    },
  });
  await pushAs(
    baseUrl,
    w,
    [
      {
        name: "addComment",
        args: {
          id: commentId,
          taskId: task.id,
          body: "The new connectors arrived this morning; bench 3 is wired and passes the test.",
          createdAt,
        },
      },
      react("👍"),
      react("🚀"),
    ],
    1,
  );
  await pushAs(baseUrl, w, [react("👍"), react("🎉")]);
}

async function linkSampleTask(baseUrl: string, w: BenchWorkspace) {
  const [task, blocker, blocked, related] = w.sample;
  const [owner, admin] = w.people;
  if (!task || !blocker || !blocked || !related || !owner || !admin) return;
  const at = new Date().toISOString();
  const subtasks: [string, MutatorArgs["createTask"]["status"], string | null][] = [
    ["Draft the wiring diagram", "done", owner.id],
    ["Order the connectors", "in-progress", admin.id],
    ["Test it on the bench", "to-do", null],
  ];
  const mutations: { name: MutatorName; args: object }[] = [
    ...subtasks.map(([title, status, assigneeId]) => ({
      name: "createTask" as const,
      args: {
        id: randomUUID(),
        projectId: task.projectId,
        title,
        status,
        assigneeId,
        parentId: task.id,
        createdAt: at,
      },
    })),
    ...(
      [
        [blocker.id, task.id, "blocks"],
        [task.id, blocked.id, "blocks"],
        [task.id, related.id, "relates"],
      ] as const
    ).map(([taskId, relatedTaskId, kind]) => ({
      name: "addRelation" as const,
      args: {
        id: randomUUID(),
        workspaceId: w.workspaceId,
        taskId,
        relatedTaskId,
        kind,
        createdAt: at,
      },
    })),
  ];
  await pushAs(baseUrl, w, mutations);
}
