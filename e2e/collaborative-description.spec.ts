import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { z } from "zod";
import { apiPost, signUpThroughApi, uniqueEmail } from "./support/accounts.ts";
import { descriptionEditor, editorText } from "./support/description-editor.ts";
import { mutation, now, pushMutations } from "./support/sync-push.ts";
import { ownerAndMember, syncStatus, underServiceWorker, userIdOf } from "./support/team.ts";

/**
 * Issues 16 and 45: two people edit one task's description at once, in rich text, and both keep
 * every word (Yjs, task-parts/description/description-editor.tsx; server/sync/README.md
 * "Descriptions").
 */

const editor = descriptionEditor;

/** Opens the task and its description's editor, with the caret at the start or the end. */
async function openEditor(page: Page, taskUrl: string, caret: "start" | "end") {
  await page.goto(taskUrl);
  await editor(page).click();
  await page.keyboard.press(caret === "start" ? "Control+Home" : "Control+End");
}

async function taskWithDescription(
  request: Parameters<typeof pushMutations>[0],
  workspaceId: string,
  projectId: string,
  description: string,
) {
  const taskId = `tsk-${Date.now().toString(36)}`;
  await pushMutations(request, [
    mutation("createTask", { id: taskId, projectId, title: "Plan", description, createdAt: now() }),
  ]);
  return `/dashboard/workspace/${workspaceId}/project/${projectId}/task/${taskId}`;
}

/** The task whose title or description holds `word`, as the server's search finds it. */
async function searchDescription(page: Page, word: string) {
  const workspaceId = /\/workspace\/([^/]+)/.exec(page.url())?.[1] ?? "";
  const response = await page.request.get(
    `/api/workspaces/${workspaceId}/search?q=${encodeURIComponent(word)}`,
  );
  const body = z
    .object({ tasks: z.array(z.object({ description: z.string() })) })
    .parse(await response.json());
  return body.tasks[0];
}

/** Someone else invited into the workspace, in a browser of their own. */
async function thirdPerson(browser: Browser, owner: Page, workspaceId: string) {
  const email = uniqueEmail("tess");
  const invitation = await apiPost(owner.request, "/api/auth/organization/invite-member", {
    email,
    role: "member",
    organizationId: workspaceId,
  });
  const context = await browser.newContext();
  await signUpThroughApi(context.request, { name: "Tess Third", email });
  await apiPost(context.request, "/api/auth/organization/accept-invitation", {
    invitationId: z.object({ id: z.string() }).parse(invitation).id,
  });
  return context;
}

test("two people type into one description at the same moment, at its two ends: both see both texts, and so does a third person later", async ({
  browser,
}) => {
  const { owner, member, workspaceId, projectId } = await ownerAndMember(browser);
  // Written before anyone edited it together: both editors start from it, and it stays once.
  const taskUrl = await taskWithDescription(owner.request, workspaceId, projectId, "Ready steady");
  const olga = await owner.newPage();
  const milo = await member.newPage();
  await openEditor(olga, taskUrl, "start");
  await openEditor(milo, taskUrl, "end");

  await Promise.all([
    editor(olga).pressSequentially("Alpha "),
    editor(milo).pressSequentially(" omega"),
  ]);

  for (const page of [olga, milo]) {
    await expect.poll(() => editorText(editor(page))).toBe("Alpha Ready steady omega");
  }
  // Each sees where the other is, named.
  await expect(editor(olga).getByText("Milo Member")).toBeVisible();
  await expect(editor(milo).getByText("Olga Owner")).toBeVisible();
  const tess = await thirdPerson(browser, olga, workspaceId);
  const third = await tess.newPage();
  await third.goto(taskUrl);
  await expect.poll(() => editorText(editor(third))).toBe("Alpha Ready steady omega");

  // Mod+Z undoes one's own typing only, in every browser.
  await editor(olga).press("Control+z");
  for (const page of [olga, milo]) {
    await expect.poll(() => editorText(editor(page))).toBe("Ready steady omega");
  }

  // @ offers the workspace's members; Enter writes the mention, which the other sees at once.
  await editor(milo).pressSequentially(" @Olg");
  const mentions = milo.getByRole("listbox", { name: "Mention someone" });
  await expect(mentions.getByRole("option", { name: "Olga Owner" })).toBeVisible();
  const axe = await new AxeBuilder({ page: milo }).include(".task-description").analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual(
    [],
  );
  await editor(milo).press("Enter");
  // A chip with the name in both editors, and the markdown's mention for search and mail.
  await expect.poll(() => editorText(editor(olga))).toBe("Ready steady omega @Olga Owner ");
  await expect(editor(olga).locator(".markdown-mention")).toHaveText("@Olga Owner");
  const olgaId = await userIdOf(owner);
  await expect
    .poll(async () => (await searchDescription(olga, "steady"))?.description)
    .toContain(`@[Olga Owner](user:${olgaId})`);
  await tess.close();
  await owner.close();
  await member.close();
});

test("a key pressed in one editor shows in the other's at once, its caret after it, even while the other's pulls are held up", async ({
  browser,
}) => {
  const { owner, member, workspaceId, projectId } = await ownerAndMember(browser);
  const taskUrl = await taskWithDescription(owner.request, workspaceId, projectId, "Ready");
  const olga = await owner.newPage();
  const milo = await member.newPage();
  await openEditor(olga, taskUrl, "end");
  await openEditor(milo, taskUrl, "start");
  // Each knows the other is in the description.
  await expect(editor(olga).getByText("Milo Member")).toBeVisible();
  await expect(editor(milo).getByText("Olga Owner")).toBeVisible();

  // Milo's pulls wait: what reaches his editor now comes relayed through presence.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await milo.route("**/api/replicache/pull", async (route) => {
    await released;
    await route.continue();
  });
  await editor(olga).pressSequentially(" steady");
  await expect.poll(() => editorText(editor(milo))).toBe("Ready steady");
  // Olga's caret (her name, drawn inside the text) moved with her characters.
  await expect(editor(milo).locator("p")).toHaveText("Ready steadyOlga Owner");

  // The push kept it: once the pulls go through, and for someone who opens the task later.
  release();
  const later = await owner.newPage();
  await later.goto(taskUrl);
  await expect.poll(() => editorText(editor(later))).toBe("Ready steady");
  await editor(milo).press("End");
  await editor(milo).pressSequentially("!");
  for (const page of [olga, milo, later]) {
    await expect.poll(() => editorText(editor(page))).toBe("Ready steady!");
  }
  await owner.close();
  await member.close();
});

test("one person edits offline while the other edits online: after reconnecting both edits are in both browsers", async ({
  browser,
}) => {
  const { owner, member, workspaceId, projectId } = await ownerAndMember(browser);
  const taskUrl = await taskWithDescription(owner.request, workspaceId, projectId, "Agenda");
  const olga = await owner.newPage();
  const milo = await member.newPage();
  await openEditor(olga, taskUrl, "start");
  await underServiceWorker(olga);
  await openEditor(milo, taskUrl, "end");

  await owner.setOffline(true);
  await editor(olga).pressSequentially("Monday: ");
  await expect(syncStatus(olga)).toContainText("Offline");
  await editor(milo).pressSequentially(" for the launch");
  await expect.poll(() => editorText(editor(milo))).toBe("Agenda for the launch");
  await expect.poll(() => editorText(editor(olga))).toBe("Monday: Agenda");

  await owner.setOffline(false);
  for (const page of [olga, milo]) {
    await expect.poll(() => editorText(editor(page))).toBe("Monday: Agenda for the launch");
  }
  await expect(syncStatus(olga)).toHaveCount(0);
  // What the server merged is what a reload shows.
  await olga.reload();
  await expect.poll(() => editorText(editor(olga))).toBe("Monday: Agenda for the launch");
  await owner.close();
  await member.close();
});
