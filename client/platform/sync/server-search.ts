import { useMemo } from "react";
import { z } from "zod";
import { getJson } from "../http/get-json.ts";
import { isLoaded, useProjects, useSyncedProjects } from "./store-hooks.ts";
import { queryWords } from "../../lib/search-text.ts";

/**
 * The server's half of search under partial sync (server/search/search-routes.ts): the tasks
 * of the workspace's projects this browser has not loaded, and the comments of the tasks whose
 * history it has not; what it holds is left out so that nothing comes twice. Used by the search
 * screen and the relation picker.
 */

const answerSchema = z.object({
  total: z.number(),
  tasks: z.array(
    z.object({
      id: z.string(),
      projectId: z.string(),
      key: z.string(),
      title: z.string(),
      description: z.string(),
      updatedAt: z.string(),
    }),
  ),
  comments: z.object({
    total: z.number(),
    hits: z.array(
      z.object({
        id: z.string(),
        taskId: z.string(),
        projectId: z.string(),
        key: z.string(),
        title: z.string(),
        body: z.string(),
        createdAt: z.string(),
      }),
    ),
  }),
});
type ServerSearchAnswer = z.infer<typeof answerSchema>;

/** The workspace's projects whose tasks the store holds, and how many it does not. */
export function useLoadedProjects(workspaceId: string): { loaded: string[]; notLoaded: number } {
  const projects = useProjects(workspaceId);
  const synced = useSyncedProjects();
  return useMemo(() => {
    const loaded = projects.filter((project) => isLoaded(synced, project.id)).map((p) => p.id);
    return { loaded, notLoaded: projects.length - loaded.length };
  }, [projects, synced]);
}

/**
 * The address of a server search, or null for a query without words (nothing to ask). `loaded`:
 * the projects whose tasks the store holds; `histories`: the tasks whose comments it holds, or
 * null when it holds every comment of those projects.
 */
export function serverSearchUrl(
  workspaceId: string,
  query: string,
  loaded: readonly string[],
  histories: readonly string[] | null = null,
): string | null {
  if (queryWords(query).length === 0) return null;
  const params = new URLSearchParams({ q: query.trim().slice(0, 200) });
  if (loaded.length > 0) params.set("exclude", loaded.join(","));
  if (histories) params.set("histories", histories.join(","));
  return `/api/workspaces/${encodeURIComponent(workspaceId)}/search?${params.toString()}`;
}

export function fetchServerSearch(url: string): Promise<ServerSearchAnswer> {
  return getJson(url, answerSchema);
}
