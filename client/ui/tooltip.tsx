import { Tooltip as BaseTooltip } from "@base-ui/react/tooltip";
import type { ReactElement, ReactNode } from "react";
import { Kbd } from "./kbd.tsx";
import "./tooltip.css";

/**
 * Shares the opening delay between tooltips: once one has shown, moving to the next shows it at
 * once, as in Linear. Mount it once around the app.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <BaseTooltip.Provider delay={500} closeDelay={0}>
      {children}
    </BaseTooltip.Provider>
  );
}

type TooltipProps = {
  /** What the tooltip says; the trigger must carry the same words as its accessible name. */
  label: ReactNode;
  /** The keys that do the same, shown after the label. */
  shortcut?: readonly string[];
  side?: "top" | "bottom" | "left" | "right";
  /** The element that shows the tooltip on hover and keyboard focus. */
  children: ReactElement;
};

/** A visual label for sighted pointer and keyboard users; never the only name of a control. */
export function Tooltip({ label, shortcut, side = "bottom", children }: TooltipProps) {
  return (
    <BaseTooltip.Root>
      <BaseTooltip.Trigger render={children} />
      <BaseTooltip.Portal>
        <BaseTooltip.Positioner className="ui-tooltip-positioner" side={side} sideOffset={6}>
          <BaseTooltip.Popup className="ui-tooltip">
            {label}
            {shortcut && <Kbd keys={shortcut} />}
          </BaseTooltip.Popup>
        </BaseTooltip.Positioner>
      </BaseTooltip.Portal>
    </BaseTooltip.Root>
  );
}
