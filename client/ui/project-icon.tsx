import { Box } from "lucide-react";
import type { Project } from "../../shared/entities.ts";

/** A project's emoji, or a plain box when it has none (sidebar, project header). */
export function ProjectIcon({ project }: { project: Pick<Project, "icon"> }) {
  if (project.icon) return <span className="project-emoji">{project.icon}</span>;
  return <Box />;
}
