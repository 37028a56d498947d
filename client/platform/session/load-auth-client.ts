/**
 * better-auth's client, for the code a reload runs (the shell, the dashboard's entry): imported
 * when one of its calls is first made (switching or entering a workspace, signing out), so it is
 * not set up (its plugins, its stores) on a reload, and not in the entry chunk. The session
 * itself is read with a plain request (session-store.ts). Screens that are their own chunk
 * (settings, members, the auth forms) import `auth-client.ts` directly.
 */
export const loadAuthClient = () => import("./auth-client.ts");
