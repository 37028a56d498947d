import { expect, test, type Page } from "@playwright/test";
import { signedInPerson } from "./support/accounts.ts";
import { oidcProviderName } from "./support/oidc-provider.ts";
import { mutation, now, pushMutations } from "./support/sync-push.ts";
import { addTask, openBoard, underServiceWorker } from "./support/team.ts";

/**
 * The server's Content-Security-Policy (server/http/security-headers.ts) allows no inline or
 * foreign script. Whatever the app does in normal use must stay within it: Chromium reports
 * each breach as a `securitypolicyviolation` event and a console error.
 */
function recordViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy|CSP violation/.test(message.text()))
      violations.push(message.text());
  });
  void page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const where = `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`;
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} at ${where}`);
    });
  });
  return violations;
}

test("signing in with a provider, the board, a task page and a public project break no rule of the policy", async ({
  page,
  browser,
}) => {
  const violations = recordViolations(page);

  const response = await page.goto("/auth/sign-in");
  expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
  await page.getByRole("button", { name: `Continue with ${oidcProviderName}` }).click();
  await expect(page).toHaveURL(/\/onboarding$/);

  // The provider signs in one person for every spec, and others expect them without a
  // workspace: the rest happens as a person of this test's own.
  await page.context().clearCookies();
  const person = await signedInPerson("csp");
  await page.context().addCookies(person.cookies);
  const workspaceId = person.workspaceId;
  const projectId = `csp-${Date.now().toString(36)}`;
  await pushMutations(page.request, [
    mutation("createProject", {
      id: projectId,
      workspaceId,
      name: "Website",
      key: "WEB",
      createdAt: now(),
    }),
    mutation("createTask", {
      id: `${projectId}-1`,
      projectId,
      title: "Write the brief",
      description: "Some **bold** words, a `code` span and a [link](https://example.com).",
      createdAt: now(),
    }),
  ]);
  const projectUrl = `/dashboard/workspace/${workspaceId}/project/${projectId}`;

  await openBoard(page, `${projectUrl}/board`);
  await underServiceWorker(page);
  await addTask(page, "To do", "Pick the colours");
  await page.keyboard.press("?");
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
  await page.keyboard.press("Escape");

  await page.goto(`${projectUrl}/task/${projectId}-1`);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Write the brief");
  const description = page.getByRole("textbox", { name: "Description" });
  await expect(description.locator("strong")).toHaveText("bold");
  await description.click();
  await page.keyboard.press("Control+a");
  await description.pressSequentially("Rewritten *here*.");
  await expect(description.locator("em")).toHaveText("here");

  await page.goto(`/dashboard/settings/projects/${projectId}/visibility`);
  await page.getByLabel(/Public access/).check();
  await expect(page.getByLabel("Public URL")).toHaveValue(/\/public-project\/csp-/);
  await expect
    .poll(async () => (await page.request.get(`/api/public/projects/${projectId}`)).status())
    .toBe(200);

  const visitor = await browser.newPage();
  const visitorViolations = recordViolations(visitor);
  await visitor.goto(`/public-project/${projectId}`);
  await expect(visitor.getByRole("heading", { level: 1, name: "Website" })).toBeVisible();
  await visitor.close();

  expect(violations).toEqual([]);
  expect(visitorViolations).toEqual([]);
});
