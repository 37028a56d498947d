import { expect, test, type Page } from "@playwright/test";
import {
  addTask,
  column,
  openBoard,
  ownerAndMember,
  syncStatus,
  titles,
  userIdOf,
} from "./support/team.ts";

/** Resolves with the time at which `title` appears in the page, watching its DOM. */
function appearance(page: Page, title: string): Promise<number> {
  return page.evaluate(
    (text) =>
      new Promise<number>((resolve) => {
        const check = () => {
          if (!document.body.textContent?.includes(text)) return false;
          resolve(Date.now());
          return true;
        };
        if (check()) return;
        const observer = new MutationObserver(() => {
          if (check()) observer.disconnect();
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      }),
    title,
  );
}

test("a task added in one tab appears in the other tab of the same browser with the network cut", async ({
  browser,
}) => {
  const { owner, member, boardUrl } = await ownerAndMember(browser);
  const first = await owner.newPage();
  const second = await owner.newPage();
  await openBoard(first, boardUrl);
  await openBoard(second, boardUrl);
  await owner.setOffline(true);

  const todo = column(first, "To do");
  await todo.getByRole("button", { name: "Add task to To do" }).click();
  const input = todo.getByRole("textbox", { name: "New task in To do" });
  // When Enter goes down in the first tab, taken in the page so no test round trip counts.
  await input.evaluate((element) => {
    element.addEventListener("keydown", (event) => {
      if (event instanceof KeyboardEvent && event.key === "Enter") {
        element.dataset.enteredAt = String(Date.now());
      }
    });
  });

  const delays: number[] = [];
  for (let index = 1; index <= 5; index += 1) {
    const title = `Across tabs ${index}`;
    const seen = appearance(second, title);
    await input.fill(title);
    await input.press("Enter");
    const seenAt = await seen;
    const enteredAt = Number(await input.getAttribute("data-entered-at"));
    delays.push(seenAt - enteredAt);
    await expect(column(second, "To do").getByRole("link", { name: title })).toBeVisible();
  }
  console.log(`cross-tab delay, offline (ms): ${delays.join(", ")}`);
  await owner.close();
  await member.close();
});

test("signing out in one tab signs out the other tab and deletes the person's local data", async ({
  browser,
}) => {
  const { owner, member, boardUrl } = await ownerAndMember(browser);
  const userId = await userIdOf(owner);
  const first = await owner.newPage();
  const second = await owner.newPage();
  await openBoard(first, boardUrl);
  await openBoard(second, boardUrl);
  // The search index and the record of refusal notices shown, which other features keep and
  // open when they first need them; stand them in.
  for (const name of [`search-${userId}`, `notices-${userId}`]) {
    await first.evaluate(
      (name) =>
        new Promise<void>((resolve) => {
          const request = indexedDB.open(name);
          request.onsuccess = () => {
            request.result.close();
            resolve();
          };
        }),
      name,
    );
  }
  // Where browsers kept those notices before: an upgraded browser may still have it.
  await first.evaluate(
    (key) => localStorage.setItem(key, '["a-notice"]'),
    `seen-sync-notices:${userId}`,
  );
  // An unsent comment is the person's too.
  await first.evaluate(
    (key) => localStorage.setItem(key, '[["a-task","Half a thought"]]'),
    `comment-drafts:${userId}`,
  );
  const databases = () =>
    first.evaluate(async () => (await indexedDB.databases()).map(({ name }) => name ?? ""));
  await expect.poll(databases).toContain(`search-${userId}`);
  expect(await databases()).toContain(`notices-${userId}`);
  expect((await databases()).some((name) => name.includes(`tasks-${userId}`))).toBe(true);

  await first.getByRole("button", { name: "Sign out" }).click();
  await expect(first).toHaveURL(/\/auth\/sign-in$/);
  await expect(second).toHaveURL(/\/auth\/sign-in$/);
  await expect(second.getByRole("heading", { level: 1 })).toBeVisible();

  await expect
    .poll(async () => (await databases()).filter((name) => name.includes(userId)))
    .toEqual([]);
  expect(await first.evaluate(() => localStorage.getItem("auth-session"))).toBeNull();
  expect(
    await first.evaluate((key) => localStorage.getItem(key), `seen-sync-notices:${userId}`),
  ).toBeNull();
  expect(
    await first.evaluate((key) => localStorage.getItem(key), `comment-drafts:${userId}`),
  ).toBeNull();
  // Back on the board, the person is asked to sign in again.
  await second.goto(boardUrl);
  await expect(second).toHaveURL(/\/auth\/sign-in/);
  await owner.close();
  await member.close();
});

test("offline, sign-out waits for the network and keeps the person's changes", async ({
  browser,
}) => {
  const { owner, member, boardUrl } = await ownerAndMember(browser);
  const page = await owner.newPage();
  await openBoard(page, boardUrl);
  await owner.setOffline(true);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByText("Signing out needs a network connection")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Website" })).toBeVisible();
  await owner.close();
  await member.close();
});

test("when the server will not take a change, sign-out says it would be lost and waits for consent", async ({
  browser,
}) => {
  const { owner, member, boardUrl } = await ownerAndMember(browser);
  const userId = await userIdOf(owner);
  const page = await owner.newPage();
  await openBoard(page, boardUrl);
  const memberPage = await member.newPage();
  await openBoard(memberPage, boardUrl);
  // Online, but the server fails every push: the change stays pending.
  await page.route("**/api/replicache/push", (route) =>
    route.fulfill({ status: 503, contentType: "text/plain", body: "Service unavailable" }),
  );
  await addTask(page, "To do", "Never confirmed");
  await expect(syncStatus(page)).toContainText("1 change not synced");

  await page.getByRole("button", { name: "Sign out" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign out and lose unsaved changes?" });
  await expect(dialog).toContainText("1 change could not be saved to the server");
  // Cancel: still signed in, the change still here and still pending.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(boardUrl);
  await expect(titles(page, "To do")).toHaveText(["Never confirmed"]);

  // Consent: signed out, and the change never reached the other member.
  await page.getByRole("button", { name: "Sign out" }).click();
  await dialog.getByRole("button", { name: "Sign out anyway" }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  await expect
    .poll(() =>
      page.evaluate(async (id) => {
        const names = (await indexedDB.databases()).map(({ name }) => name ?? "");
        return names.filter((name) => name.includes(id));
      }, userId),
    )
    .toEqual([]);
  await memberPage.reload();
  await expect(column(memberPage, "To do")).toBeVisible();
  await expect(titles(memberPage, "To do")).toHaveCount(0);
  await owner.close();
  await member.close();
});
