import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import type { Project } from "../../../shared/entities.ts";
import { useSettingsProject } from "./use-settings-project.ts";

type ProjectSettingsPageProps = {
  projectId: string;
  title: string;
  children: (project: Project, role: string) => ReactNode;
};

/** The frame of a project's settings pages: the project and role, or why there is none. */
export function ProjectSettingsPage({ projectId, title, children }: ProjectSettingsPageProps) {
  const found = useSettingsProject(projectId);
  if (!found) return null;
  const { project, role } = found;
  return (
    <section className="page page-narrow">
      <h1>
        {title}
        {project && <span className="muted"> · {project.name}</span>}
      </h1>
      {project ? (
        children(project, role)
      ) : (
        <p className="muted">
          This project does not exist or you are not a member of its workspace.{" "}
          <Link to="/dashboard/settings/projects">See your projects.</Link>
        </p>
      )}
    </section>
  );
}
