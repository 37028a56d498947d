import { Dialog as BaseDialog } from "@base-ui/react/dialog";
import { X } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { classNames } from "./class-names.ts";
import { IconButton } from "./icon-button.tsx";
import "./dialog.css";

/**
 * Base UI's Dialog: it traps focus, closes on Esc and outside clicks, locks the page's scroll
 * and gives focus back to what opened it. Under 768 px wide it fills the screen.
 */
export const Dialog = BaseDialog.Root;
export const DialogTrigger = BaseDialog.Trigger;
export const DialogClose = BaseDialog.Close;

type DialogContentProps = {
  /** The dialog's heading, and its accessible name. */
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Buttons at the bottom, right-aligned (the main action last). */
  footer?: ReactNode;
  /** 400, 560 or 720 px wide on a large screen. */
  size?: "sm" | "md" | "lg";
  className?: string;
  /** Where focus goes on opening: by default the first focusable element inside. */
  initialFocus?: ComponentProps<typeof BaseDialog.Popup>["initialFocus"];
};

export function DialogContent(props: DialogContentProps) {
  const { title, description, children, footer, size = "md", className, initialFocus } = props;
  return (
    <BaseDialog.Portal>
      <BaseDialog.Backdrop className="ui-dialog-backdrop" />
      <BaseDialog.Popup
        className={classNames("ui-dialog", className)}
        data-size={size}
        initialFocus={initialFocus}
      >
        <header className="ui-dialog-header">
          <BaseDialog.Title className="ui-dialog-title">{title}</BaseDialog.Title>
          <BaseDialog.Close
            render={<IconButton aria-label="Close" icon={<X />} size="sm" tooltipSide="left" />}
          />
        </header>
        {description && (
          <BaseDialog.Description className="ui-dialog-description">
            {description}
          </BaseDialog.Description>
        )}
        <div className="ui-dialog-body">{children}</div>
        {footer && <footer className="ui-dialog-footer">{footer}</footer>}
      </BaseDialog.Popup>
    </BaseDialog.Portal>
  );
}
