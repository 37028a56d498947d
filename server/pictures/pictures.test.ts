import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { bodyOf, signUp, type Person } from "../test/auth-client.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";

/**
 * A picture loaded from another server told it the address of everyone who looked at the
 * person, and when: pictures and logos are stored and served here, and nothing else is kept.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

const onePixelPng = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const uploadedSchema = z.object({ url: z.string() });

function upload(person: Person | null, bytes: Buffer, type = "image/png") {
  return fetch(`${server.url}/api/pictures`, {
    method: "POST",
    headers: {
      "content-type": type,
      origin: server.url,
      ...(person
        ? {
            cookie: `better-auth.session_token=${person.browser.cookie("better-auth.session_token")}`,
          }
        : {}),
    },
    body: new Uint8Array(bytes),
  });
}

/** The person's picture as their session says. */
async function imageOf(person: Person): Promise<string | null> {
  const reply = await person.browser.get("/api/auth/get-session");
  return bodyOf(reply, z.object({ user: z.object({ image: z.string().nullable() }) })).user.image;
}

async function uploaded(person: Person): Promise<string> {
  const response = await upload(person, onePixelPng);
  expect(response.status).toBe(201);
  return uploadedSchema.parse(await response.json()).url;
}

describe("pictures", () => {
  it("a person uploads a picture, sets it as theirs, and it is served from our own address", async () => {
    const person = await signUp(server.url);

    const url = await uploaded(person);
    const updated = await person.browser.post("/api/auth/update-user", { image: url });
    const served = await fetch(`${server.url}${url}`);

    expect(url).toMatch(/^\/api\/pictures\/[0-9a-f-]{36}$/);
    expect(updated.status).toBe(200);
    expect(await imageOf(person)).toBe(url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(onePixelPng);
  });

  it("another site's address is refused as a picture, and the picture stays as it was", async () => {
    const person = await signUp(server.url);
    const url = await uploaded(person);
    await person.browser.post("/api/auth/update-user", { image: url });

    const refused = await person.browser.post("/api/auth/update-user", {
      image: "https://tracker.example/pixel.png",
    });

    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: "PICTURE_NOT_UPLOADED",
      message: "Pictures are uploaded here, not linked from another site.",
    });
    expect(await imageOf(person)).toBe(url);
  });

  it("a workspace's logo must be an uploaded picture too", async () => {
    const person = await signUp(server.url);
    const slug = `ws-${crypto.randomUUID().slice(0, 8)}`;
    const created = bodyOf(
      await person.browser.post("/api/auth/organization/create", { name: "Team", slug }),
      z.object({ id: z.string() }),
    );
    const logo = await uploaded(person);

    const foreign = await person.browser.post("/api/auth/organization/update", {
      organizationId: created.id,
      data: { logo: "https://tracker.example/logo.png" },
    });
    const own = await person.browser.post("/api/auth/organization/update", {
      organizationId: created.id,
      data: { logo },
    });

    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ code: "PICTURE_NOT_UPLOADED" });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ logo });
  });

  it("what is not a PNG, JPEG, GIF or WebP image is refused, whatever type it claims", async () => {
    const person = await signUp(server.url);

    const response = await upload(person, Buffer.from("<svg onload=alert(1)>"), "image/png");

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: "NOT_A_PICTURE",
      message: "Choose a PNG, JPEG, GIF or WebP image.",
    });
  });

  it("a picture over 1 MB is refused with 413", async () => {
    const person = await signUp(server.url);
    const large = Buffer.concat([onePixelPng, Buffer.alloc(1024 * 1024)]);

    const response = await upload(person, large);

    expect(response.status).toBe(413);
  });

  it("someone signed out cannot upload one", async () => {
    const response = await upload(null, onePixelPng);

    expect(response.status).toBe(401);
  });

  it("an address that names no picture answers 404", async () => {
    const missing = await fetch(`${server.url}/api/pictures/${crypto.randomUUID()}`);
    const malformed = await fetch(`${server.url}/api/pictures/not-an-id`);

    expect(missing.status).toBe(404);
    expect(malformed.status).toBe(404);
  });
});
