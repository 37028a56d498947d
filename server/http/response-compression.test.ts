import { request, type IncomingMessage } from "node:http";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { rawRequest } from "../test/raw-http.ts";
import {
  SERVER_START_TIMEOUT,
  SyncClient,
  createWorkspace,
  m,
  newId,
  now,
  signUp,
  type TestUser,
} from "../test/sync-client.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";

/** API answers travel compressed when the client accepts it; the poke stream never does. */

let server: TestServer;
let owner: TestUser;
let workspaceId: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUp(server, "Owner");
  workspaceId = await createWorkspace(server, owner, "Compressed");
  await new SyncClient(server, owner).push(
    ...Array.from({ length: 20 }, (_, i) =>
      m("createLabel", {
        id: newId("l"),
        workspaceId,
        name: `Label ${i}`,
        color: "blue",
        createdAt: now(),
      }),
    ),
  );
}, SERVER_START_TIMEOUT);

afterAll(async () => {
  await server?.stop();
});

const pull = (acceptEncoding?: string) =>
  rawRequest(`${server.url}/api/replicache/pull`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: server.url,
      Cookie: owner.cookie,
      ...(acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {}),
    },
    body: JSON.stringify(new SyncClient(server, owner).pullBody()),
  });

const patchSchema = z.object({ patch: z.array(z.object({ key: z.string().optional() })) });
const labelsIn = (json: string) =>
  patchSchema.parse(JSON.parse(json)).patch.filter((op) => op.key?.startsWith("label/")).length;

it("a first pull travels gzip-compressed to a browser, which accepts brotli too", async () => {
  // Gzip, put together from pieces compressed once for every pull of a wave
  // (server/sync/pull-body.ts): brotli would be compressed again for each client.
  const response = await pull("gzip, deflate, br, zstd");

  expect(response.status).toBe(200);
  expect(response.headers["content-encoding"]).toBe("gzip");
  expect(response.headers.vary).toContain("Accept-Encoding");
  expect(labelsIn(gunzipSync(response.body).toString())).toBe(20);
});

it("a first pull travels gzip-compressed to a client that takes only gzip", async () => {
  const response = await pull("gzip");

  expect(response.headers["content-encoding"]).toBe("gzip");
  expect(labelsIn(gunzipSync(response.body).toString())).toBe(20);
});

it("a first pull travels as it is to a client that accepts no compression", async () => {
  const response = await pull();

  expect(response.headers["content-encoding"]).toBeUndefined();
  expect(labelsIn(response.body.toString())).toBe(20);
});

it("the poke stream is not compressed, so a poke arrives while the stream stays open", async () => {
  const stream = await new Promise<IncomingMessage>((resolve, reject) => {
    request(`${server.url}/api/replicache/poke`, {
      headers: { Cookie: owner.cookie, "Accept-Encoding": "br, gzip" },
    })
      .on("response", resolve)
      .on("error", reject)
      .end();
  });
  let received = "";
  // A compressor would hold the poke back until far more than this had been written.
  const poked = new Promise<void>((resolve) =>
    stream.setEncoding("utf8").on("data", (chunk: string) => {
      received += chunk;
      if (received.includes("event: poke")) resolve();
    }),
  );

  await new SyncClient(server, owner).push(
    m("createLabel", { id: newId("l"), workspaceId, name: "Poke", color: "red", createdAt: now() }),
  );
  await poked;
  stream.destroy();

  expect(stream.headers["content-encoding"]).toBeUndefined();
  expect(stream.headers["content-type"]).toBe("text/event-stream");
});
