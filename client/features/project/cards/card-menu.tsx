import {
  ArrowRightLeft,
  CalendarDays,
  CircleUserRound,
  Link as LinkIcon,
  SignalHigh,
  Tag,
  Trash2,
} from "lucide-react";
import {
  memo,
  useCallback,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
  type SyntheticEvent,
} from "react";
import type { Task, TaskPriority } from "../../../../shared/entities.ts";
import { boardStatuses } from "../../../../shared/statuses.ts";
import { addDays, weekOf } from "../../../lib/due-date.ts";
import { priorityNames, priorityOrder } from "../../../lib/task-names.ts";
import { Avatar } from "../../../ui/avatar.tsx";
import {
  Menu,
  MenuCheckboxItem,
  MenuContent,
  MenuItem,
  MenuRadioGroup,
  MenuRadioItem,
  MenuSeparator,
  MenuSubmenu,
  MenuSubmenuTrigger,
  MenuTrigger,
} from "../../../ui/menu.tsx";
import { PriorityIcon } from "../../../ui/priority-icon.tsx";
import { StatusIcon, statusProgress } from "../../../ui/status-icon.tsx";
import type { CardActions } from "./card-actions.ts";
import type { CardContext } from "./card-context.ts";
import type { CardProperty } from "./card-property.ts";
import type { MoveTask } from "./use-task-actions.ts";
import { refocusCard } from "./use-card-keyboard.ts";
import "../../../styles/label-colors.css";

type CardMenuProps = { task: Task; context: CardContext; actions: CardActions };

/** The menu's choices, with the way the card's own menu ends on a move (board cards only). */
type ChoiceProps = CardMenuProps & { leaving?: Leaving | undefined };

/**
 * How a menu inside a card ends when the card goes to another column: the card is drawn
 * anew there and the old one, menu included, leaves the page. Closing the menu first would
 * take it down and hand the focus back to the "⋯" of a card about to go, then draw the board
 * a second time; instead the menu goes with the card in one commit, and the focus goes to the
 * moved card's title. Only a move that does not happen closes the menu itself.
 */
type Leaving = {
  /** Set while a move is under way: the menu gives the focus back to nothing. */
  moving: RefObject<boolean>;
  /** Sends the move, or closes the menu when nothing moved. */
  send: (taskId: string, move: () => ReturnType<MoveTask>) => void;
};

/**
 * A card's (and a list row's) "⋯": everything a person may change about the task without
 * opening it.
 */
export const CardMenu = memo(function CardMenu(
  props: CardMenuProps & {
    /**
     * For a board card, which always leaves the page on a move to another column (it is drawn
     * anew in that column): the menu goes with it (`Leaving` above). A list row stays where
     * it is drawn (the list is one flat list), so its menu closes as any menu does.
     */
    leavesOnMove?: boolean;
  },
) {
  const { task, context, actions, leavesOnMove = false } = props;
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const moving = useRef(false);
  const send = useCallback((taskId: string, move: () => ReturnType<MoveTask>) => {
    moving.current = true;
    const close = () => {
      moving.current = false;
      setOpen(false);
    };
    const sent = move();
    if (sent === null) close();
    else {
      refocusCard(taskId);
      void sent.then((moved) => {
        if (!moved) close();
      });
    }
  }, []);
  const leaving = leavesOnMove ? { moving, send } : undefined;
  const finalFocus = useCallback(() => (moving.current ? false : button.current), []);
  return (
    <Menu open={open} onOpenChange={setOpen}>
      <MenuTrigger
        render={<button ref={button} />}
        className="card-action"
        aria-label={`Actions for ${task.title}`}
        title="Actions"
        onPointerDown={stopPropagation}
      >
        ⋯
      </MenuTrigger>
      <MenuContent finalFocus={finalFocus} align="end" aria-label={`Actions for ${task.title}`}>
        <CardMenuItems task={task} context={context} actions={actions} leaving={leaving} />
      </MenuContent>
    </Menu>
  );
});

function CardMenuItems({ task, context, actions, leaving }: ChoiceProps) {
  const { can } = context;
  const columns = boardStatuses(context.statuses);
  const props = { task, context, actions, leaving };
  // A submenu gives the focus back to its item on closing, except when the card moves.
  const submenuFocus = () => !leaving?.moving.current;

  return (
    <>
      {can.update && (
        <>
          <MenuSubmenu>
            <MenuSubmenuTrigger icon={<StatusIconOf status={task.status} context={context} />}>
              Status
            </MenuSubmenuTrigger>
            <MenuContent side="inline-end" finalFocus={submenuFocus}>
              <StatusChoices {...props} />
            </MenuContent>
          </MenuSubmenu>
          <MenuSubmenu>
            <MenuSubmenuTrigger icon={<SignalHigh aria-hidden />}>Priority</MenuSubmenuTrigger>
            <MenuContent side="inline-end" finalFocus={submenuFocus}>
              <PriorityChoices {...props} />
            </MenuContent>
          </MenuSubmenu>
        </>
      )}
      {can.assign && (
        <MenuSubmenu>
          <MenuSubmenuTrigger icon={<CircleUserRound aria-hidden />}>Assignee</MenuSubmenuTrigger>
          <MenuContent side="inline-end" finalFocus={submenuFocus}>
            <AssigneeChoices {...props} />
          </MenuContent>
        </MenuSubmenu>
      )}
      {can.update && (
        <>
          <MenuSubmenu>
            <MenuSubmenuTrigger icon={<Tag aria-hidden />}>Labels</MenuSubmenuTrigger>
            <MenuContent side="inline-end" finalFocus={submenuFocus}>
              <LabelChoices {...props} />
            </MenuContent>
          </MenuSubmenu>
          <MenuSubmenu>
            <MenuSubmenuTrigger icon={<CalendarDays aria-hidden />}>Due date</MenuSubmenuTrigger>
            <MenuContent side="inline-end" finalFocus={submenuFocus}>
              <DueChoices {...props} />
            </MenuContent>
          </MenuSubmenu>
        </>
      )}
      <MenuSubmenu>
        <MenuSubmenuTrigger icon={<ArrowRightLeft aria-hidden />}>Move to</MenuSubmenuTrigger>
        <MenuContent side="inline-end" finalFocus={submenuFocus}>
          {/* The card's own column is not a move target: it is already there. */}
          {columns
            .filter((status) => status.id !== task.status)
            .flatMap((status) =>
              (["top", "bottom"] as const).map((place) => (
                <MenuItem
                  key={`${status.id}-${place}`}
                  icon={<StatusIconOf status={status.id} context={context} />}
                  closeOnClick={!leaving}
                  onClick={() => {
                    const move = () => actions.move(task.id, status.id, { kind: place });
                    if (leaving) leaving.send(task.id, move);
                    else void move();
                  }}
                >
                  {place === "top" ? "Top" : "Bottom"} of {status.name}
                </MenuItem>
              )),
            )}
        </MenuContent>
      </MenuSubmenu>
      <MenuSeparator />
      <MenuItem icon={<LinkIcon aria-hidden />} onClick={() => actions.copyLink(task)}>
        Copy link
      </MenuItem>
      {can.delete && (
        <MenuItem icon={<Trash2 aria-hidden />} onClick={() => actions.requestDelete(task)}>
          Delete…
        </MenuItem>
      )}
    </>
  );
}

const propertyTitles: Record<CardProperty, string> = {
  status: "Change status",
  priority: "Change priority",
  assignee: "Change assignee",
  labels: "Change labels",
  due: "Change due date",
};

const choicesOf: Record<CardProperty, (props: ChoiceProps) => ReactNode> = {
  status: StatusChoices,
  priority: PriorityChoices,
  assignee: AssigneeChoices,
  labels: LabelChoices,
  due: DueChoices,
};

/** Whether the person's role lets them change the property (SPEC.md section 6). */
export function canChange(property: CardProperty, context: CardContext): boolean {
  return property === "assignee" ? context.can.assign : context.can.update;
}

type CardPropertyMenuProps = CardMenuProps & {
  property: CardProperty;
  /** The card it opens beside; the focus goes back to its title when it closes. */
  anchor: HTMLElement;
  onClose: () => void;
};

/**
 * One of the card menu's submenus on its own, opened by `s p a l d` on the focused card and
 * placed beside the card: the same choices, with the same icons, as the "⋯" menu offers.
 */
export function CardPropertyMenu(props: CardPropertyMenuProps) {
  const { property, anchor, onClose, ...card } = props;
  const Choices = choicesOf[property];
  return (
    <Menu
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <MenuContent
        anchor={anchor}
        side="bottom"
        finalFocus={() => anchor.querySelector<HTMLElement>(".task-card-title") ?? anchor}
        aria-label={`${propertyTitles[property]} of ${card.task.title}`}
      >
        <Choices {...card} />
      </MenuContent>
    </Menu>
  );
}

function StatusChoices({ task, context, actions, leaving }: ChoiceProps) {
  return (
    <MenuRadioGroup
      value={task.status}
      onValueChange={(value: string) => {
        const status = context.statusesById.get(value);
        if (!status || status.id === task.status) return;
        if (leaving) leaving.send(task.id, () => actions.setStatus(task, status.id));
        else void actions.setStatus(task, status.id);
      }}
    >
      {context.statuses.map((status) => (
        <MenuRadioItem
          key={status.id}
          value={status.id}
          // In the card's own menu a new status takes the card, and the menu, to its column.
          closeOnClick={!leaving || status.id === task.status}
          icon={<StatusIconOf status={status.id} context={context} />}
        >
          {status.name}
        </MenuRadioItem>
      ))}
    </MenuRadioGroup>
  );
}

function PriorityChoices({ task, actions }: ChoiceProps) {
  return (
    <MenuRadioGroup
      value={task.priority}
      onValueChange={(value: TaskPriority) => actions.update(task, { priority: value })}
    >
      {priorityOrder.map((priority) => (
        <MenuRadioItem
          key={priority}
          value={priority}
          closeOnClick
          icon={<PriorityIcon priority={priority} />}
        >
          {priorityNames[priority]}
        </MenuRadioItem>
      ))}
    </MenuRadioGroup>
  );
}

function AssigneeChoices({ task, context, actions }: ChoiceProps) {
  const members = [...context.membersById.values()];
  const me = context.membersById.get(context.userId);
  return (
    <>
      {me && task.assigneeId !== me.id && (
        <MenuItem
          icon={<Avatar id={me.id} name={me.name} image={me.image} size="xs" decorative />}
          onClick={() => actions.update(task, { assigneeId: me.id })}
        >
          Assign to me
        </MenuItem>
      )}
      <MenuRadioGroup
        value={task.assigneeId ?? ""}
        onValueChange={(value: string) =>
          actions.update(task, { assigneeId: value === "" ? null : value })
        }
      >
        <MenuRadioItem value="" closeOnClick icon={<CircleUserRound aria-hidden />}>
          Unassigned
        </MenuRadioItem>
        {members.map((member) => (
          <MenuRadioItem
            key={member.id}
            value={member.id}
            closeOnClick
            icon={
              <Avatar
                id={member.id}
                name={member.name || member.email}
                image={member.image}
                size="xs"
                decorative
              />
            }
          >
            {member.name || member.email}
          </MenuRadioItem>
        ))}
      </MenuRadioGroup>
    </>
  );
}

function LabelChoices({ task, context, actions }: ChoiceProps) {
  const labels = [...context.labelsById.values()];
  return (
    <>
      {labels.length === 0 && <MenuItem disabled>No labels in this workspace</MenuItem>}
      {labels.map((label) => (
        <MenuCheckboxItem
          key={label.id}
          checked={task.labelIds.includes(label.id)}
          icon={<span className="label-dot" data-color={label.color} />}
          onCheckedChange={(next) =>
            actions.update(task, {
              labelIds: next
                ? [...task.labelIds, label.id]
                : task.labelIds.filter((id) => id !== label.id),
            })
          }
        >
          {label.name}
        </MenuCheckboxItem>
      ))}
    </>
  );
}

function DueChoices({ task, context, actions }: ChoiceProps) {
  const today = context.today;
  const days = [
    { label: "Today", day: today },
    { label: "Tomorrow", day: addDays(today, 1) },
    { label: "Next week", day: addDays(weekOf(today).start, 7) },
  ];
  return (
    <>
      {days.map(({ label, day }) => (
        <MenuItem key={label} onClick={() => actions.update(task, { dueDate: day })}>
          {label}
        </MenuItem>
      ))}
      {task.dueDate !== null && (
        <MenuItem onClick={() => actions.update(task, { dueDate: null })}>Clear</MenuItem>
      )}
    </>
  );
}

function StatusIconOf({ status, context }: { status: string; context: CardContext }) {
  const workflow = context.statusesById.get(status);
  if (!workflow) return null;
  return (
    <StatusIcon
      category={workflow.category}
      color={workflow.color}
      icon={workflow.icon}
      progress={statusProgress(context.statuses, workflow)}
    />
  );
}

/** Pressing a control on a card must not start dragging the card. */
function stopPropagation(event: SyntheticEvent) {
  event.stopPropagation();
}
