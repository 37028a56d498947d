import type { ComponentProps, ReactNode } from "react";
import { classNames } from "./class-names.ts";
import "./button.css";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
export type ButtonSize = "sm" | "md" | "lg";

export type ButtonProps = ComponentProps<"button"> & {
  /** Primary: the one main action of a view; danger: destroys something; ghost: quiet. */
  variant?: ButtonVariant;
  /** 24, 28 or 32 px tall. */
  size?: ButtonSize;
  /** An icon before the text, such as a lucide icon. */
  icon?: ReactNode;
};

/** A button of the design system. `type` defaults to "button", so it never submits by surprise. */
export function Button(props: ButtonProps) {
  const {
    variant = "secondary",
    size = "md",
    icon,
    type = "button",
    className,
    children,
    ...rest
  } = props;
  return (
    <button
      type={type}
      className={classNames("ui-button", className)}
      data-variant={variant}
      data-size={size}
      {...rest}
    >
      {icon}
      {children}
    </button>
  );
}
