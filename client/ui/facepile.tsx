import { Avatar } from "./avatar.tsx";
import { Tooltip } from "./tooltip.tsx";
import "./facepile.css";

export type FacepilePerson = {
  id: string;
  name: string;
  image?: string | null;
  /** Shown dimmed, and named so in the tooltip. */
  idle?: boolean;
};

type FacepileProps = {
  people: readonly FacepilePerson[];
  /** The group's accessible name, before the names: "Also viewing this task". */
  label: string;
  /** Avatars shown; the rest are counted in a "+N". */
  max?: number;
  size?: "xs" | "sm" | "md";
};

const describe = (person: FacepilePerson) => (person.idle ? `${person.name} (idle)` : person.name);

/**
 * Overlapping avatars of a few people, as Linear shows who else is here: the name on hover,
 * idle people dimmed, and "+N" for those beyond `max` (their names in its tooltip). Renders
 * nothing for nobody.
 */
export function Facepile({ people, label, max = 4, size = "sm" }: FacepileProps) {
  if (people.length === 0) return null;
  // "+1" would take the place of the avatar it stands for: show that one instead.
  const shown = people.length > max ? people.slice(0, max - 1) : people;
  const rest = people.slice(shown.length);
  return (
    <ul
      className="ui-facepile"
      data-size={size}
      aria-label={`${label}: ${people.map(describe).join(", ")}`}
    >
      {shown.map((person) => (
        <Tooltip key={person.id} label={describe(person)}>
          <li className="ui-facepile-item" data-idle={person.idle || undefined}>
            <Avatar id={person.id} name={describe(person)} image={person.image} size={size} />
          </li>
        </Tooltip>
      ))}
      {rest.length > 0 && (
        <Tooltip label={rest.map(describe).join(", ")}>
          <li className="ui-facepile-item ui-facepile-more" aria-hidden="true">
            +{rest.length}
          </li>
        </Tooltip>
      )}
    </ul>
  );
}
