import { useId, type ButtonHTMLAttributes, type ReactNode } from "react";

type LastUsedProps = {
  /** Whether this is the method used last time (better-auth's last-login-method cookie). */
  used: boolean;
  /** The method's button, given the id of the badge to be described by. */
  children: (describedBy: string | undefined) => ReactNode;
};

/**
 * A sign-in method's button with the "Last used" badge on its edge. The badge sits beside the
 * button, not inside it, so it keeps its own readable colours and stays out of the button's
 * name: screen readers hear it as the button's description.
 */
function LastUsed({ used, children }: LastUsedProps) {
  const id = useId();
  return (
    <div className="last-used">
      {children(used ? id : undefined)}
      {used && (
        <span id={id} className="last-used-badge">
          Last used
        </span>
      )}
    </div>
  );
}

/** A sign-in method's button (`type="button"` unless told) with its "Last used" badge. */
export function LastUsedButton({
  used,
  type = "button",
  className = "button button-block",
  ...button
}: { used: boolean } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <LastUsed used={used}>
      {(describedBy) => (
        <button type={type} className={className} aria-describedby={describedBy} {...button} />
      )}
    </LastUsed>
  );
}
