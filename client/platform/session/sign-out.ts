import { useNavigate } from "@tanstack/react-router";
import { useEffect } from "react";
import { z } from "zod";
import { deleteLocalData } from "../sync/local-data.ts";
import { forgetSession } from "./session-store.ts";

/**
 * Signing out in one tab signs out every tab of the browser and leaves none of the person's
 * data behind: each open store is closed (so it cannot write its database back), the session
 * kept for offline use is forgotten, and the local databases are deleted.
 */

const channelName = "session";
const messageSchema = z.object({ type: z.literal("signed-out"), userId: z.string() });

const storeClosers = new Set<() => Promise<void>>();

/** A local store registers how to close it; returns the unregistration. */
export function closeBeforeSignOut(close: () => Promise<void>): () => void {
  storeClosers.add(close);
  return () => storeClosers.delete(close);
}

async function clearThisTab(userId: string) {
  await Promise.all([...storeClosers].map((close) => close()));
  forgetSession();
  await deleteLocalData(userId);
}

/** After the server has ended the session (sign-out, account deleted): clears every tab. */
export async function endLocalSession(userId: string): Promise<void> {
  const channel = new BroadcastChannel(channelName);
  channel.postMessage(messageSchema.parse({ type: "signed-out", userId }));
  channel.close();
  await clearThisTab(userId);
}

/** In every tab of the signed-in area: follows a sign-out made in another tab. */
export function useSignOutElsewhere(userId: string): void {
  const navigate = useNavigate();
  useEffect(() => {
    const channel = new BroadcastChannel(channelName);
    channel.onmessage = (event: MessageEvent) => {
      const message = messageSchema.safeParse(event.data);
      if (!message.success || message.data.userId !== userId) return;
      void clearThisTab(userId).then(() => navigate({ to: "/auth/sign-in" }));
    };
    return () => channel.close();
  }, [userId, navigate]);
}
