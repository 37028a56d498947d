import {
  ArrowRightLeft,
  CalendarDays,
  CircleUserRound,
  Link as LinkIcon,
  SignalHigh,
  Tag,
  Trash2,
} from "lucide-react";
import { memo, useRef, useState, type SyntheticEvent } from "react";
import type { Task, TaskPriority } from "../../../shared/entities.ts";
import { boardStatuses } from "../../../shared/statuses.ts";
import { addDays, weekOf } from "../../lib/due-date.ts";
import { priorityNames } from "../../lib/task-names.ts";
import { Avatar } from "../../ui/avatar.tsx";
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
} from "../../ui/menu.tsx";
import { PriorityIcon } from "../../ui/priority-icon.tsx";
import { priorityOrder } from "../../ui/pickers/priority-picker.tsx";
import { StatusIcon } from "../../ui/status-icon.tsx";
import type { CardActions } from "./card-actions.ts";
import type { CardContext } from "./card-context.ts";
import { statusProgress } from "./task-meta.tsx";
import "../../styles/label-colors.css";

type CardMenuProps = { task: Task; context: CardContext; actions: CardActions };

/**
 * A card's (and a list row's) "⋯": everything a person may change about the task without
 * opening it. Until it is first opened it is a plain button: a board of cards carries no
 * menu machinery, and the menu itself (Base UI) mounts only while open.
 */
export const CardMenu = memo(function CardMenu({ task, context, actions }: CardMenuProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="card-action"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={`Actions for ${task.title}`}
        title="Actions"
        onPointerDown={stopPropagation}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <Menu open onOpenChange={setOpen}>
          <MenuContent
            anchor={button}
            finalFocus={button}
            align="end"
            aria-label={`Actions for ${task.title}`}
          >
            <CardMenuItems task={task} context={context} actions={actions} />
          </MenuContent>
        </Menu>
      )}
    </>
  );
});

function CardMenuItems({ task, context, actions }: CardMenuProps) {
  const { can, statuses } = context;
  const columns = boardStatuses(statuses);
  const members = [...context.membersById.values()];
  const labels = [...context.labelsById.values()];
  const me = members.find((member) => member.id === context.userId);
  const today = context.today;
  const days = [
    { label: "Today", day: today },
    { label: "Tomorrow", day: addDays(today, 1) },
    { label: "Next week", day: addDays(weekOf(today).start, 7) },
  ];

  return (
    <>
      {can.update && (
        <>
          <MenuSubmenu>
            <MenuSubmenuTrigger icon={<StatusIconOf status={task.status} context={context} />}>
              Status
            </MenuSubmenuTrigger>
            <MenuContent side="inline-end">
              <MenuRadioGroup
                value={task.status}
                onValueChange={(value: string) => {
                  const status = statuses.find((candidate) => candidate.id === value);
                  if (status && status.id !== task.status) actions.setStatus(task, status.id);
                }}
              >
                {statuses.map((status) => (
                  <MenuRadioItem
                    key={status.id}
                    value={status.id}
                    closeOnClick
                    icon={<StatusIconOf status={status.id} context={context} />}
                  >
                    {status.name}
                  </MenuRadioItem>
                ))}
              </MenuRadioGroup>
            </MenuContent>
          </MenuSubmenu>
          <MenuSubmenu>
            <MenuSubmenuTrigger icon={<SignalHigh aria-hidden />}>Priority</MenuSubmenuTrigger>
            <MenuContent side="inline-end">
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
            </MenuContent>
          </MenuSubmenu>
        </>
      )}
      {can.assign && (
        <MenuSubmenu>
          <MenuSubmenuTrigger icon={<CircleUserRound aria-hidden />}>Assignee</MenuSubmenuTrigger>
          <MenuContent side="inline-end">
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
          </MenuContent>
        </MenuSubmenu>
      )}
      {can.update && (
        <>
          <MenuSubmenu>
            <MenuSubmenuTrigger icon={<Tag aria-hidden />}>Labels</MenuSubmenuTrigger>
            <MenuContent side="inline-end">
              {labels.length === 0 && <MenuItem disabled>No labels in this workspace</MenuItem>}
              {labels.map((label) => {
                const checked = task.labelIds.includes(label.id);
                return (
                  <MenuCheckboxItem
                    key={label.id}
                    checked={checked}
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
                );
              })}
            </MenuContent>
          </MenuSubmenu>
          <MenuSubmenu>
            <MenuSubmenuTrigger icon={<CalendarDays aria-hidden />}>Due date</MenuSubmenuTrigger>
            <MenuContent side="inline-end">
              {days.map(({ label, day }) => (
                <MenuItem key={label} onClick={() => actions.update(task, { dueDate: day })}>
                  {label}
                </MenuItem>
              ))}
              {task.dueDate !== null && (
                <MenuItem onClick={() => actions.update(task, { dueDate: null })}>Clear</MenuItem>
              )}
            </MenuContent>
          </MenuSubmenu>
        </>
      )}
      <MenuSubmenu>
        <MenuSubmenuTrigger icon={<ArrowRightLeft aria-hidden />}>Move to</MenuSubmenuTrigger>
        <MenuContent side="inline-end">
          {/* The card's own column is not a move target: it is already there. */}
          {columns
            .filter((status) => status.id !== task.status)
            .flatMap((status) =>
              (["top", "bottom"] as const).map((place) => (
                <MenuItem
                  key={`${status.id}-${place}`}
                  icon={<StatusIconOf status={status.id} context={context} />}
                  onClick={() => actions.move(task.id, status.id, { kind: place })}
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

function StatusIconOf({ status, context }: { status: string; context: CardContext }) {
  const workflow = context.statusesById.get(status);
  if (!workflow) return null;
  return (
    <StatusIcon
      category={workflow.category}
      color={workflow.color}
      progress={statusProgress(context.statuses, workflow)}
    />
  );
}

/** Pressing a control on a card must not start dragging the card. */
function stopPropagation(event: SyntheticEvent) {
  event.stopPropagation();
}
