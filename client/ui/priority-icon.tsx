import { useId } from "react";
import type { TaskPriority } from "../../shared/entities.ts";

type PriorityIconProps = {
  priority: TaskPriority;
  /** 14 px by default, the size of a row's icon. */
  size?: number;
  /** The priority's name, when the icon stands alone; beside the name it is decorative. */
  label?: string;
};

const filledBars: Record<TaskPriority, number> = {
  "no-priority": 0,
  low: 1,
  medium: 2,
  high: 3,
  urgent: 3,
};

/**
 * A priority as in Linear: three bars filled by level, an exclamation mark in a square for
 * urgent, a dashed line for none. A card's and a row's priority (PriorityMark in
 * task-parts/task-marks.tsx) is the same drawing as a mask in styles/board.css: change both.
 */
export function PriorityIcon({ priority, size = 14, label }: PriorityIconProps) {
  const maskId = useId();
  const a11y = label ? { role: "img", "aria-label": label } : { "aria-hidden": true };
  return (
    <svg
      className="ui-priority-icon"
      width={size}
      height={size}
      viewBox="0 0 14 14"
      data-priority={priority}
      {...a11y}
    >
      {priority === "no-priority" && (
        <g fill="var(--color-priority-bar)">
          <rect x="1" y="6.25" width="3" height="1.5" rx="0.75" />
          <rect x="5.5" y="6.25" width="3" height="1.5" rx="0.75" />
          <rect x="10" y="6.25" width="3" height="1.5" rx="0.75" />
        </g>
      )}
      {priority === "urgent" && (
        <>
          <mask id={maskId}>
            <rect width="14" height="14" fill="white" />
            <rect x="6.1" y="3" width="1.8" height="5.2" rx="0.9" fill="black" />
            <circle cx="7" cy="10.3" r="1" fill="black" />
          </mask>
          <rect
            x="0.5"
            y="0.5"
            width="13"
            height="13"
            rx="3"
            fill="var(--color-priority-urgent)"
            mask={`url(#${maskId})`}
          />
        </>
      )}
      {priority !== "no-priority" &&
        priority !== "urgent" &&
        [0, 1, 2].map((bar) => (
          <rect
            key={bar}
            x={1 + bar * 4.5}
            y={8 - bar * 3.5}
            width="3"
            height={5 + bar * 3.5}
            rx="1"
            fill={
              bar < filledBars[priority]
                ? "var(--color-priority-bar)"
                : "var(--color-priority-bar-off)"
            }
          />
        ))}
    </svg>
  );
}
