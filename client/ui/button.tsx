import type { ComponentProps, ReactNode } from "react";
import { classNames } from "./class-names.ts";
import "./button.css";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
export type ButtonSize = "sm" | "md" | "lg";

export type ButtonLook = {
  /** Primary: the one main action of a view; danger: destroys something; ghost: quiet. */
  variant?: ButtonVariant;
  /** 24, 28 or 32 px tall, with 12, 13 or 14 px text. */
  size?: ButtonSize;
  /** As wide as its container, as the auth forms' buttons are. */
  block?: boolean;
  className?: string;
};

/**
 * The class and data attributes that dress an element as a Button: for what must stay a
 * link or a label (`<Link {...buttonProps({ variant: "primary" })}>`), so it looks the same.
 */
export function buttonProps({ variant = "secondary", size = "md", block, className }: ButtonLook) {
  return {
    className: classNames("ui-button", className),
    "data-variant": variant,
    "data-size": size,
    "data-block": block ? "" : undefined,
  };
}

export type ButtonProps = ComponentProps<"button"> &
  ButtonLook & {
    /** An icon before the text, such as a lucide icon. */
    icon?: ReactNode;
  };

/** A button of the design system. `type` defaults to "button", so it never submits by surprise. */
export function Button(props: ButtonProps) {
  const { variant, size, block, icon, type = "button", className, children, ...rest } = props;
  return (
    <button type={type} {...buttonProps({ variant, size, block, className })} {...rest}>
      {icon}
      {children}
    </button>
  );
}
