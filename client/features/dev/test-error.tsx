import { createLazyRoute } from "@tanstack/react-router";

/** Throws while rendering, so the error page can be checked in a real browser. */
export const Route = createLazyRoute("/test-error")({ component: TestError });

function TestError(): never {
  throw new Error("This page throws on purpose, to show the error page.");
}
