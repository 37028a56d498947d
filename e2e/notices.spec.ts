import { expect, test, type Page } from "@playwright/test";
import { SCHEMA_VERSION } from "../shared/schema-version.ts";
import { signUpThroughApi, createWorkspaceThroughApi, uniqueEmail } from "./support/accounts.ts";
import { mutation, now, pushMutations } from "./support/sync-push.ts";
import { createProjectThroughSync } from "./support/sync.ts";
import { openBoard } from "./support/team.ts";

const refusal = (page: Page) =>
  page.getByRole("listitem").filter({ hasText: "A change was not saved" });

/**
 * Counts, in the page from now on, every refusal toast that appears (a toast closes after two
 * seconds, so counting what is on screen at one moment could miss one).
 */
async function countRefusals(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    Object.assign(window, { refusalsSeen: seen });
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          const text = node.textContent ?? "";
          if (text.includes("A change was not saved")) seen.push(text);
        }
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () =>
    page.evaluate(() => {
      const seen: unknown = Reflect.get(window, "refusalsSeen");
      return Array.isArray(seen) ? seen.map(String) : [];
    });
}

test("a refused change is explained once, in words, in one of two tabs, and not again after a reload or in another browser", async ({
  browser,
}) => {
  const person = await browser.newContext();
  const email = uniqueEmail("notice");
  await signUpThroughApi(person.request, { name: "Nora Notice", email });
  const workspaceId = await createWorkspaceThroughApi(person.request, "Notice workspace");
  const projectId = await createProjectThroughSync(person.request, workspaceId, {
    name: "Website",
    key: "WEB",
  });
  const boardUrl = `/dashboard/workspace/${workspaceId}/project/${projectId}/board`;
  const first = await person.newPage();
  const second = await person.newPage();
  await openBoard(first, boardUrl);
  await openBoard(second, boardUrl);

  const seenInFirst = await countRefusals(first);
  const seenInSecond = await countRefusals(second);
  // A change the server refuses for its values, as a client of this person would push it.
  await pushMutations(person.request, [
    mutation("createTask", {
      id: `tsk-${Date.now()}`,
      projectId,
      title: "x".repeat(501),
      createdAt: now(),
    }),
  ]);
  const seen = async () => [...(await seenInFirst()), ...(await seenInSecond())];
  await expect.poll(async () => (await seen()).length).toBe(1);
  expect((await seen())[0]).toContain("The change had invalid values: the title is too long.");
  // Dismissed on the server: a browser that syncs now does not receive it.
  await expect
    .poll(async () => {
      const response = await person.request.post("/api/replicache/pull", {
        headers: { Origin: process.env.E2E_BASE_URL ?? "" },
        data: {
          pullVersion: 1,
          clientGroupID: `probe-${Date.now()}`,
          cookie: null,
          profileID: "e2e",
          schemaVersion: SCHEMA_VERSION,
        },
      });
      return JSON.stringify(await response.json()).includes('"notice/');
    })
    .toBe(false);
  expect(await seen()).toHaveLength(1);

  await first.reload();
  await second.reload();
  await expect(first.getByRole("heading", { level: 1, name: "Website" })).toBeVisible();
  await expect(second.getByRole("heading", { level: 1, name: "Website" })).toBeVisible();
  await expect(refusal(first)).toHaveCount(0);
  await expect(refusal(second)).toHaveCount(0);

  // Another browser of the same person: their session, nothing of this browser's storage.
  const otherBrowser = await browser.newContext();
  await otherBrowser.addCookies(await person.cookies());
  const elsewhere = await otherBrowser.newPage();
  await openBoard(elsewhere, boardUrl);
  await expect(refusal(elsewhere)).toHaveCount(0);
  await otherBrowser.close();
  await person.close();
});
