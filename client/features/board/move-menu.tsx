import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type SyntheticEvent,
} from "react";
import { createPortal } from "react-dom";
import { boardStatuses } from "../../../shared/entities.ts";
import { statusNames } from "../../lib/task-names.ts";
import type { MoveTask } from "./use-task-actions.ts";

type MoveMenuProps = { taskId: string; title: string; onMove: MoveTask };

const places = ["top", "bottom"] as const;

/**
 * "Move to…": the same moves as dragging, for keyboards, screen readers and anyone who would
 * rather not drag: any column of the board, at its top or its bottom.
 */
export const MoveMenu = memo(function MoveMenu({ taskId, title, onMove }: MoveMenuProps) {
  const [anchor, setAnchor] = useState<DOMRect | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const open = anchor !== null;

  const close = useCallback((returnFocus: boolean) => {
    setAnchor(null);
    if (returnFocus) button.current?.focus();
  }, []);

  return (
    <>
      <button
        ref={button}
        type="button"
        className="card-action"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={`Move ${title} to…`}
        title="Move to…"
        onPointerDown={stopPropagation}
        onClick={() => setAnchor(open ? null : (button.current?.getBoundingClientRect() ?? null))}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {anchor && (
        <MenuPopup
          anchor={anchor}
          label={`Move ${title} to`}
          onClose={close}
          onChoose={(status, place) => {
            close(true);
            onMove(taskId, status, { kind: place });
          }}
        />
      )}
    </>
  );
});

type MenuPopupProps = {
  anchor: DOMRect;
  label: string;
  onClose: (returnFocus: boolean) => void;
  onChoose: (status: (typeof boardStatuses)[number], place: (typeof places)[number]) => void;
};

/** In a portal, so a card's scrolling column never clips it. */
function MenuPopup({ anchor, label, onClose, onChoose }: MenuPopupProps) {
  const menu = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState({ top: anchor.bottom + 4, left: anchor.left });

  // Keep the menu on screen: flip above the button or shift left when it would overflow.
  useLayoutEffect(() => {
    const element = menu.current;
    if (!element) return;
    const { width, height } = element.getBoundingClientRect();
    const top =
      anchor.bottom + 4 + height > window.innerHeight ? anchor.top - height - 4 : anchor.bottom + 4;
    const left = Math.min(anchor.left, window.innerWidth - width - 8);
    setPosition({ top: Math.max(4, top), left: Math.max(4, left) });
    element.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [anchor]);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) onClose(false);
    };
    const onScroll = (event: Event) => {
      if (!menu.current?.contains(event.target as Node)) onClose(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    window.addEventListener("scroll", onScroll, true);
    window.addEventListener("resize", onScroll);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      window.removeEventListener("scroll", onScroll, true);
      window.removeEventListener("resize", onScroll);
    };
  }, [onClose]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    event.stopPropagation();
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const current = items.indexOf(document.activeElement as HTMLElement);
    const focus = (index: number) => items[(index + items.length) % items.length]?.focus();
    if (event.key === "Escape" || event.key === "Tab") {
      event.preventDefault();
      onClose(true);
    } else if (event.key === "ArrowDown") {
      event.preventDefault();
      focus(current + 1);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      focus(current - 1);
    } else if (event.key === "Home") {
      event.preventDefault();
      focus(0);
    } else if (event.key === "End") {
      event.preventDefault();
      focus(items.length - 1);
    }
  };

  return createPortal(
    <div
      ref={menu}
      role="menu"
      aria-label={label}
      className="move-menu"
      style={{ top: position.top, left: position.left }}
      onKeyDown={onKeyDown}
      onPointerDown={stopPropagation}
      onClick={stopPropagation}
    >
      {boardStatuses.map((status) =>
        places.map((place) => (
          <button
            key={`${status}-${place}`}
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="move-menu-item"
            onClick={() => onChoose(status, place)}
          >
            {place === "top" ? "Top" : "Bottom"} of {statusNames[status]}
          </button>
        )),
      )}
    </div>,
    document.body,
  );
}

/** Pressing a control on a card must not start dragging the card. */
function stopPropagation(event: SyntheticEvent) {
  event.stopPropagation();
}
