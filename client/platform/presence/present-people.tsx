import { useProjectPresence, useTaskPresence, type PresentPerson } from "./presence-store.ts";
import { Facepile, type FacepilePerson } from "../../ui/facepile.tsx";

const asFace = (person: PresentPerson): FacepilePerson => ({
  id: person.userId,
  name: person.name || "Someone",
  image: person.image,
  idle: person.idle,
});

/** The others on this project's screens or its tasks, for the project header. */
export function ProjectPresence({
  workspaceId,
  projectId,
}: {
  workspaceId: string;
  projectId: string;
}) {
  const people = useProjectPresence(workspaceId, projectId);
  return <Facepile people={people.map(asFace)} label="Also in this project" size="md" />;
}

/** The others who have this task open, for the task page and the peek. */
export function TaskPresence({ workspaceId, taskId }: { workspaceId: string; taskId: string }) {
  const people = useTaskPresence(workspaceId, taskId);
  return <Facepile people={people.map(asFace)} label="Also viewing this task" size="md" />;
}

/**
 * A card's small sign that someone else has its task open, in an element of `className`; with
 * nobody there, nothing at all (a board's every card has one).
 */
export function CardPresence({
  workspaceId,
  taskId,
  className,
}: {
  workspaceId: string;
  taskId: string;
  className: string;
}) {
  const people = useTaskPresence(workspaceId, taskId);
  if (people.length === 0) return null;
  return (
    <div className={className}>
      <Facepile people={people.map(asFace)} label="Open now by" max={3} size="xs" />
    </div>
  );
}
