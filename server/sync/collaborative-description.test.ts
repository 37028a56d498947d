import * as Y from "yjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DESCRIPTION_TEXT,
  DOCUMENT_FRAGMENT,
  MAX_DESCRIPTION_ITEMS,
  OLD_EDIT_REFUSED,
  fromBase64,
  loadDescription,
  seedUpdate,
  toBase64,
} from "../../shared/description-doc.ts";
import { documentMarkdown, documentSeedUpdate } from "../../shared/rich-text/document-yjs.ts";
import { migrateDescriptions } from "./description-migration.ts";
import type { DescriptionDoc, Notice, Notification, Task } from "../../shared/entities.ts";
import { descriptionDocKey, taskStoreKey } from "../../shared/keys.ts";
import {
  SERVER_START_TIMEOUT,
  SyncClient,
  addMember,
  createWorkspace,
  m,
  newId,
  now,
  removeMember,
  signUp,
  type TestUser,
} from "../test/sync-client.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";

/**
 * Collaborative descriptions on the server (issues 16 and 45): Yjs updates pushed with
 * editDescription merge into the document the server keeps, and the task's markdown follows it.
 * The clients here edit a Yjs document as the browser's editor does (y-tiptap writes the text of
 * a block into an XmlText inside the block's element): built from the pulled document, or,
 * while there is none, from the seed of the markdown (shared/description-doc.ts), which their
 * first update carries along.
 */

let server: TestServer;
let ada: TestUser;
let bob: TestUser;
let workspaceId: string;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer();
  [ada, bob] = await Promise.all([signUp(server, "Ada Author"), signUp(server, "Bob Builder")]);
  workspaceId = await createWorkspace(server, ada, "Docs");
  await addMember(server, ada, workspaceId, bob);
  projectId = newId("p");
  await new SyncClient(server, ada).push(
    m("createProject", { id: projectId, workspaceId, name: "Docs", key: "DOC", createdAt: now() }),
  );
}, SERVER_START_TIMEOUT);

afterAll(async () => {
  await server?.stop();
});

/** One person's editor on one task: a Yjs document and the updates its edits make. */
class Editor {
  readonly doc: Y.Doc;
  private seed: Uint8Array | null = null;

  /** Opens the task as the client's store has it. */
  constructor(
    readonly client: SyncClient,
    readonly taskId: string,
  ) {
    const stored = client.get(descriptionDocKey(taskId)) as DescriptionDoc | undefined;
    const markdown = task(client, taskId).description;
    if (!stored) this.seed = documentSeedUpdate(markdown);
    this.doc = loadDescription({ state: stored ? fromBase64(stored.state) : null, markdown });
  }

  /** The markdown the document holds. */
  get text() {
    return documentMarkdown(this.doc);
  }

  /**
   * An edit of the text of the document's first block (a paragraph made first in an empty
   * document), as the update the editor would push (with the seed while there is no document).
   */
  edit(change: (text: Y.XmlText) => void): string {
    const before = Y.encodeStateVector(this.doc);
    this.doc.transact(() => {
      const fragment = this.doc.getXmlFragment(DOCUMENT_FRAGMENT);
      if (fragment.length === 0) {
        const paragraph = new Y.XmlElement("paragraph");
        paragraph.insert(0, [new Y.XmlText()]);
        fragment.insert(0, [paragraph]);
      }
      change((fragment.get(0) as Y.XmlElement).get(0) as Y.XmlText);
    });
    const delta = Y.encodeStateAsUpdate(this.doc, before);
    return toBase64(this.seed ? Y.mergeUpdates([this.seed, delta]) : delta);
  }

  push(update: string) {
    return this.client.push(
      m("editDescription", { id: this.taskId, projectId, update, updatedAt: now() }),
    );
  }
}

/** An app of before rich text on one task: it edits the old Y.Text of markdown. */
class OldEditor {
  readonly doc = new Y.Doc();

  constructor(state: Uint8Array) {
    Y.applyUpdate(this.doc, state);
  }

  edit(change: (text: Y.Text) => void): string {
    const before = Y.encodeStateVector(this.doc);
    change(this.doc.getText(DESCRIPTION_TEXT));
    return toBase64(Y.encodeStateAsUpdate(this.doc, before));
  }
}

/**
 * Types `count` characters one at a time, each at the start: every one becomes a Yjs item of
 * its own (nothing typed after it to join), the most costly history an update can carry.
 */
function typeBackwards(text: Y.XmlText, count: number) {
  for (let index = 0; index < count; index++) text.insert(0, "x");
}

function task(client: SyncClient, id: string): Task {
  return client.get(taskStoreKey(projectId, id)) as Task;
}

async function newTask(description: string): Promise<string> {
  const id = newId("t");
  await new SyncClient(server, ada).push(
    m("createTask", { id, projectId, title: "Collaborate", description, createdAt: now() }),
  );
  return id;
}

/** The notices the client gained with its next pull. */
async function newNotices(client: SyncClient): Promise<Notice[]> {
  const before = new Set(client.keys("notice/"));
  await client.pull();
  return client
    .keys("notice/")
    .flatMap((key) => (before.has(key) ? [] : [client.get(key) as Notice]));
}

describe("collaborative descriptions", () => {
  it("two people typing at once at different places both keep their text, and a written description is its start, once", async () => {
    const id = await newTask("Hello world");
    const adaClient = new SyncClient(server, ada);
    const bobClient = new SyncClient(server, bob);
    await Promise.all([adaClient.pull(), bobClient.pull()]);
    // Neither store has a document yet: both editors start from the markdown.
    const adaEditor = new Editor(adaClient, id);
    const bobEditor = new Editor(bobClient, id);

    const adaUpdate = adaEditor.edit((text) => text.insert(0, "Dear "));
    const bobUpdate = bobEditor.edit((text) => text.insert(text.length, "!"));
    await Promise.all([adaEditor.push(adaUpdate), bobEditor.push(bobUpdate)]);
    await Promise.all([adaClient.pull(), bobClient.pull()]);

    expect(task(adaClient, id).description).toBe("Dear Hello world!");
    expect(task(bobClient, id).description).toBe("Dear Hello world!");
    const third = new SyncClient(server, ada);
    await third.pull();
    expect(new Editor(third, id).text).toBe("Dear Hello world!");
  });

  it("an update built on an old state merges with what was written since", async () => {
    const id = await newTask("");
    const adaClient = new SyncClient(server, ada);
    const bobClient = new SyncClient(server, bob);
    await adaClient.pull();
    const adaEditor = new Editor(adaClient, id);
    await adaEditor.push(adaEditor.edit((text) => text.insert(0, "Plan: ship")));
    await Promise.all([adaClient.pull(), bobClient.pull()]);
    // Bob opens the document now; Ada goes on while Bob, who has not pulled since, types.
    const bobEditor = new Editor(bobClient, id);
    await adaEditor.push(adaEditor.edit((text) => text.insert(text.length, " on Friday")));
    await bobEditor.push(bobEditor.edit((text) => text.insert(0, "Draft. ")));

    await bobClient.pull();
    expect(task(bobClient, id).description).toBe("Draft. Plan: ship on Friday");
  });

  it("the same update pushed twice, or by a second browser, adds nothing and sends nothing new", async () => {
    const id = await newTask("Once");
    const adaClient = new SyncClient(server, ada);
    await adaClient.pull();
    const editor = new Editor(adaClient, id);
    const update = editor.edit((text) => text.insert(4, " only"));
    await editor.push(update);
    await adaClient.pull();
    const stored = adaClient.get(descriptionDocKey(id));

    await editor.push(update);
    const secondBrowser = new SyncClient(server, ada);
    await secondBrowser.push(
      m("editDescription", { id, projectId, update, updatedAt: now() }),
      m("editDescription", {
        id,
        projectId,
        update: toBase64(documentSeedUpdate("Once")),
        updatedAt: now(),
      }),
    );
    const response = await adaClient.pull();

    expect(task(adaClient, id).description).toBe("Once only");
    expect(adaClient.get(descriptionDocKey(id))).toEqual(stored);
    expect(response.patch.filter((op) => op.op !== "clear" && op.key.includes(id))).toEqual([]);
  });

  it("an update from someone removed from the workspace is refused, and the text stays", async () => {
    const carl = await signUp(server, "Carl Former");
    await addMember(server, ada, workspaceId, carl);
    const id = await newTask("Keep me");
    const carlClient = new SyncClient(server, carl);
    await carlClient.pull();
    const editor = new Editor(carlClient, id);
    const update = editor.edit((text) => text.delete(0, 7));
    await removeMember(server, ada, workspaceId, carl);

    await editor.push(update);

    expect(await newNotices(carlClient)).toEqual([
      expect.objectContaining({ mutationName: "editDescription", code: "NOT_FOUND" }),
    ]);
    const adaClient = new SyncClient(server, ada);
    await adaClient.pull();
    expect(task(adaClient, id).description).toBe("Keep me");
    expect(adaClient.get(descriptionDocKey(id))).toBeUndefined();
  });

  it("bytes that are no Yjs update are refused as invalid, with a notice and no error", async () => {
    const id = await newTask("Solid");
    const client = new SyncClient(server, ada);
    await client.pull();
    const garbage = toBase64(new TextEncoder().encode("definitely not a Yjs update"));
    const foreign = new Y.Doc();
    foreign.getMap("elsewhere").set("x", 1);

    await client.push(
      m("editDescription", { id, projectId, update: garbage, updatedAt: now() }),
      m("editDescription", { id, projectId, update: "%%%", updatedAt: now() }),
      m("editDescription", {
        id,
        projectId,
        update: toBase64(Y.encodeStateAsUpdate(foreign)),
        updatedAt: now(),
      }),
    );

    const notices = await newNotices(client);
    expect(notices.map((notice) => [notice.mutationName, notice.code])).toEqual([
      ["editDescription", "INVALID"],
      ["editDescription", "INVALID"],
      ["editDescription", "INVALID"],
    ]);
    expect(task(client, id).description).toBe("Solid");
  });

  it("a whole text sent with updateTask becomes one edit: what another person typed elsewhere meanwhile stays", async () => {
    const id = await newTask("Alpha beta");
    const adaClient = new SyncClient(server, ada);
    const bobClient = new SyncClient(server, bob);
    await adaClient.pull();
    const adaEditor = new Editor(adaClient, id);
    await adaEditor.push(adaEditor.edit((text) => text.insert(0, "Now: ")));
    await bobClient.pull();
    const bobEditor = new Editor(bobClient, id);
    const bobUpdate = bobEditor.edit((text) => text.insert(text.length, " gamma"));

    // An older client replaces the text whole, from what it last saw.
    await adaClient.push(
      m("updateTask", { id, projectId, description: "Now: Omega beta", updatedAt: now() }),
    );
    await bobEditor.push(bobUpdate);
    await adaClient.pull();

    expect(task(adaClient, id).description).toBe("Now: Omega beta gamma");
  });

  it("the merged markdown is what the task carries for search, and a mention typed in it notifies", async () => {
    const id = await newTask("Review");
    const adaClient = new SyncClient(server, ada);
    const bobClient = new SyncClient(server, bob);
    await Promise.all([adaClient.pull(), bobClient.pull()]);
    const editor = new Editor(adaClient, id);

    const mention = new Y.XmlElement("mention");
    mention.setAttribute("id", bob.id);
    mention.setAttribute("label", "Bob Builder");
    await editor.push(
      editor.edit((text) => {
        text.insert(text.length, " with ");
        (text.parent as Y.XmlElement).insert(1, [mention]);
      }),
    );
    await bobClient.pull();

    expect(task(bobClient, id).description).toBe(`Review with @[Bob Builder](user:${bob.id})`);
    const notifications = bobClient.values<Notification>("notification/");
    expect(notifications).toContainEqual(
      expect.objectContaining({
        taskId: id,
        kind: "mentioned",
        excerpt: "Review with @Bob Builder",
      }),
    );
  });

  it("an edit that would take a description's history past its limit is refused with a notice saying it is too large to edit, and the description stays", async () => {
    const id = await newTask("Small");
    const client = new SyncClient(server, ada);
    await client.pull();
    const editor = new Editor(client, id);

    await editor.push(editor.edit((text) => typeBackwards(text, MAX_DESCRIPTION_ITEMS)));

    expect(await newNotices(client)).toEqual([
      expect.objectContaining({
        mutationName: "editDescription",
        code: "INVALID",
        message:
          "This description is too large to edit (over 50,000 separate edits in its history).",
      }),
    ]);
    expect(task(client, id).description).toBe("Small");
    expect(client.get(descriptionDocKey(id))).toBeUndefined();
  });

  it("an edit that builds on an edit the server refused counts toward the limit, though it waits for what it builds on, and is refused too", async () => {
    const id = await newTask("");
    const client = new SyncClient(server, ada);
    await client.pull();
    const editor = new Editor(client, id);
    const half = MAX_DESCRIPTION_ITEMS / 2;
    await editor.push(editor.edit((text) => typeBackwards(text, half)));
    await client.pull();
    const stored = client.get(descriptionDocKey(id));
    const refused = editor.edit((text) => typeBackwards(text, half + 1));
    // It names what the refused edit typed, which the server never kept: Yjs would hold it
    // aside, waiting, in the stored state.
    const following = editor.edit((text) => typeBackwards(text, half + 1));

    await editor.push(refused);
    await editor.push(following);

    const notices = await newNotices(client);
    expect(notices.map((notice) => [notice.mutationName, notice.code])).toEqual([
      ["editDescription", "INVALID"],
      ["editDescription", "INVALID"],
    ]);
    expect(client.get(descriptionDocKey(id))).toEqual(stored);
  });

  it("after an edit refused for the limit, the next edit merges into the description as it was", async () => {
    const id = await newTask("Kept");
    const client = new SyncClient(server, ada);
    await client.pull();
    const editor = new Editor(client, id);
    await editor.push(editor.edit((text) => text.insert(4, " as is")));
    await client.pull();
    const other = new Editor(client, id);
    await editor.push(editor.edit((text) => typeBackwards(text, MAX_DESCRIPTION_ITEMS)));

    await other.push(other.edit((text) => text.insert(0, "All ")));
    await client.pull();

    expect(task(client, id).description).toBe("All Kept as is");
    expect(new Editor(client, id).text).toBe("All Kept as is");
  });

  it("a deleted task's document leaves the store", async () => {
    const id = await newTask("Short-lived");
    const client = new SyncClient(server, ada);
    await client.pull();
    const editor = new Editor(client, id);
    await editor.push(editor.edit((text) => text.insert(0, "Very ")));
    await client.pull();
    expect(client.get(descriptionDocKey(id))).toBeDefined();

    await client.push(m("deleteTask", { id, projectId }));
    await client.pull();

    expect(client.get(descriptionDocKey(id))).toBeUndefined();
  });
  it("an app of before rich text: its edit of the old text is applied and converted, and refused with a notice once someone edited in rich text", async () => {
    const id = await newTask("Intro");
    // The document as an app of before stored it: the old text only.
    await server.db.sql`
      insert into description_doc (id, workspace_id, state, updated_at)
      values (${id}, ${workspaceId}, ${seedUpdate("Intro")}, now())`;
    const oldApp = new OldEditor(seedUpdate("Intro"));
    const converted = oldApp.edit((text) => text.insert(5, " and more"));
    const client = new SyncClient(server, ada);
    await client.pull();

    await client.push(m("editDescription", { id, projectId, update: converted, updatedAt: now() }));
    await client.pull();
    expect(task(client, id).description).toBe("Intro and more");
    const editor = new Editor(client, id);
    expect(editor.text).toBe("Intro and more");

    // Someone edits in rich text; the old app's next edit (made offline) no longer fits.
    await editor.push(editor.edit((text) => text.insert(0, "New: ")));
    const late = oldApp.edit((text) => text.insert(0, "Old: "));
    await client.push(m("editDescription", { id, projectId, update: late, updatedAt: now() }));

    expect(await newNotices(client)).toEqual([
      expect.objectContaining({
        mutationName: "editDescription",
        code: "INVALID",
        message: OLD_EDIT_REFUSED,
      }),
    ]);
    expect(task(client, id).description).toBe("New: Intro and more");
  });

  it("the migration gives every stored document of before its rich-text document once, keeping the markdown character for character", async () => {
    const markdown = "# Launch\n\n* list item\n* another\n\n| a | b |\n|---|---|\n| 1 | 2 |";
    const id = await newTask(markdown);
    await server.db.sql`
      insert into description_doc (id, workspace_id, state, updated_at)
      values (${id}, ${workspaceId}, ${seedUpdate(markdown)}, now())`;
    const client = new SyncClient(server, bob);
    await client.pull();
    const before = client.get(descriptionDocKey(id)) as DescriptionDoc;

    const first = await migrateDescriptions(server.db.sql, server.logger);
    const again = await migrateDescriptions(server.db.sql, server.logger);
    await client.pull();

    expect(first.converted).toBeGreaterThanOrEqual(1);
    expect(again).toEqual({ converted: 0, unreadable: 0 });
    const after = client.get(descriptionDocKey(id)) as DescriptionDoc;
    expect(after.state).not.toBe(before.state);
    const doc = new Y.Doc();
    Y.applyUpdate(doc, fromBase64(after.state));
    expect(doc.getXmlFragment(DOCUMENT_FRAGMENT).length).toBeGreaterThan(0);
    expect(documentMarkdown(doc)).toBe(
      "# Launch\n\n- list item\n- another\n\n| a   | b   |\n| --- | --- |\n| 1   | 2   |",
    );
    expect(doc.getText(DESCRIPTION_TEXT).toString()).toBe(markdown);
    // The task's markdown is left as it was written, and search still finds it.
    expect(task(client, id).description).toBe(markdown);
    // A browser that had loaded the document of before made the same fragment itself.
    const browser = loadDescription({ state: fromBase64(before.state), markdown });
    const merged = new Y.Doc();
    Y.applyUpdate(merged, fromBase64(after.state));
    Y.applyUpdate(merged, Y.encodeStateAsUpdate(browser));
    expect(documentMarkdown(merged)).toBe(documentMarkdown(doc));
  });
});
