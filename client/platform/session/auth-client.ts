import {
  anonymousClient,
  lastLoginMethodClient,
  magicLinkClient,
  organizationClient,
} from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";
import { accessControl, roles } from "../../../shared/permissions.ts";

/**
 * The one better-auth client of the app. Same origin as the API, so cookies flow by default;
 * the same access control as the server so role checks in the UI match the server's.
 */
export const authClient = createAuthClient({
  basePath: "/api/auth",
  plugins: [
    organizationClient({ ac: accessControl, roles, teams: { enabled: true } }),
    anonymousClient(),
    magicLinkClient(),
    lastLoginMethodClient(),
  ],
});

export type Session = typeof authClient.$Infer.Session;
