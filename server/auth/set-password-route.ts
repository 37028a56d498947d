import type { BetterAuthPlugin } from "better-auth";
import { createAuthEndpoint, sensitiveSessionMiddleware, setPassword } from "better-auth/api";
import { z } from "zod";

/**
 * `POST /api/auth/set-password {newPassword}` (SPEC.md section 7): someone who signed up through
 * a magic link, a provider or anonymously adds a password. better-auth 1.7 ships the endpoint
 * server-only; this exposes it as it is, refusing anyone who already has a password.
 */
export const setPasswordRoute = () =>
  ({
    id: "set-password-route",
    endpoints: {
      setPasswordOfSession: createAuthEndpoint(
        "/set-password",
        {
          method: "POST",
          body: z.object({ newPassword: z.string() }),
          use: [sensitiveSessionMiddleware],
        },
        async (ctx) =>
          ctx.json(
            await setPassword({ body: ctx.body, headers: ctx.headers, context: ctx.context }),
          ),
      ),
    },
  }) satisfies BetterAuthPlugin;
