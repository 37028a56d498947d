import type { ReactNode } from "react";
import { Button, type ButtonProps } from "./button.tsx";
import { Tooltip } from "./tooltip.tsx";

type IconButtonProps = Omit<ButtonProps, "children" | "icon" | "aria-label" | "variant"> & {
  /** The button's name for screen readers, also shown as its tooltip: required. */
  "aria-label": string;
  icon: ReactNode;
  variant?: "ghost" | "secondary" | "danger";
  /** The keys that do the same, shown in the tooltip. */
  shortcut?: readonly string[];
  tooltipSide?: "top" | "bottom" | "left" | "right";
};

/** A square button showing only an icon; its label appears as a tooltip. */
export function IconButton(props: IconButtonProps) {
  const { icon, shortcut, tooltipSide, variant = "ghost", ...rest } = props;
  return (
    <Tooltip label={rest["aria-label"]} shortcut={shortcut} side={tooltipSide}>
      <Button variant={variant} data-icon-only="" {...rest}>
        {icon}
      </Button>
    </Tooltip>
  );
}
