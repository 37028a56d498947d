import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Attachment, Notice, Task } from "../../shared/entities.ts";
import { attachmentKey, prefixes, taskStoreKey } from "../../shared/keys.ts";
import {
  SERVER_START_TIMEOUT,
  SyncClient,
  addMember,
  createWorkspace,
  m,
  newId,
  now,
  post,
  restoreArgs,
  signUp,
  type Mutation,
  type TestUser,
} from "../test/sync-client.ts";
import { startTestS3, type TestS3 } from "../test/s3-server.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";
import { attachmentStorageKey, UPLOAD_URL_SECONDS } from "./storage.ts";

/**
 * Attachments end to end over HTTP, once with the bytes on local disk and once in a real
 * S3-compatible server (s3rver) on the loopback: the row through a push, the bytes through a
 * signed URL, the type read from the bytes, access on every download, limits and deletion.
 */

const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
]);
const HTML = Buffer.from("<!doctype html><script>alert(document.cookie)</script>");
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const PDF = Buffer.from("%PDF-1.7\n% a report\n");

const storages: { name: string; s3: boolean }[] = [
  { name: "on local disk", s3: false },
  { name: "in an S3-compatible server", s3: true },
];

describe.each(storages)("attachments $name", ({ s3: useS3 }) => {
  let s3: TestS3 | undefined;
  let server: TestServer;
  let owner: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let ownerClient: SyncClient;
  let memberClient: SyncClient;
  let outsiderClient: SyncClient;
  let workspaceId: string;
  let projectId: string;
  let taskId: string;

  beforeAll(async () => {
    s3 = useS3 ? await startTestS3() : undefined;
    server = await startTestServer({ MAX_UPLOAD_MB: "1", ATTACHMENT_QUOTA_MB: "2", ...s3?.env });
    [owner, member, outsider] = await Promise.all([
      signUp(server, "Olivia Owner"),
      signUp(server, "Mo Member"),
      signUp(server, "Otto Outsider"),
    ]);
    workspaceId = await createWorkspace(server, owner, "Acme");
    await addMember(server, owner, workspaceId, member);
    await createWorkspace(server, outsider, "Elsewhere");
    projectId = newId("p");
    taskId = newId("t");
    ownerClient = new SyncClient(server, owner);
    memberClient = new SyncClient(server, member);
    outsiderClient = new SyncClient(server, outsider);
    await ownerClient.push(
      m("createProject", { id: projectId, workspaceId, name: "Web", key: "WEB", createdAt: now() }),
      m("createTask", { id: taskId, projectId, title: "Ship it", createdAt: now() }),
    );
  }, SERVER_START_TIMEOUT);

  afterAll(async () => {
    await server?.stop();
    await s3?.stop();
  });

  const absolute = (url: string) => (url.startsWith("/") ? `${server.url}${url}` : url);

  type UploadTarget = { url: string; method: string; headers: Record<string, string> };

  /** Adds the row and asks for its upload URL; the id and the URL's answer. */
  async function addRow(
    user: TestUser,
    client: SyncClient,
    file: { name: string; type: string; size: number; task?: string },
  ) {
    const id = newId("f");
    await client.push(
      m("addAttachment", {
        id,
        taskId: file.task ?? taskId,
        name: file.name,
        type: file.type,
        size: file.size,
        createdAt: now(),
      }),
    );
    return { id, target: await post(server, `/api/attachments/${id}/upload`, {}, user) };
  }

  const putTo = ({ url, method, headers }: UploadTarget, bytes: Buffer) =>
    fetch(absolute(url), { method, headers, body: new Uint8Array(bytes) });

  /** Adds the row, PUTs the bytes where the server says and completes; the completion's reply. */
  async function attach(
    user: TestUser,
    client: SyncClient,
    bytes: Buffer,
    file: { name: string; type: string; size?: number; task?: string },
  ) {
    const { id, target } = await addRow(user, client, { ...file, size: file.size ?? bytes.length });
    expect(target.status).toBe(200);
    const upload = (await target.json()) as UploadTarget;
    if (useS3) expect(upload.url.startsWith(s3!.endpoint)).toBe(true);
    const put = await putTo(upload, bytes);
    const complete = await post(server, `/api/attachments/${id}/complete`, {}, user);
    return { id, upload, put, complete };
  }

  /** The purge as it runs once every upload URL signed so far has expired. */
  const purgeLater = () =>
    server.purgeAttachments(new Date(Date.now() + (UPLOAD_URL_SECONDS + 60) * 1000));

  /** The stray upload keys the storage holds for an attachment. */
  const uploadsOf = async (id: string) =>
    (await server.storage.listUploads()).filter((upload) => upload.key.includes(`/${id}/`));

  /** GET of the stable address as this person (or signed out), following its redirect. */
  async function download(id: string, user?: TestUser) {
    const first = await fetch(`${server.url}/api/attachments/${id}/content`, {
      headers: user ? { Cookie: user.cookie } : {},
      redirect: "manual",
    });
    if (first.status !== 302) return { status: first.status, first };
    const location = first.headers.get("location")!;
    const bytes = await fetch(absolute(location));
    return {
      status: bytes.status,
      first,
      location,
      type: bytes.headers.get("content-type"),
      disposition: bytes.headers.get("content-disposition"),
      body: Buffer.from(await bytes.arrayBuffer()),
    };
  }

  async function latestNotice(client: SyncClient, mutation: Mutation) {
    await client.pull();
    const before = new Set(client.keys(prefixes.notice));
    await client.push(mutation);
    await client.pull();
    return client
      .keys(prefixes.notice)
      .filter((key) => !before.has(key))
      .map((key) => client.get(key) as Notice);
  }

  it("an image uploaded by one member reaches another's store and downloads inline, typed from its bytes", async () => {
    const { id, put, complete } = await attach(owner, ownerClient, PNG, {
      name: "screenshot.txt",
      type: "text/plain",
    });
    expect(put.status).toBe(200);
    expect(complete.status).toBe(200);
    expect(await complete.json()).toEqual({ type: "image/png" });

    await memberClient.pull();
    expect(memberClient.get(attachmentKey(taskId, id))).toEqual({
      id,
      taskId,
      name: "screenshot.txt",
      type: "image/png",
      size: PNG.length,
      uploadedBy: owner.id,
      createdAt: expect.any(String),
      uploadedAt: expect.any(String),
    } satisfies Attachment);

    const got = await download(id, member);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(PNG);
    expect(got.type).toBe("image/png");
    expect(got.disposition).toMatch(/^inline; filename="screenshot.txt"/);
    expect(got.first.headers.get("cache-control")).toMatch(/^private, max-age=\d+$/);
  });

  it("HTML and SVG are never shown in the page, whatever they claim to be", async () => {
    const html = await attach(member, memberClient, HTML, { name: "cat.png", type: "image/png" });
    expect(await html.complete.json()).toEqual({ type: "text/html" });
    const svg = await attach(member, memberClient, SVG, {
      name: "logo.svg",
      type: "image/svg+xml",
    });
    expect(await svg.complete.json()).toEqual({ type: "image/svg+xml" });

    const gotHtml = await download(html.id, owner);
    expect(gotHtml.type).toBe("text/html");
    expect(gotHtml.disposition).toMatch(/^attachment; filename="cat.png"/);
    const gotSvg = await download(svg.id, owner);
    expect(gotSvg.type).toBe("image/svg+xml");
    expect(gotSvg.disposition).toMatch(/^attachment; filename="logo.svg"/);
  });

  it("a document downloads as a file with its name", async () => {
    const { id } = await attach(owner, ownerClient, PDF, {
      name: "Q3 report – final.pdf",
      type: "application/pdf",
    });
    const got = await download(id, owner);
    expect(got.type).toBe("application/pdf");
    expect(got.disposition).toBe(
      `attachment; filename="Q3 report _ final.pdf"; filename*=UTF-8''Q3%20report%20%E2%80%93%20final.pdf`,
    );
  });

  it("someone of another workspace, and a signed-out visitor, get 404 for the file and cannot upload", async () => {
    const { id } = await attach(owner, ownerClient, PNG, { name: "a.png", type: "image/png" });
    expect((await download(id, outsider)).status).toBe(404);
    expect((await download(id)).status).toBe(404);

    const pending = newId("f");
    await ownerClient.push(
      m("addAttachment", {
        id: pending,
        taskId,
        name: "b.png",
        type: "image/png",
        size: 10,
        createdAt: now(),
      }),
    );
    const asOutsider = await post(server, `/api/attachments/${pending}/upload`, {}, outsider);
    expect(asOutsider.status).toBe(404);
    const signedOut = await post(server, `/api/attachments/${pending}/upload`, {});
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toEqual({
      code: "UNAUTHORIZED",
      message: "Sign in to upload files",
    });

    // Nor can they add a file to a task of a workspace they are not in.
    const refused = await latestNotice(
      outsiderClient,
      m("addAttachment", {
        id: newId("f"),
        taskId,
        name: "x.png",
        type: "image/png",
        size: 5,
        createdAt: now(),
      }),
    );
    expect(refused).toEqual([expect.objectContaining({ code: "NOT_FOUND" })]);
  });

  it("a public project's files download for a signed-out visitor; a private project's do not", async () => {
    const { id } = await attach(owner, ownerClient, PNG, { name: "public.png", type: "image/png" });
    await ownerClient.push(m("updateProject", { id: projectId, isPublic: true, updatedAt: now() }));
    const visitor = await download(id);
    expect(visitor.status).toBe(200);
    expect(visitor.body).toEqual(PNG);
    await ownerClient.push(
      m("updateProject", { id: projectId, isPublic: false, updatedAt: now() }),
    );
    expect((await download(id)).status).toBe(404);
  });

  it("a file over MAX_UPLOAD_MB is refused with its limit, and nothing is added", async () => {
    const id = newId("f");
    const notices = await latestNotice(
      memberClient,
      m("addAttachment", {
        id,
        taskId,
        name: "big.zip",
        type: "application/zip",
        size: 1024 * 1024 + 1,
        createdAt: now(),
      }),
    );
    expect(notices).toEqual([
      expect.objectContaining({ code: "INVALID", message: "Files can be at most 1 MB" }),
    ]);
    expect(memberClient.get(attachmentKey(taskId, id))).toBeUndefined();
  });

  it("bytes that are not the size the row said are refused, and the file stays not uploaded", async () => {
    const { id, put, complete } = await attach(owner, ownerClient, Buffer.alloc(40, 1), {
      name: "liar.bin",
      type: "application/octet-stream",
      size: 20,
    });
    // The local storage stops reading at the size it signed; an S3 store that checks the
    // signed Content-Length refuses the PUT, and one that does not is caught at completion.
    if (!useS3) expect(put.status).toBe(413);
    expect([409, 422]).toContain(complete.status);
    expect(await server.storage.size(attachmentStorageKey(id))).toBeNull();
    await ownerClient.pull();
    expect((ownerClient.get(attachmentKey(taskId, id)) as Attachment).uploadedAt).toBeNull();
    expect((await download(id, owner)).status).toBe(409);
  });

  it("a file still on its way says so, and completing before the bytes arrive is refused", async () => {
    const id = newId("f");
    await ownerClient.push(
      m("addAttachment", {
        id,
        taskId,
        name: "later.png",
        type: "image/png",
        size: 16,
        createdAt: now(),
      }),
    );
    const early = await post(server, `/api/attachments/${id}/complete`, {}, owner);
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({
      code: "NOT_UPLOADED",
      message: "The file has not arrived yet",
    });
    const got = await download(id, member);
    expect(got.status).toBe(409);
  });

  it("deleting an attachment deletes its bytes; deleting its task keeps them for undo, then they go", async () => {
    const removed = await attach(member, memberClient, PNG, {
      name: "gone.png",
      type: "image/png",
    });
    await memberClient.push(m("deleteAttachment", { id: removed.id, taskId }));
    await ownerClient.pull();
    expect(ownerClient.get(attachmentKey(taskId, removed.id))).toBeUndefined();
    expect((await download(removed.id, owner)).status).toBe(404);
    await server.purgeAttachments();
    expect(await server.storage.size(attachmentStorageKey(removed.id))).toBeNull();

    // A task of its own, deleted and restored: its file comes back with its bytes.
    const otherTask = newId("t");
    await ownerClient.push(
      m("createTask", { id: otherTask, projectId, title: "Throwaway", createdAt: now() }),
    );
    const kept = await attach(owner, ownerClient, PDF, {
      name: "kept.pdf",
      type: "application/pdf",
      task: otherTask,
    });
    await ownerClient.pull();
    const task = ownerClient.get(taskStoreKey(projectId, otherTask)) as Task;
    await ownerClient.push(m("deleteTask", { id: otherTask, projectId }));
    await server.purgeAttachments();
    expect(await server.storage.size(attachmentStorageKey(kept.id))).toBe(PDF.length);
    await ownerClient.push(m("restoreTask", restoreArgs(task)));
    await memberClient.pull();
    expect(memberClient.get(attachmentKey(otherTask, kept.id))).toMatchObject({ name: "kept.pdf" });
    expect((await download(kept.id, member)).body).toEqual(PDF);

    // Deleted again and left in the trash: once the trash lets it go, so do the bytes.
    await ownerClient.push(m("deleteTask", { id: otherTask, projectId }));
    await server.db
      .sql`update attachment_purge set purge_after = now() where attachment_id = ${kept.id}`;
    await server.purgeAttachments();
    expect(await server.storage.size(attachmentStorageKey(kept.id))).toBeNull();
  });

  it("an upload URL takes one upload: bytes sent again after completion are never served, and are swept", async () => {
    const { id, upload, complete } = await attach(owner, ownerClient, PNG, {
      name: "chart.png",
      type: "image/png",
    });
    expect(complete.status).toBe(200);

    // The same URL, within its lifetime, with other bytes after the type was read from the first.
    const again = await putTo(
      upload,
      Buffer.concat([HTML, Buffer.alloc(PNG.length)]).subarray(0, PNG.length),
    );
    // The local storage refuses it; S3 takes any PUT its signature allows, into a key of the
    // URL's own that nothing serves and the purge deletes.
    if (!useS3) {
      expect(again.status).toBe(409);
      expect(await again.json()).toEqual({
        code: "UPLOAD_CLOSED",
        message: "This upload link has already been used",
      });
    }
    const got = await download(id, member);
    expect(got.body).toEqual(PNG);
    expect(got.type).toBe("image/png");

    await purgeLater();
    expect(await uploadsOf(id)).toEqual([]);
    expect((await download(id, member)).body).toEqual(PNG);
  });

  it("an upload URL of a deleted attachment stores nothing that stays: refused, or swept by the purge", async () => {
    const { id, target } = await addRow(member, memberClient, {
      name: "draft.pdf",
      type: "application/pdf",
      size: PDF.length,
    });
    const upload = (await target.json()) as UploadTarget;
    await memberClient.push(m("deleteAttachment", { id, taskId }));
    await server.purgeAttachments();

    const put = await putTo(upload, PDF);
    if (!useS3) expect(put.status).toBe(409);
    expect((await post(server, `/api/attachments/${id}/complete`, {}, member)).status).toBe(404);
    expect((await download(id, member)).status).toBe(404);

    // Until every URL signed before has expired the sweep leaves uploads be; then they go.
    await server.purgeAttachments();
    if (useS3) expect(await uploadsOf(id)).toHaveLength(1);
    await purgeLater();
    expect(await uploadsOf(id)).toEqual([]);
    expect(await server.storage.size(attachmentStorageKey(id))).toBeNull();
  });

  describe("a workspace's quota (ATTACHMENT_QUOTA_MB: 2 here)", () => {
    const MB = 1024 * 1024;
    let full: { user: TestUser; client: SyncClient; workspaceId: string; taskId: string };

    beforeAll(async () => {
      const user = await signUp(server, "Quinn Quota");
      const fullWorkspace = await createWorkspace(server, user, "Full");
      const client = new SyncClient(server, user);
      const project = newId("p");
      const task = newId("t");
      await client.push(
        m("createProject", {
          id: project,
          workspaceId: fullWorkspace,
          name: "Data",
          key: "DAT",
          createdAt: now(),
        }),
        m("createTask", { id: task, projectId: project, title: "Archive", createdAt: now() }),
      );
      full = { user, client, workspaceId: fullWorkspace, taskId: task };
    });

    const csv = (megabytes: number) => Buffer.alloc(Math.round(megabytes * MB), 7);
    const storageOf = async (user: TestUser, workspace: string) => {
      const response = await fetch(`${server.url}/api/workspaces/${workspace}/storage`, {
        headers: { Cookie: user.cookie },
      });
      return { status: response.status, body: (await response.json()) as unknown };
    };
    const refusal = {
      code: "STORAGE_QUOTA_EXCEEDED",
      message:
        "This workspace has used its 2 MB of storage for files. Delete some files to make room.",
    };

    const csvFile = (bytes: number) => ({ name: `${bytes}.csv`, type: "text/csv", size: bytes });

    it("holds when two uploads that each fit complete at once: one is refused and its bytes deleted", async () => {
      const { user, client } = full;
      const half = await attach(user, client, csv(0.5), {
        ...csvFile(0.5 * MB),
        task: full.taskId,
      });
      expect(half.complete.status).toBe(200);
      // With 0.5 MB stored, each of these fits, both do not.
      const size = Math.round(0.8 * MB);
      const a = await addRow(user, client, { ...csvFile(size), task: full.taskId });
      const b = await addRow(user, client, { ...csvFile(size), task: full.taskId });
      expect([a.target.status, b.target.status]).toEqual([200, 200]);
      for (const row of [a, b]) {
        const put = await putTo((await row.target.json()) as UploadTarget, Buffer.alloc(size, 7));
        expect(put.status).toBe(200);
      }
      const [doneA, doneB] = await Promise.all(
        [a, b].map((row) => post(server, `/api/attachments/${row.id}/complete`, {}, user)),
      );
      expect([doneA!.status, doneB!.status].sort()).toEqual([200, 413]);
      const [refused, refusedId] = doneA!.status === 413 ? [doneA!, a.id] : [doneB!, b.id];
      expect(await refused.json()).toEqual(refusal);
      expect(await storageOf(user, full.workspaceId)).toEqual({
        status: 200,
        body: { usedBytes: 0.5 * MB + size, quotaBytes: 2 * MB },
      });
      expect(await server.storage.size(attachmentStorageKey(refusedId))).toBeNull();
      expect(await uploadsOf(refusedId)).toEqual([]);
      expect((await download(refusedId, user)).status).toBe(409);
    });

    it("is counted from the stored files, refused with 413 before the URL is given, and shown to members only", async () => {
      const { user, client } = full;
      const stored = 0.5 * MB + Math.round(0.8 * MB);
      // A file still on its way takes no space.
      const pending = await addRow(user, client, { ...csvFile(10), task: full.taskId });
      expect(pending.target.status).toBe(200);
      expect((await storageOf(user, full.workspaceId)).body).toMatchObject({ usedBytes: stored });

      const over = await addRow(user, client, {
        ...csvFile(2 * MB - stored + 1),
        task: full.taskId,
      });
      expect(over.target.status).toBe(413);
      expect(await over.target.json()).toEqual(refusal);

      // Up to the quota exactly is allowed.
      const exact = 2 * MB - stored;
      const last = await attach(user, client, Buffer.alloc(exact, 7), {
        ...csvFile(exact),
        task: full.taskId,
      });
      expect(last.complete.status).toBe(200);
      expect((await storageOf(user, full.workspaceId)).body).toMatchObject({ usedBytes: 2 * MB });

      expect((await storageOf(outsider, full.workspaceId)).status).toBe(404);
      // Another workspace counts its own.
      expect((await storageOf(owner, workspaceId)).body).toMatchObject({ quotaBytes: 2 * MB });
      expect(
        ((await storageOf(owner, workspaceId)).body as { usedBytes: number }).usedBytes,
      ).toBeLessThan(MB);
    });
  });
});
