import { useId } from "react";
import "./logo.css";

type LogoProps = {
  /** The mark's side in px. */
  size?: number;
  /** The product's name beside the mark; without it the mark is named for screen readers. */
  withName?: boolean;
};

/** The product's mark (the same drawing as public/icons/icon.svg), with or without its name. */
export function Logo({ size = 24, withName = false }: LogoProps) {
  const id = useId();
  const mark = (
    <svg
      className="ui-logo-mark"
      width={size}
      height={size}
      viewBox="0 0 64 64"
      {...(withName ? { "aria-hidden": true } : { role: "img", "aria-label": "Tasks" })}
    >
      <defs>
        <linearGradient id={`${id}-fill`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7c86ee" />
          <stop offset="1" stopColor="#4a54c0" />
        </linearGradient>
        {/* The check is cut out of the disc, as in the "completed" status icon. */}
        <mask id={`${id}-check`}>
          <rect width="64" height="64" fill="#fff" />
          <path
            d="M23.5 32.5 29.5 38.5 41 26"
            fill="none"
            stroke="#000"
            strokeWidth="5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </mask>
      </defs>
      <rect width="64" height="64" rx="16" fill={`url(#${id}-fill)`} />
      <circle cx="32" cy="32" r="19" fill="#fff" mask={`url(#${id}-check)`} />
    </svg>
  );
  if (!withName) return mark;
  return (
    <span className="ui-logo">
      {mark}
      <span className="ui-logo-name">Tasks</span>
    </span>
  );
}
