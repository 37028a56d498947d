import { Ban, Bug, CirclePause, Eye, Flag, FlaskConical, Rocket, Sparkles } from "lucide-react";
import { useId, type ComponentType } from "react";
import "./status-icon.css";
import {
  type StatusCategory,
  type StatusColor,
  type StatusIconName,
} from "../../shared/status-palette.ts";

type StatusIconProps = {
  category: StatusCategory;
  /**
   * The status's own colour, a token of the palette (`--color-status-{color}`); "muted" for an
   * icon that stands for statuses in general (the Status filter).
   */
  color: StatusColor | "muted";
  /** An icon of its own instead of the category's shape (null or left out: the shape). */
  icon?: StatusIconName | null;
  /** For a started status, how much of the circle is filled, from 0 to 1 (see startedProgress). */
  progress?: number;
  /** 14 px by default, the size of a row's icon. */
  size?: number;
  /** The status's name, when the icon stands alone; beside the name it is decorative. */
  label?: string;
};

/** The icons a status may pick (shared/statuses.ts `statusIcons`). */
const statusIconComponents: Record<
  StatusIconName,
  ComponentType<{ size?: number; strokeWidth?: number }>
> = {
  bug: Bug,
  eye: Eye,
  flask: FlaskConical,
  rocket: Rocket,
  pause: CirclePause,
  ban: Ban,
  flag: Flag,
  sparkles: Sparkles,
};

/** A colour token as CSS: the theme decides the shade (client/styles/theme.css). */
export const statusColorValue = (color: StatusColor | "muted") =>
  color === "muted" ? "var(--color-text-muted)" : `var(--color-status-${color})`;

/**
 * A status drawn by its category, as in Linear: a dashed circle for backlog, an empty circle
 * for unstarted, a circle filling up for started, a check for completed, a cross for canceled;
 * or the icon the status picked, in its colour. A card's and a row's status (StatusMark in
 * task-parts/task-marks.tsx) is the same drawing as masks in styles/board.css: change both.
 */
export function StatusIcon(props: StatusIconProps) {
  const { category, color, icon, progress = 0.5, size = 14, label } = props;
  const maskId = useId();
  const a11y = label ? { role: "img", "aria-label": label } : { "aria-hidden": true };
  if (icon) {
    const Icon = statusIconComponents[icon];
    return (
      <span
        className="ui-status-icon"
        data-category={category}
        style={{ color: statusColorValue(color) }}
        {...a11y}
      >
        <Icon size={size} strokeWidth={2} />
      </span>
    );
  }
  return (
    <svg
      className="ui-status-icon"
      width={size}
      height={size}
      viewBox="0 0 14 14"
      fill="none"
      data-category={category}
      style={{ color: statusColorValue(color) }}
      {...a11y}
    >
      {category === "backlog" && (
        <circle
          cx="7"
          cy="7"
          r="6"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeDasharray="1.4 1.74"
        />
      )}
      {category === "unstarted" && (
        <circle cx="7" cy="7" r="6" stroke="currentColor" strokeWidth="1.5" />
      )}
      {category === "started" && (
        <>
          <circle cx="7" cy="7" r="6" stroke="currentColor" strokeWidth="1.5" />
          {/* A stroke as wide as the circle is a pie: its dash is the share filled. */}
          <circle
            cx="7"
            cy="7"
            r="1.75"
            stroke="currentColor"
            strokeWidth="3.5"
            strokeDasharray={`${Math.min(Math.max(progress, 0), 1) * 2 * Math.PI * 1.75} 100`}
            transform="rotate(-90 7 7)"
          />
        </>
      )}
      {(category === "completed" || category === "canceled") && (
        <>
          <mask id={maskId}>
            <rect width="14" height="14" fill="white" />
            {category === "completed" ? (
              <path
                d="M4.5 7.2 6.3 9 9.7 5.3"
                stroke="black"
                strokeWidth="1.5"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            ) : (
              <path d="M5 5l4 4M9 5 5 9" stroke="black" strokeWidth="1.5" strokeLinecap="round" />
            )}
          </mask>
          <circle cx="7" cy="7" r="6.5" fill="currentColor" mask={`url(#${maskId})`} />
        </>
      )}
    </svg>
  );
}

/**
 * How full the circle of a started status is: the first started status of a project half,
 * later ones more (In progress ½, In review ¾), read from the position in the project's list.
 */
export function startedProgress(index: number, count: number): number {
  return count <= 1 ? 0.5 : 0.5 + (0.5 * index) / count;
}

/** A started status's fill from its place among the project's started statuses, in order. */
export function statusProgress<S extends { category: string }>(
  statuses: readonly S[],
  status: S,
): number {
  const started = statuses.filter((candidate) => candidate.category === "started");
  return startedProgress(started.indexOf(status), started.length);
}
