import { CalendarDays, CircleUserRound, ListFilter, SignalHigh, Tag, X } from "lucide-react";
import { memo, useEffect, useRef, useState, type ReactNode } from "react";
import type { Label, Member } from "../../../../shared/entities.ts";
import type { WorkflowStatus } from "../../../../shared/statuses.ts";
import { priorityNames, priorityOrder } from "../../../lib/task-names.ts";
import { useShortcuts } from "../../../platform/shortcuts/use-shortcuts.ts";
import { Avatar } from "../../../ui/avatar.tsx";
import { Button } from "../../../ui/button.tsx";
import { IconButton } from "../../../ui/icon-button.tsx";
import {
  Menu,
  MenuCheckboxItem,
  MenuContent,
  MenuItem,
  MenuRadioGroup,
  MenuRadioItem,
  MenuSubmenu,
  MenuSubmenuTrigger,
  MenuTrigger,
} from "../../../ui/menu.tsx";
import { PriorityIcon } from "../../../ui/priority-icon.tsx";
import { StatusIcon, statusProgress } from "../../../ui/status-icon.tsx";
import {
  dueFilters,
  hasFilters,
  UNASSIGNED,
  type BoardSearch,
  type DueFilter,
} from "./board-search.ts";
import "../../../styles/label-colors.css";

type BoardFiltersProps = {
  /** The filters, without the peek (`useFilters`; the calendar's `filtersOf`). */
  search: BoardSearch;
  /** The project's board statuses, in order: the Status filter's choices. */
  statuses: readonly WorkflowStatus[];
  members: readonly Member[];
  labels: readonly Label[];
  /** The new filters; the board keeps its peek open through a change. */
  onChange: (search: BoardSearch) => void;
};

const dueNames: Record<DueFilter, string> = {
  overdue: "Overdue",
  "this-week": "Due this week",
  none: "No due date",
};

/** The properties a filter can be on, in the order the Filter menu and the chips show them. */
const properties = ["status", "priority", "assignee", "labels", "due"] as const;
type Property = (typeof properties)[number];
type ListProperty = Exclude<Property, "due">;

const propertyNames: Record<Property, string> = {
  status: "Status",
  priority: "Priority",
  assignee: "Assignee",
  labels: "Labels",
  due: "Due date",
};

type Option = { value: string; name: string; icon: ReactNode };

/** A chosen value that is no longer offered: a member who left, a status or label deleted. */
const goneNames: Record<ListProperty, string> = {
  status: "A deleted status",
  priority: "Unknown",
  assignee: "Someone no longer here",
  labels: "A deleted label",
};

/**
 * The filters as Linear shows them: a Filter button (`f`) opens a menu of properties, each a
 * submenu of choices with the pickers' icons (several may be ticked; a task matches any of
 * them); each property that filters shows as a chip, "Status is To do, In progress", whose
 * value reopens its choices and whose × removes it. Everything goes into the address at once
 * (the text after a pause), so board and list keep the same filters.
 */
export const BoardFilters = memo(function BoardFilters({
  search,
  statuses,
  members,
  labels,
  onChange,
}: BoardFiltersProps) {
  const [text, setText] = useState(search.q ?? "");
  const sentText = useRef(search.q ?? "");
  const [menuOpen, setMenuOpen] = useState(false);
  useShortcuts({ filter: () => setMenuOpen(true) });

  // Back, forward or a shared link changed the text: show it.
  useEffect(() => {
    if ((search.q ?? "") !== sentText.current) {
      sentText.current = search.q ?? "";
      setText(search.q ?? "");
    }
  }, [search.q]);

  const latest = useRef({ search, onChange });
  useEffect(() => {
    latest.current = { search, onChange };
  });
  useEffect(() => {
    if (text === sentText.current) return;
    const timer = setTimeout(() => {
      sentText.current = text;
      latest.current.onChange({ ...latest.current.search, q: text || undefined });
    }, 200);
    return () => clearTimeout(timer);
  }, [text]);

  const options: Record<ListProperty, Option[]> = {
    status: statuses.map((status) => ({
      value: status.id,
      name: status.name,
      icon: (
        <StatusIcon
          category={status.category}
          color={status.color}
          icon={status.icon}
          progress={statusProgress(statuses, status)}
        />
      ),
    })),
    priority: priorityOrder.map((priority) => ({
      value: priority,
      name: priorityNames[priority],
      icon: <PriorityIcon priority={priority} />,
    })),
    assignee: [
      { value: UNASSIGNED, name: "No assignee", icon: <CircleUserRound aria-hidden /> },
      ...members.map((member) => ({
        value: member.id,
        name: member.name || member.email,
        icon: (
          <Avatar
            id={member.id}
            name={member.name || member.email}
            image={member.image}
            size="xs"
            decorative
          />
        ),
      })),
    ],
    labels: labels.map((label) => ({
      value: label.id,
      name: label.name,
      icon: <span className="label-dot" data-color={label.color} />,
    })),
  };

  const selectedOf = (property: ListProperty): readonly string[] => search[property] ?? [];
  const setList = (property: ListProperty, values: string[]) =>
    onChange({ ...search, [property]: values.length > 0 ? values : undefined });
  const toggle = (property: ListProperty, value: string, checked: boolean) => {
    const current = selectedOf(property).filter((item) => item !== value);
    setList(property, checked ? [...current, value] : current);
  };

  /** A property's choices, as the Filter menu's submenu and as its chip's menu. */
  const choices = (property: Property) => {
    if (property === "due") {
      return (
        <MenuRadioGroup
          value={search.due ?? ""}
          onValueChange={(due: DueFilter) => onChange({ ...search, due })}
        >
          {dueFilters.map((due) => (
            <MenuRadioItem key={due} value={due} closeOnClick icon={<CalendarDays aria-hidden />}>
              {dueNames[due]}
            </MenuRadioItem>
          ))}
        </MenuRadioGroup>
      );
    }
    const list = options[property];
    if (list.length === 0) {
      return <MenuItem disabled>No labels in this workspace yet</MenuItem>;
    }
    // A choice no longer offered (a member who left) stays ticked until it is removed.
    return list.map((option) => (
      <MenuCheckboxItem
        key={option.value}
        checked={selectedOf(property).includes(option.value)}
        icon={option.icon}
        onCheckedChange={(checked) => toggle(property, option.value, checked)}
      >
        {option.name}
      </MenuCheckboxItem>
    ));
  };

  const active = properties.filter((property) =>
    property === "due" ? search.due !== undefined : selectedOf(property).length > 0,
  );
  const valueText = (property: Property): string => {
    if (property === "due") return search.due ? dueNames[search.due] : "";
    const names = new Map(options[property].map((option) => [option.value, option.name]));
    return selectedOf(property)
      .map((value) => names.get(value) ?? goneNames[property])
      .join(", ");
  };

  return (
    <div className="board-filters" role="search" aria-label="Filter tasks">
      <input
        type="search"
        className="input board-filter-text"
        placeholder="Filter by title or key…"
        aria-label="Filter by text"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <Menu open={menuOpen} onOpenChange={setMenuOpen}>
        <MenuTrigger
          render={<Button variant="ghost" size="sm" icon={<ListFilter aria-hidden />} />}
          title="Filter (F)"
        >
          Filter
        </MenuTrigger>
        <MenuContent aria-label="Filter by">
          {properties.map((property) => (
            <MenuSubmenu key={property}>
              <MenuSubmenuTrigger icon={propertyIcon(property)}>
                {propertyNames[property]}
              </MenuSubmenuTrigger>
              <MenuContent side="inline-end">{choices(property)}</MenuContent>
            </MenuSubmenu>
          ))}
        </MenuContent>
      </Menu>
      <ul className="filter-chips" aria-label="Active filters">
        {active.map((property) => {
          const count = property === "due" ? 1 : selectedOf(property).length;
          const label = `${propertyNames[property]} ${count > 1 ? "is any of" : "is"}`;
          return (
            <li key={property} className="filter-chip">
              <span className="filter-chip-property">
                {propertyIcon(property)}
                {label}
              </span>
              <Menu>
                <MenuTrigger
                  className="filter-chip-value"
                  aria-label={`${label} ${valueText(property)}`}
                >
                  {valueText(property)}
                </MenuTrigger>
                <MenuContent aria-label={propertyNames[property]}>{choices(property)}</MenuContent>
              </Menu>
              <IconButton
                className="filter-chip-remove"
                aria-label={`Remove the ${propertyNames[property]} filter`}
                icon={<X />}
                size="sm"
                onClick={() => onChange({ ...search, [property]: undefined })}
              />
            </li>
          );
        })}
      </ul>
      {hasFilters(search) && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            sentText.current = "";
            setText("");
            onChange({});
          }}
        >
          Clear filters
        </Button>
      )}
    </div>
  );
});

function propertyIcon(property: Property): ReactNode {
  switch (property) {
    case "status":
      return <StatusIcon category="started" color="muted" progress={0.5} />;
    case "priority":
      return <SignalHigh aria-hidden />;
    case "assignee":
      return <CircleUserRound aria-hidden />;
    case "labels":
      return <Tag aria-hidden />;
    case "due":
      return <CalendarDays aria-hidden />;
  }
}
