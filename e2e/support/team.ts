import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { z } from "zod";
import { apiPost, createWorkspaceThroughApi, signUpThroughApi, uniqueEmail } from "./accounts.ts";
import { createProjectThroughSync } from "./sync.ts";

/**
 * Two people of one workspace, each in their own browser context (their own cookies, IndexedDB
 * and service worker), with a project "Website" (key WEB) whose board both can open.
 */
export async function ownerAndMember(browser: Browser, role: "member" | "admin" = "member") {
  const owner = await browser.newContext();
  await signUpThroughApi(owner.request, { name: "Olga Owner", email: uniqueEmail("owner") });
  const workspaceId = await createWorkspaceThroughApi(owner.request, "Offline workspace");
  const memberEmail = uniqueEmail("member");
  const invitation = await apiPost(owner.request, "/api/auth/organization/invite-member", {
    email: memberEmail,
    role,
    organizationId: workspaceId,
  });
  const member = await browser.newContext();
  await signUpThroughApi(member.request, { name: "Milo Member", email: memberEmail });
  const accepted = await apiPost(member.request, "/api/auth/organization/accept-invitation", {
    invitationId: z.object({ id: z.string() }).parse(invitation).id,
  });
  const memberId = z.object({ member: z.object({ id: z.string() }) }).parse(accepted).member.id;
  const projectId = await createProjectThroughSync(owner.request, workspaceId, {
    name: "Website",
    key: "WEB",
  });
  const boardUrl = `/dashboard/workspace/${workspaceId}/project/${projectId}/board`;
  return { owner, member, memberId, workspaceId, projectId, boardUrl };
}

/** The signed-in user id of a browser context, as the session endpoint names it. */
export async function userIdOf(context: BrowserContext): Promise<string> {
  const response = await context.request.get("/api/auth/get-session");
  return z.object({ user: z.object({ id: z.string() }) }).parse(await response.json()).user.id;
}

/**
 * Waits until the service worker controls the page: it installs on the first visit, caches the
 * app and claims the open page, whose later requests (lazy route chunks too) it then serves.
 */
export async function underServiceWorker(page: Page) {
  // Installing precaches every chunk of the app: on a loaded 2-core machine running two
  // browsers this once took more than the default 10 s.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
      timeout: 30_000,
    })
    .toBe(true);
}

export async function openBoard(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByRole("heading", { level: 1, name: "Website" })).toBeVisible();
}

export const column = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

export const titles = (page: Page, name: string) => column(page, name).getByRole("link");

/** Types a title into the column's "+ Add task" field and presses Enter. */
export async function addTask(page: Page, columnName: string, title: string) {
  const target = column(page, columnName);
  await target.getByRole("button", { name: `Add task to ${columnName}` }).click();
  const input = target.getByRole("textbox", { name: `New task in ${columnName}` });
  await input.fill(title);
  await input.press("Enter");
  await expect(target.getByRole("link", { name: title, exact: true })).toBeVisible();
  await input.press("Escape");
}

export const syncStatus = (page: Page) =>
  page.getByRole("status").filter({ hasText: /Offline|Syncing/ });

/**
 * Waits until the page has run the timers already scheduled. dnd-kit's keyboard sensor starts
 * listening for the arrows in a `setTimeout` after the pick-up (which a screen reader already
 * hears): an arrow pressed before that timer ran is lost, as it was once in CI on a busy machine.
 * Timers of equal delay run in the order they were set, so one set now runs after it.
 */
export async function keyboardDragReady(page: Page) {
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}
