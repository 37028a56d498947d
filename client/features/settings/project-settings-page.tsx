import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import type { Project } from "../../../shared/entities.ts";
import { NotHere } from "../../ui/not-here.tsx";
import { useAbsence } from "../../platform/sync/use-absence.ts";
import { useSettingsProject } from "./use-settings-project.ts";
import { buttonProps } from "../../ui/button.tsx";

type ProjectSettingsPageProps = {
  projectId: string;
  title: string;
  children: (project: Project, role: string) => ReactNode;
};

/** The frame of a project's settings pages: the project and role, or why there is none. */
export function ProjectSettingsPage({ projectId, title, children }: ProjectSettingsPageProps) {
  const found = useSettingsProject(projectId);
  const absence = useAbsence(found?.project === null);
  if (!found) return null;
  const { project, role } = found;
  if (!project) {
    return (
      <NotHere
        state={absence}
        what="project"
        shape="page"
        back={
          <Link to="/dashboard/settings/projects" {...buttonProps({ size: "lg" })}>
            See your projects
          </Link>
        }
      />
    );
  }
  return (
    <section className="page page-narrow">
      <h1>
        {title}
        <span className="muted"> · {project.name}</span>
      </h1>
      {children(project, role)}
    </section>
  );
}
