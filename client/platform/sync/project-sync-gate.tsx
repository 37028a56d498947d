import { Outlet, useRouterState } from "@tanstack/react-router";
import { CloudOff } from "lucide-react";
import { useEffect, useSyncExternalStore, type ReactNode } from "react";
import type { Project } from "../../../shared/entities.ts";
import { useOnline } from "../browser/use-online.ts";
import { useSync } from "./replicache-provider.tsx";
import { useProjectSync, useProjectTasksRead } from "./store-hooks.ts";
import { EmptyState } from "../../ui/empty-state.tsx";
import { ScreenSkeleton, skeletonShapeOf } from "../../ui/screen-skeletons.tsx";

type ProjectSyncGateProps = {
  projectId: string;
  /** The project's row: undefined while the store reads, null when it does not have it. */
  project: Project | null | undefined;
  /** The way back from "not available offline", a link. */
  back: ReactNode;
};

/**
 * Shows the screens of a project (its Outlet) once the store holds the project's tasks
 * (partial sync, platform/sync/sync-scope.ts). Opening a project puts it first in the
 * store's list, and a project new to the list is asked for at once: its first page paints the
 * board, the rest follows. Until its first page has come the screen is its skeleton; offline,
 * a project this browser never loaded says so rather than showing an empty board. A project
 * the store does not have at all is left to the screens ("Project not found"). A project the
 * store holds shows once its tasks have been read from this device (a reload reads the page's
 * project first), never as an empty board meanwhile.
 */
export function ProjectSyncGate({ projectId, project, back }: ProjectSyncGateProps) {
  const { projects, sync } = useSync();
  const state = useProjectSync(projectId);
  const tasksRead = useProjectTasksRead(projectId);
  const browserOnline = useOnline();
  const reachesServer = useSyncExternalStore(sync.subscribe, () => sync.get().online);
  const pathname = useRouterState({ select: (router) => router.location.pathname });

  // A project new to the list is pulled at once: the store pulls whenever its list changes.
  useEffect(() => {
    projects.open(projectId);
  }, [projects, projectId]);

  const shape = skeletonShapeOf(pathname);
  if (project === null) return <Outlet />;
  if (state === "loaded" || state === "loading") {
    // Held: its tasks are read from this device's store before its screens show them.
    return tasksRead ? <Outlet /> : <ScreenSkeleton shape={shape} label="Loading the project…" />;
  }
  if (state === undefined || project === undefined || (browserOnline && reachesServer)) {
    return <ScreenSkeleton shape={shape} label="Loading the project…" />;
  }
  return (
    <section className="page">
      <EmptyState
        icon={<CloudOff size={20} />}
        title={`${project.name} is not available offline`}
        action={back}
      >
        This browser has not opened this project before, so its tasks are not on this device. They
        will load as soon as you are back online.
      </EmptyState>
    </section>
  );
}
