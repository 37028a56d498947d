import { useEffect, useId, useRef, type FormEvent, type ReactNode } from "react";
import { Button } from "../ui/button.tsx";

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  /** What will happen, and any field the confirmation needs. */
  children: ReactNode;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * A modal question before something that cannot be undone. The native <dialog> traps focus,
 * closes on Escape and returns focus to the button that opened it.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, children, confirmLabel, pending, onConfirm, onClose } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm();
  };

  return (
    <dialog ref={dialog} className="dialog" aria-labelledby={titleId} onClose={onClose}>
      <form className="form" onSubmit={submit}>
        <h2 id={titleId}>{title}</h2>
        {children}
        <div className="form-actions">
          <Button size="lg" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" size="lg" disabled={pending}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
