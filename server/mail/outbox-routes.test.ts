import { networkInterfaces } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../test/test-server.ts";
import { isLoopbackAddress } from "../http/this-machine.ts";

describe("isLoopbackAddress", () => {
  it.each(["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"])(
    "%s is this machine",
    (address) => {
      expect(isLoopbackAddress(address)).toBe(true);
    },
  );

  it.each(["192.0.2.2", "10.0.0.1", "::ffff:192.0.2.2", "fd00::2", "128.0.0.1", "", undefined])(
    "%s is not",
    (address) => {
      expect(isLoopbackAddress(address)).toBe(false);
    },
  );
});

/** An address of this machine that is not the loopback: a request to it comes from it, too. */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && !entry.internal && entry.family === "IPv4")?.address;

describe("the dev outbox on a server listening on every interface", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ HOST: "0.0.0.0" });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("answers a request from the loopback interface", async () => {
    const response = await fetch(`http://127.0.0.1:${server.port}/api/dev/outbox`);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ mails: [] });
  });

  // Needs a network interface besides the loopback; isLoopbackAddress above covers the rule.
  it.runIf(outsideAddress)("is an unknown route to a request from another address", async () => {
    const response = await fetch(`http://${outsideAddress}:${server.port}/api/dev/outbox`);

    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      code: "NOT_FOUND",
      message: "No API route GET /api/dev/outbox",
    });
  });

  it.each([
    ["X-Forwarded-For", "203.0.113.9"],
    ["Forwarded", "for=203.0.113.9"],
  ])(
    "is an unknown route to a request a proxy on this machine relays (%s)",
    async (name, value) => {
      const response = await fetch(`http://127.0.0.1:${server.port}/api/dev/outbox`, {
        headers: { [name]: value },
      });

      expect(response.status).toBe(404);
    },
  );
});
