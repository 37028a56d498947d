import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import type { Workspace } from "../../shared/entities.ts";
import { ScreenSkeleton, type SkeletonShape } from "./screen-skeletons.tsx";
import { buttonProps } from "../ui/button.tsx";

/** From `useAbsence`: still checking, not found, or offline before any sync. */
type AbsenceState = "checking" | "not-found" | "offline";

type NotHereProps = {
  state: AbsenceState;
  /** What was looked for, in lower case: "workspace", "project", "task". */
  what: string;
  /** The way back, a link. */
  back: ReactNode;
  /** The shape of the screen it stands for while checking. */
  shape: SkeletonShape;
};

/**
 * A screen whose workspace, project or task the local store does not have: loading while that
 * is not known yet, then "not found", or, offline in a browser that never synced, that it
 * cannot know yet. Never an endless "Loading…".
 */
export function NotHere({ state, what, back, shape }: NotHereProps) {
  if (state === "checking") return <ScreenSkeleton shape={shape} label={`Loading the ${what}…`} />;
  const title = state === "offline" ? "You are offline" : `${capitalized(what)} not found`;
  return (
    <section className="page">
      <div className="empty-state">
        <h1>{title}</h1>
        <p className="muted">
          {state === "offline"
            ? `This browser has not loaded your workspaces yet, so the ${what} cannot be shown until the network is back.`
            : `It may have been deleted, the link may be wrong, or you may not have access to it.`}
        </p>
        {back}
      </div>
    </section>
  );
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

type ProjectNotHereProps = {
  state: AbsenceState;
  workspaceId: string;
  workspace: Workspace | null | undefined;
  shape: SkeletonShape;
};

/** A project screen (board, backlog, task) whose project is not in the workspace. */
export function ProjectNotHere({ state, workspaceId, workspace, shape }: ProjectNotHereProps) {
  return (
    <NotHere
      state={state}
      what="project"
      shape={shape}
      back={
        <Link
          to="/dashboard/workspace/$workspaceId"
          params={{ workspaceId }}
          {...buttonProps({ size: "lg" })}
        >
          Back to {workspace?.name ?? "the workspace"}
        </Link>
      }
    />
  );
}
