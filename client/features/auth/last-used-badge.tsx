import { useId, type ReactNode } from "react";
import { Button, type ButtonProps } from "../../ui/button.tsx";

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

/**
 * A sign-in method's button, as wide as the form (`type="button"` unless told), with its
 * "Last used" badge.
 */
export function LastUsedButton({ used, ...button }: { used: boolean } & ButtonProps) {
  return (
    <LastUsed used={used}>
      {(describedBy) => <Button size="lg" block aria-describedby={describedBy} {...button} />}
    </LastUsed>
  );
}
