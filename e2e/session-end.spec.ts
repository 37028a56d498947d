import { expect, test, type Browser, type Page } from "@playwright/test";
import {
  apiPost,
  createWorkspaceThroughApi,
  password,
  signUpThroughApi,
  uniqueEmail,
} from "./support/accounts.ts";
import { createProjectThroughSync } from "./support/sync.ts";
import { addTask, openBoard, titles } from "./support/team.ts";

/** Requests the page makes to the sync endpoints from now on. */
function syncRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/replicache/")) urls.push(request.url());
  });
  return urls;
}

async function signIn(page: Page, email: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  // "Sign in", with the badge of the method used last when there is one.
  await page.getByRole("button", { name: /^Sign in/ }).click();
}

/**
 * A person with a board, signed in on "another device" through the API and here through the
 * form, as a person would (the browser keeps its own cookie), with the board open.
 */
async function signedInHereAndElsewhere(browser: Browser, label: string, name: string) {
  const email = uniqueEmail(label);
  const elsewhere = await browser.newContext();
  await signUpThroughApi(elsewhere.request, { name, email });
  const workspaceId = await createWorkspaceThroughApi(elsewhere.request, `${name}'s workspace`);
  const projectId = await createProjectThroughSync(elsewhere.request, workspaceId, {
    name: "Website",
    key: "WEB",
  });
  const boardPath = `/dashboard/workspace/${workspaceId}/project/${projectId}/board`;
  const here = await browser.newContext();
  const page = await here.newPage();
  await page.goto(boardPath);
  await signIn(page, email);
  await expect(page.getByRole("heading", { level: 1, name: "Website" })).toBeVisible();
  return { email, elsewhere, here, page, boardPath };
}

test("a session ended from another device sends the person to sign in, and their change is sent once they are back", async ({
  browser,
}) => {
  const { email, elsewhere, here, page, boardPath } = await signedInHereAndElsewhere(
    browser,
    "revoked",
    "Rita Revoked",
  );

  // A change made while the network is down waits in the store.
  await here.setOffline(true);
  await addTask(page, "To do", "Written before the session ended");

  // Meanwhile, on another device, the person signs out of every other session.
  await apiPost(elsewhere.request, "/api/auth/revoke-other-sessions", {});

  const refused: string[] = [];
  page.on("response", (response) => {
    const { pathname } = new URL(response.url());
    if (response.status() === 401 && pathname.startsWith("/api/replicache/"))
      refused.push(pathname);
  });
  await here.setOffline(false);
  await expect(page).toHaveURL(`/auth/sign-in?redirect=${encodeURIComponent(boardPath)}`);
  await expect(page.getByText("Your session has ended")).toBeVisible();

  // The store is closed: nothing more is asked of the sync endpoints, so no 401 after 401.
  const later = syncRequests(page);
  await page.waitForTimeout(3000);
  expect(later).toEqual([]);
  // Each endpoint with a request under way when the session ended learnt it once.
  expect(refused.length).toBeLessThanOrEqual(3);
  expect(new Set(refused).size).toBe(refused.length);

  await signIn(page, email);
  await expect(page).toHaveURL(boardPath);
  await expect(titles(page, "To do")).toHaveText(["Written before the session ended"]);

  // It reached the server: the other device's fresh browser receives it.
  const other = await elsewhere.newPage();
  await openBoard(other, boardPath);
  await expect(titles(other, "To do")).toHaveText(["Written before the session ended"]);
  await here.close();
  await elsewhere.close();
});

test("a reload after the session was ended elsewhere opens from this browser, then sends the person to sign in", async ({
  browser,
}) => {
  const { email, elsewhere, here, page, boardPath } = await signedInHereAndElsewhere(
    browser,
    "reloaded",
    "Rene Reload",
  );

  // The board is closed first: left open, its own sync could learn of the end before the
  // reload (and show the notice there, then reload the sign-in page), as it did once under load.
  await page.close();
  await apiPost(elsewhere.request, "/api/auth/revoke-other-sessions", {});
  const reloaded = await here.newPage();
  await reloaded.goto(boardPath);
  await expect(reloaded).toHaveURL(`/auth/sign-in?redirect=${encodeURIComponent(boardPath)}`);
  await expect(reloaded.getByText("Your session has ended")).toBeVisible();

  await signIn(reloaded, email);
  await expect(reloaded).toHaveURL(boardPath);
  await expect(reloaded.getByRole("heading", { level: 1, name: "Website" })).toBeVisible();
  await here.close();
  await elsewhere.close();
});
