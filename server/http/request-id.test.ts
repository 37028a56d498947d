import { setTimeout as sleep } from "node:timers/promises";
import express from "express";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createLogger } from "../logger.ts";
import { serveApp, type ServedApp } from "../test/serve-app.ts";
import { requestId } from "./request-id.ts";

const lines: Record<string, unknown>[] = [];
let app: ServedApp;
let outside: Record<string, unknown> | undefined;

beforeAll(async () => {
  const logger = createLogger("info", {
    write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>),
  });
  logger.info("outside any request");
  outside = lines[0];
  app = await serveApp(
    express()
      .use(requestId)
      .get("/work", async (_req, res) => {
        logger.info("before waiting");
        // Lines written after an await, as a push's are, still carry the id.
        await sleep(5);
        logger.info({ step: 2 }, "after waiting");
        res.json({ ok: true });
      }),
  );
});

afterAll(async () => {
  await app?.close();
});

it("puts the request's id on every line logged while serving it, and in the answer", async () => {
  lines.length = 0;
  const response = await fetch(`${app.url}/work`);
  const id = response.headers.get("x-request-id");

  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  expect(lines.map((line) => [line.msg, line.reqId])).toEqual([
    ["before waiting", id],
    ["after waiting", id],
  ]);
});

it("keeps the load balancer's id when it is sane, and replaces one that is not", async () => {
  lines.length = 0;
  const kept = await fetch(`${app.url}/work`, { headers: { "X-Request-Id": "nginx-7f3a9c" } });
  expect(kept.headers.get("x-request-id")).toBe("nginx-7f3a9c");
  expect(lines.every((line) => line.reqId === "nginx-7f3a9c")).toBe(true);

  const replaced = await fetch(`${app.url}/work`, {
    headers: { "X-Request-Id": `${"x".repeat(200)} <script>` },
  });
  expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
});

it("writes no id on a line outside any request", () => {
  expect(outside).toMatchObject({ msg: "outside any request" });
  expect(outside).not.toHaveProperty("reqId");
});
