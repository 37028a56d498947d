import { z } from "zod";
import { ApiError, asNetworkError } from "../../lib/api-errors.ts";

const errorBodySchema = z.object({
  message: z.string().optional().catch(undefined),
  code: z.string().optional().catch(undefined),
});

export function parseErrorBody(text: string): z.infer<typeof errorBodySchema> {
  try {
    const parsed = errorBodySchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON (a proxy's error page): the text itself is the message.
  }
  return { message: text.trim() || undefined };
}

/**
 * `GET` one of our own JSON endpoints (not better-auth's) and check the answer against its
 * schema. A non-ok answer throws with the server's message, or its text (SPEC.md section 7).
 */
export async function getJson<T>(path: string, schema: z.ZodType<T>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: "include",
      headers: { "Content-Type": "application/json" },
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
