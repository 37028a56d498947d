import { useEffect, useRef, useState, type ReactNode } from "react";
import {
  boardStatuses,
  taskPriorities,
  type Label,
  type Member,
} from "../../../shared/entities.ts";
import { priorityNames, statusNames } from "../../lib/task-names.ts";
import { Select } from "../../ui/select.tsx";
import {
  dueFilters,
  hasFilters,
  UNASSIGNED,
  type BoardSearch,
  type DueFilter,
} from "./board-search.ts";

type BoardFiltersProps = {
  search: BoardSearch;
  members: readonly Member[];
  labels: readonly Label[];
  onChange: (search: BoardSearch) => void;
};

const dueNames: Record<DueFilter, string> = {
  overdue: "Overdue",
  "this-week": "Due this week",
  none: "No due date",
};

/** The filter bar; every choice goes into the address at once (the text after a pause). */
export function BoardFilters({ search, members, labels, onChange }: BoardFiltersProps) {
  const set = (changes: Partial<BoardSearch>) => onChange({ ...search, ...changes });
  const [text, setText] = useState(search.q ?? "");
  const sentText = useRef(search.q ?? "");

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
      <FilterMenu
        label="Status"
        options={boardStatuses.map((status) => ({ value: status, name: statusNames[status] }))}
        selected={search.status}
        onChange={(status) => set({ status })}
      />
      <FilterMenu
        label="Priority"
        options={taskPriorities.map((priority) => ({
          value: priority,
          name: priorityNames[priority],
        }))}
        selected={search.priority}
        onChange={(priority) => set({ priority })}
      />
      <FilterMenu
        label="Assignee"
        options={[
          { value: UNASSIGNED, name: "No assignee" },
          ...members.map((member) => ({ value: member.id, name: member.name || member.email })),
        ]}
        selected={search.assignee}
        onChange={(assignee) => set({ assignee })}
      />
      <FilterMenu
        label="Labels"
        options={labels.map((label) => ({ value: label.id, name: label.name }))}
        selected={search.labels}
        empty="No labels in this workspace yet."
        onChange={(labelIds) => set({ labels: labelIds })}
      />
      <Select
        aria-label="Due date"
        className="board-filter-due"
        value={search.due ?? "any"}
        options={[
          { value: "any", label: "Any due date" },
          ...dueFilters.map((due) => ({ value: due, label: dueNames[due] })),
        ]}
        onValueChange={(due) => set({ due: due === "any" ? undefined : due })}
      />
      {hasFilters(search) && (
        <button
          type="button"
          className="button button-quiet"
          onClick={() => {
            sentText.current = "";
            setText("");
            onChange({});
          }}
        >
          Clear filters
        </button>
      )}
    </div>
  );
}

type FilterMenuProps<T extends string> = {
  label: string;
  options: { value: T; name: string }[];
  selected: readonly T[] | undefined;
  empty?: ReactNode;
  onChange: (selected: T[] | undefined) => void;
};

/** A dropdown of checkboxes; none checked means no filter. */
function FilterMenu<T extends string>(props: FilterMenuProps<T>) {
  const { label, options, selected = [], empty, onChange } = props;
  const details = useRef<HTMLDetailsElement>(null);

  // Close when the person clicks elsewhere or presses Escape.
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const element = details.current;
      if (element?.open && !element.contains(event.target as Node)) element.open = false;
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, []);

  const toggle = (value: T, checked: boolean) => {
    const next = checked ? [...selected, value] : selected.filter((item) => item !== value);
    onChange(next.length > 0 ? next : undefined);
  };

  return (
    <details
      ref={details}
      className="filter-menu"
      onKeyDown={(event) => {
        if (event.key === "Escape" && details.current?.open) {
          details.current.open = false;
          details.current.querySelector("summary")?.focus();
        }
      }}
    >
      <summary className="button" data-active={selected.length > 0 || undefined}>
        {label}
        {selected.length > 0 && <span className="filter-count">{selected.length}</span>}
      </summary>
      <fieldset className="filter-menu-panel">
        <legend className="visually-hidden">{label}</legend>
        {options.length === 0 && <p className="muted">{empty}</p>}
        {options.map((option) => (
          <label key={option.value} className="checkbox-field">
            <input
              type="checkbox"
              checked={selected.includes(option.value)}
              onChange={(event) => toggle(option.value, event.target.checked)}
            />
            {option.name}
          </label>
        ))}
      </fieldset>
    </details>
  );
}
