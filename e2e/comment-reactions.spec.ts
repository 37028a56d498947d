import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { mutation, now, pushMutations } from "./support/sync-push.ts";
import { ownerAndMember, syncStatus } from "./support/team.ts";

/**
 * Emoji reactions on comments: a pill per emoji with its count and who reacted, pressed for
 * one's own; the picker of frequent emoji; live for the others, and offline too.
 */

/** Olga's comment on a task, its page open for Olga (owner) and Milo (member). */
async function commentedTask(browser: Browser) {
  const { owner, member, workspaceId, projectId } = await ownerAndMember(browser);
  const taskId = `cr-${Date.now().toString(36)}`;
  await pushMutations(owner.request, [
    mutation("createTask", { id: taskId, projectId, title: "Plan the launch", createdAt: now() }),
    mutation("addComment", {
      id: `${taskId}-c`,
      taskId,
      body: "The launch is on Friday",
      createdAt: now(),
    }),
  ]);
  const url = `/dashboard/workspace/${workspaceId}/project/${projectId}/task/${taskId}`;
  const olga = await owner.newPage();
  const milo = await member.newPage();
  await olga.goto(url);
  await milo.goto(url);
  await expect(addReaction(olga)).toBeVisible();
  await expect(addReaction(milo)).toBeVisible();
  return { owner, member, olga, milo };
}

const comment = (page: Page) =>
  page
    .getByRole("list", { name: "Comments" })
    .getByRole("listitem", { name: "Comment by Olga Owner" });

const reactions = (page: Page) => comment(page).getByRole("group", { name: "Reactions" });

/** In the comment's header. */
const addReaction = (page: Page) => comment(page).getByRole("button", { name: "Add reaction" });

/** The pill of an emoji, named by its count and its people: "👍 2: Olga Owner, Milo Member". */
const pill = (page: Page, emoji: string) =>
  reactions(page).getByRole("button", { name: new RegExp(`^${emoji} \\d`) });

test("a reaction reaches the other person live with its name; the same emoji counts two; taking one back leaves one", async ({
  browser,
}) => {
  const { owner, member, olga, milo } = await commentedTask(browser);

  await addReaction(olga).click();
  await olga.getByRole("menuitemcheckbox", { name: "Thumbs up" }).click();
  await expect(pill(olga, "👍")).toHaveAccessibleName("👍 1: Olga Owner");
  await expect(pill(olga, "👍")).toHaveAttribute("aria-pressed", "true");
  await expect(pill(milo, "👍")).toHaveAccessibleName("👍 1: Olga Owner");
  await expect(pill(milo, "👍")).toHaveAttribute("aria-pressed", "false");

  // Milo adds the same emoji from its pill.
  await pill(milo, "👍").click();
  await expect(pill(milo, "👍")).toHaveAccessibleName("👍 2: Olga Owner, Milo Member");
  await expect(pill(milo, "👍")).toHaveAttribute("aria-pressed", "true");
  await expect(pill(olga, "👍")).toHaveAccessibleName("👍 2: Olga Owner, Milo Member");
  await expect(pill(olga, "👍")).toHaveText("👍2");

  // The pills and the open picker pass axe, in the dark theme (Milo's) and the light (Olga's).
  await olga.evaluate(() => document.documentElement.setAttribute("data-theme", "light"));
  for (const page of [milo, olga]) {
    await addReaction(page).click();
    await expect(page.getByRole("menu", { name: "Pick a reaction" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
  }

  // Olga takes hers back: Milo's stays, and is no longer Olga's to press.
  await pill(olga, "👍").click();
  await expect(pill(olga, "👍")).toHaveAccessibleName("👍 1: Milo Member");
  await expect(pill(olga, "👍")).toHaveAttribute("aria-pressed", "false");
  await expect(pill(milo, "👍")).toHaveAccessibleName("👍 1: Milo Member");

  // The picker shows what is one's own; picking it again takes it back.
  await addReaction(milo).click();
  const thumbsUp = milo.getByRole("menuitemcheckbox", { name: "Thumbs up" });
  await expect(thumbsUp).toHaveAttribute("aria-checked", "true");
  await thumbsUp.click();
  await expect(reactions(milo)).toHaveCount(0);
  await expect(reactions(olga)).toHaveCount(0);
  await owner.close();
  await member.close();
});

test("the picker by keyboard: Enter opens it, the arrows move, Esc closes it; a reaction made offline reaches the other person once online", async ({
  browser,
}) => {
  const { owner, member, olga, milo } = await commentedTask(browser);
  const add = addReaction(olga);
  const picker = olga.getByRole("menu", { name: "Pick a reaction" });

  await add.focus();
  await olga.keyboard.press("Enter");
  await expect(picker).toBeVisible();
  await olga.keyboard.press("Escape");
  await expect(picker).toBeHidden();
  await expect(add).toBeFocused();

  await owner.setOffline(true);
  await expect(syncStatus(olga)).toHaveText("Offline");
  await olga.keyboard.press("Enter");
  await expect(picker.getByRole("menuitemcheckbox", { name: "Thumbs up" })).toBeFocused();
  for (let step = 0; step < 7; step++) await olga.keyboard.press("ArrowRight");
  await olga.keyboard.press("ArrowLeft");
  await expect(picker.getByRole("menuitemcheckbox", { name: "Rocket" })).toBeFocused();
  await olga.keyboard.press("Enter");
  await expect(picker).toBeHidden();
  await expect(add).toBeFocused();
  await expect(pill(olga, "🚀")).toHaveAccessibleName("🚀 1: Olga Owner");
  await expect(syncStatus(olga)).toHaveText(/Offline · 1 change/);
  await expect(pill(milo, "🚀")).toHaveCount(0);

  await owner.setOffline(false);
  await expect(pill(milo, "🚀")).toHaveAccessibleName("🚀 1: Olga Owner");
  await expect(syncStatus(olga)).toHaveCount(0);
  await owner.close();
  await member.close();
});

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .include(".task-comments")
    .include(".reaction-picker")
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({ rule: violation.id, nodes: violation.nodes.map((n) => n.target) }));
}
