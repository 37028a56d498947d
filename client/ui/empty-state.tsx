import type { ReactNode } from "react";
import { classNames } from "./class-names.ts";
import "./empty-state.css";

type EmptyStateProps = {
  /** A lucide icon, drawn in a soft tile above the text. */
  icon: ReactNode;
  /** One line saying what is missing; optional when the description says it. */
  title?: string;
  /** What the next step is and why. */
  children?: ReactNode;
  /** The next step: usually one primary Button. */
  action?: ReactNode;
  /** A quieter line under the action, such as its keyboard shortcut. */
  hint?: ReactNode;
  className?: string;
};

/** What a screen shows when it has nothing yet: what is missing, and the way to the next step. */
export function EmptyState({ icon, title, children, action, hint, className }: EmptyStateProps) {
  return (
    <div className={classNames("ui-empty-state", className)}>
      <span className="ui-empty-state-icon" aria-hidden="true">
        {icon}
      </span>
      {title && <p className="ui-empty-state-title">{title}</p>}
      {children && <p className="ui-empty-state-text">{children}</p>}
      {action && <div className="ui-empty-state-action">{action}</div>}
      {hint && <p className="ui-empty-state-hint">{hint}</p>}
    </div>
  );
}
