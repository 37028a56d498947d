/**
 * better-auth's client, for the code a reload runs (the shell, the dashboard's entry): loaded
 * when one of its calls is first made (switching or entering a workspace, signing out), so its
 * code and its set-up stay off the first load. The session itself is read with a plain request
 * (session-store.ts). Screens that are their own chunk (settings, members, the auth forms)
 * import `auth-client.ts` directly.
 */
export const loadAuthClient = () => import("./auth-client.ts");
