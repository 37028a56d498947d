import type { z } from "zod";
import { ApiError, asNetworkError } from "../../lib/api-errors.ts";
import { parseErrorBody } from "./get-json.ts";

/**
 * `POST` JSON to one of our own endpoints (not better-auth's) and check the answer against its
 * schema; a non-ok answer throws with the server's message, as `getJson` does.
 */
export async function postJson<T>(path: string, body: unknown, schema: z.ZodType<T>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw asNetworkError(error);
  }
  const text = await response.text();
  if (!response.ok) {
    const { message, code } = parseErrorBody(text);
    throw new ApiError(message, response.status, code);
  }
  return schema.parse(JSON.parse(text));
}
