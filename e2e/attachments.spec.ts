import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from "@playwright/test";
import { z } from "zod";
import { descriptionEditor, editorText } from "./support/description-editor.ts";
import { mutation, now, pushMutations } from "./support/sync-push.ts";
import { createProjectThroughSync } from "./support/sync.ts";
import { ownerAndMember, syncStatus, underServiceWorker } from "./support/team.ts";
import { apiPost } from "./support/accounts.ts";

/**
 * Issue 18: files on tasks and images in descriptions (features/task/task-attachments.tsx,
 * server/attachments/). The server stores the bytes on local disk here; the S3 path has its
 * integration tests (server/attachments/attachments.test.ts).
 */

// A real 1×1 PNG, so that a browser that shows it decodes it (naturalWidth 1).
const PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
const PNG = Buffer.from(PNG_BASE64, "base64");

const taskUrlOf = (workspaceId: string, projectId: string, taskId: string) =>
  `/dashboard/workspace/${workspaceId}/project/${projectId}/task/${taskId}`;

async function newTask(request: APIRequestContext, projectId: string, description = "") {
  const id = `tsk-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  await pushMutations(request, [
    mutation("createTask", { id, projectId, title: "Launch", description, createdAt: now() }),
  ]);
  return id;
}

/** An image that loaded: its bytes arrived and decoded (the test's picture is `width` wide). */
async function expectLoaded(image: Locator, width = 1) {
  await expect(image).toBeVisible();
  // A thumbnail loads lazily, once it is near the viewport. The element may be replaced as its
  // upload completes or the server confirms it (the pending preview gives way to the stored
  // file): each try finds it again, and a try whose element went away meanwhile counts as not
  // loaded yet (expect.poll fails at once on an error rather than trying again).
  await expect
    .poll(async () => {
      try {
        await image.scrollIntoViewIfNeeded({ timeout: 1000 });
        return await image.evaluate((img: HTMLImageElement) => img.naturalWidth);
      } catch {
        return 0;
      }
    })
    .toBe(width);
}

const attachments = (page: Page) => page.getByRole("region", { name: "Attachments" });

/** The owner of `ownerAndMember` on the page of a new task, its attachments still empty. */
async function ownerOnNewTask(browser: Browser) {
  const { owner, workspaceId, projectId } = await ownerAndMember(browser);
  const taskId = await newTask(owner.request, projectId);
  const page = await owner.newPage();
  await page.goto(taskUrlOf(workspaceId, projectId, taskId));
  await expect(attachments(page)).toContainText("Drop files on the page");
  return { owner, page };
}

test("an image pasted into a description appears in another person's browser live", async ({
  browser,
}) => {
  const { owner, member, workspaceId, projectId } = await ownerAndMember(browser);
  const taskId = await newTask(owner.request, projectId, "Notes");
  const url = taskUrlOf(workspaceId, projectId, taskId);
  const olga = await owner.newPage();
  const milo = await member.newPage();
  await milo.goto(url);
  await expect(milo.getByRole("region", { name: "Description" }).locator(".markdown")).toHaveText(
    "Notes",
  );
  await underServiceWorker(milo);
  await olga.goto(url);
  await descriptionEditor(olga).click();
  await olga.keyboard.press("Control+End");
  // Milo sees Olga's edit relayed at once, before his pull brings it to his store: when her
  // description's push has been answered is noted here.
  let descriptionSaved = false;
  olga.on("requestfinished", (request) => {
    const body = request.postData() ?? "";
    if (request.url().includes("/api/replicache/push") && body.includes("editDescription")) {
      descriptionSaved = true;
    }
  });

  // A screenshot on the clipboard, pasted as a person would with Mod+V.
  await descriptionEditor(olga).evaluate((content, base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], "image.png", { type: "image/png" }));
    content.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, PNG_BASE64);

  // The image shows inline in the editor, after the text.
  await expectLoaded(descriptionEditor(olga).getByRole("img", { name: "image.png" }));
  await expect.poll(() => editorText(descriptionEditor(olga))).toBe("Notes");
  // The other person sees the image in the description, and the file in the list, live.
  const shown = milo.getByRole("region", { name: "Description" }).getByRole("img", {
    name: "image.png",
  });
  await expectLoaded(shown);
  await expect(attachments(milo).getByRole("listitem")).toContainText(["image.png"]);
  await expect(attachments(milo).getByRole("listitem")).toContainText([`PNG · ${PNG.length} B`]);

  // Seen once, the image stays viewable with no network (the service worker's image cache).
  // First a pull brings the description to Milo's store: a title changed after it was saved,
  // which Milo sees, comes in a pull that has it too.
  await expect.poll(() => descriptionSaved).toBe(true);
  await pushMutations(owner.request, [
    mutation("updateTask", {
      id: taskId,
      projectId,
      title: "Notes, with a sketch",
      updatedAt: now(),
    }),
  ]);
  await expect(milo.getByRole("textbox", { name: "Title" })).toHaveValue("Notes, with a sketch");
  await member.setOffline(true);
  // "Offline" alone, not "saving on this device…": what the last pulls brought is in IndexedDB
  // (a reload while that write runs would abort it, and the page would open without them).
  await expect(syncStatus(milo)).toHaveText("Offline");
  await milo.reload();
  await expectLoaded(shown);
  await expectLoaded(attachments(milo).getByRole("listitem").locator("img"));
  await owner.close();
  await member.close();
});

test("an image pasted into a description shows how far its upload has gone, in place", async ({
  browser,
}) => {
  const { owner, workspaceId, projectId } = await ownerAndMember(browser);
  const taskId = await newTask(owner.request, projectId, "Notes");
  const olga = await owner.newPage();
  await olga.goto(taskUrlOf(workspaceId, projectId, taskId));
  await descriptionEditor(olga).click();
  await olga.keyboard.press("Control+End");
  // A slow line up (seconds for the picture below), so the upload is seen on its way.
  const cdp = await owner.newCDPSession(olga);
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 32 * 1024,
  });

  // A photo-like picture (noise compresses badly: a PNG of several hundred KB), pasted.
  await descriptionEditor(olga).evaluate(async (content) => {
    const canvas = document.createElement("canvas");
    canvas.width = 360;
    canvas.height = 360;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no canvas");
    const pixels = context.createImageData(canvas.width, canvas.height);
    for (let index = 0; index < pixels.data.length; index++) {
      pixels.data[index] = index % 4 === 3 ? 255 : Math.floor(Math.random() * 256);
    }
    context.putImageData(pixels, 0, 0);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
    if (!blob) throw new Error("no picture");
    const data = new DataTransfer();
    data.items.add(new File([blob], "photo.png", { type: "image/png" }));
    content.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  });

  // The picture shows at once from this browser's copy, with the upload's progress over it.
  const image = descriptionEditor(olga).getByRole("img", { name: "photo.png" });
  await expectLoaded(image, 360);
  const progress = descriptionEditor(olga).getByRole("progressbar", { name: "Upload" });
  const sent = async () => Number(await progress.getAttribute("value"));
  await expect.poll(sent, { timeout: 15_000 }).toBeGreaterThan(0);
  const first = await sent();
  await expect(descriptionEditor(olga)).toContainText(/Uploading \d+%/);
  await expect.poll(sent).toBeGreaterThan(first);
  // Once it is up, the badge goes and the picture stays.
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(progress).toBeHidden({ timeout: 30_000 });
  await expect(descriptionEditor(olga)).not.toContainText("Uploading");
  await expectLoaded(image, 360);
  await owner.close();
});

test("a file attached offline survives a reload, uploads once back online, and another person downloads it", async ({
  browser,
}) => {
  const { owner, member, workspaceId, projectId } = await ownerAndMember(browser);
  const taskId = await newTask(owner.request, projectId);
  const url = taskUrlOf(workspaceId, projectId, taskId);
  const olga = await owner.newPage();
  await olga.goto(url);
  await underServiceWorker(olga);
  await expect(attachments(olga)).toContainText("Drop files on the page");

  await owner.setOffline(true);
  const notes = Buffer.from("Agenda: ship the attachments.\n");
  await olga.getByLabel("Files to attach").setInputFiles({
    name: "agenda.txt",
    mimeType: "text/plain",
    buffer: notes,
  });
  const item = attachments(olga).getByRole("listitem").filter({ hasText: "agenda.txt" });
  await expect(item).toContainText("Uploads when you are back online");
  // A second file, thought better of before it left: cancelled, it is gone for good.
  await olga.getByLabel("Files to attach").setInputFiles({
    name: "draft.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("not this one"),
  });
  await attachments(olga).getByRole("button", { name: "Cancel the upload of draft.txt" }).click();
  await expect(attachments(olga).getByRole("listitem")).toHaveCount(1);
  // Said once the rows are written on this device (the file itself is already kept).
  await expect(syncStatus(olga)).toHaveText("Offline · 3 changes not synced");
  await olga.reload();
  await expect(item).toContainText("Uploads when you are back online");

  await owner.setOffline(false);
  await expect(item).toContainText(`TXT · ${notes.length} B`);

  const milo = await member.newPage();
  await milo.goto(url);
  await expect(attachments(milo).getByRole("listitem")).toHaveCount(1);
  const download = milo.waitForEvent("download");
  await attachments(milo).getByRole("link", { name: "Download agenda.txt" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("agenda.txt");
  const path = await file.path();
  const { readFile } = await import("node:fs/promises");
  expect(await readFile(path, "utf8")).toBe(notes.toString());
  await owner.close();
  await member.close();
});

/** Adds a file to a task through the same calls the browser makes; its id. */
async function uploadThroughApi(
  request: APIRequestContext,
  taskId: string,
  file: { name: string; type: string; bytes: Buffer },
) {
  const id = `att-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  await pushMutations(request, [
    mutation("addAttachment", {
      id,
      taskId,
      name: file.name,
      type: file.type,
      size: file.bytes.length,
      createdAt: now(),
    }),
  ]);
  const target = z
    .object({ url: z.string(), headers: z.record(z.string(), z.string()) })
    .parse(await apiPost(request, `/api/attachments/${id}/upload`, {}));
  const put = await request.put(target.url, { headers: target.headers, data: file.bytes });
  expect(put.status()).toBe(200);
  await apiPost(request, `/api/attachments/${id}/complete`, {});
  return id;
}

test("a public project shows its images to a signed-out visitor, and nothing of another project", async ({
  browser,
}) => {
  const { owner, workspaceId, projectId } = await ownerAndMember(browser);
  const publicTask = await newTask(owner.request, projectId);
  const imageId = await uploadThroughApi(owner.request, publicTask, {
    name: "chart.png",
    type: "image/png",
    bytes: PNG,
  });
  const privateProject = await createProjectThroughSync(owner.request, workspaceId, {
    name: "Finance",
    key: "FIN",
  });
  const privateTask = await newTask(owner.request, privateProject);
  const privateId = await uploadThroughApi(owner.request, privateTask, {
    name: "salaries.png",
    type: "image/png",
    bytes: PNG,
  });
  await pushMutations(owner.request, [
    mutation("updateTask", {
      id: publicTask,
      title: "Launch chart",
      description: `The numbers:\n\n![chart](/api/attachments/${imageId}/content)`,
      updatedAt: now(),
    }),
    mutation("updateProject", { id: projectId, isPublic: true, updatedAt: now() }),
  ]);

  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto(`/public-project/${projectId}`);
  await page.getByRole("button", { name: /Launch chart/ }).click();
  await expectLoaded(
    page.getByRole("dialog", { name: "Task" }).getByRole("img", { name: "chart" }),
  );

  expect((await visitor.request.get(`/api/attachments/${imageId}/content`)).status()).toBe(200);
  const other = await visitor.request.get(`/api/attachments/${privateId}/content`, {
    maxRedirects: 0,
  });
  expect(other.status()).toBe(404);
  expect(await other.json()).toEqual({ code: "NOT_FOUND", message: "Attachment not found" });
  await visitor.close();
  await owner.close();
});

test("files dropped on the task page are attached, and an image dropped into a comment is written there", async ({
  browser,
}) => {
  const { owner, page } = await ownerOnNewTask(browser);

  const drop = async (target: Locator, file: { name: string; type: string; base64: string }) => {
    const data = await page.evaluateHandle(({ name, type, base64 }) => {
      const transfer = new DataTransfer();
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], name, { type }));
      return transfer;
    }, file);
    await target.dispatchEvent("dragover", { dataTransfer: data });
    await target.dispatchEvent("drop", { dataTransfer: data });
  };

  await drop(page.getByRole("heading", { level: 1 }), {
    name: "brief.pdf",
    type: "application/pdf",
    base64: Buffer.from("%PDF-1.7\nbrief\n").toString("base64"),
  });
  const pdf = attachments(page).getByRole("listitem").filter({ hasText: "brief.pdf" });
  await expect(pdf).toContainText("PDF · 15 B");

  const box = page.getByRole("textbox", { name: "New comment" });
  await drop(box, { name: "shot.png", type: "image/png", base64: PNG_BASE64 });
  // The image shows in the box where it was dropped, as it will in the comment.
  await expect(box.getByRole("img", { name: "shot.png" })).toHaveAttribute(
    "src",
    /^\/api\/attachments\/[\w-]+\/content$/,
  );
  await box.press("Control+Enter");
  await expectLoaded(
    page.getByRole("list", { name: "Comments" }).getByRole("img", { name: "shot.png" }),
  );
  await expect(attachments(page).getByRole("listitem")).toHaveCount(2);
  await owner.close();
});

test("a file past the workspace's quota says why on the task page, and settings show the space used", async ({
  browser,
}) => {
  // The e2e server's ATTACHMENT_QUOTA_MB is 2 (support/global-setup.ts).
  const { owner, page } = await ownerOnNewTask(browser);

  const drop = async (name: string, megabytes: number) => {
    const data = await page.evaluateHandle(
      ({ name, size }) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(size).fill(7)], name, { type: "text/csv" }));
        return transfer;
      },
      { name, size: Math.round(megabytes * 1024 * 1024) },
    );
    const target = page.getByRole("heading", { level: 1 });
    await target.dispatchEvent("dragover", { dataTransfer: data });
    await target.dispatchEvent("drop", { dataTransfer: data });
  };
  const row = (name: string) => attachments(page).getByRole("listitem").filter({ hasText: name });

  await drop("survey.csv", 1.5);
  await expect(row("survey.csv")).toContainText("1.5 MB");
  await expect(row("survey.csv")).toHaveAttribute("data-state", "uploaded");

  await drop("census.csv", 1);
  const message =
    "This workspace has used its 2 MB of storage for files. Delete some files to make room.";
  await expect(row("census.csv")).toContainText(message);
  await expect(row("census.csv")).toHaveAttribute("data-state", "failed");
  await expect(page.getByText(`“census.csv” could not be uploaded. ${message}`)).toBeVisible();

  await page.goto("/dashboard/settings/workspace/general");
  const storage = page.getByRole("region", { name: "Storage" });
  await expect(storage).toContainText("1.5 MB of 2 MB used by files");
  await expect(storage.getByRole("progressbar", { name: "Space used by files" })).toHaveAttribute(
    "value",
    String(1.5 * 1024 * 1024),
  );
  await owner.close();
});
