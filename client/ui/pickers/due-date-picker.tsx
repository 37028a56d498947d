import { CalendarDays, CalendarX2 } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { addDays, formatDueDate, localDay, weekOf } from "../../lib/due-date.ts";
import {
  Combobox,
  ComboboxContent,
  ComboboxItem,
  ComboboxList,
  useComboboxFilter,
} from "../combobox.tsx";
import { PickerTrigger, usePicker, type PickerVariant } from "./picker-trigger.tsx";
import { parseTypedDay } from "./typed-day.ts";

// react-day-picker and date-fns are ~20 KB gzip: fetched when the picker first opens.
const DueDateCalendar = lazy(() => import("./due-date-calendar.tsx"));

type DueDatePickerProps = {
  /** The due date, `YYYY-MM-DD`, or null for none. */
  value: string | null;
  onChange: (day: string | null) => void;
  /** Whether Clear is offered; by default when there is a due date to clear. */
  clearable?: boolean;
  /** Today in the person's time zone; the clock's by default. */
  today?: string;
  /** Open it from outside (the `d` shortcut); leave both out to let it open on its own. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  variant?: PickerVariant;
  /** Shown in place of the value, e.g. "Set status" in the bulk bar (see `PickerTrigger`). */
  triggerText?: string;
  disabled?: boolean;
};

/** A row of the list: a day (a preset or what was typed), or removing the due date. */
type DayItem = { key: string; label: string; day: string | null };

const weekdayFormat = new Intl.DateTimeFormat(undefined, {
  weekday: "short",
  month: "short",
  day: "numeric",
});

function describe(day: string): string {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  return weekdayFormat.format(new Date(year, month - 1, date));
}

/**
 * Today, Tomorrow and Next week (its Monday) to pick at once; a typed date ("Dec 5", "3 days",
 * "friday") as one more choice; a month to pick any day from; and Clear.
 */
export function DueDatePicker(props: DueDatePickerProps) {
  const { value, onChange, today = localDay(new Date()), variant = "chip", disabled } = props;
  const { contains } = useComboboxFilter();
  const picker = usePicker(props.open, props.onOpenChange);
  const [query, setQuery] = useState("");
  // What was typed goes with the popup.
  if (!picker.live && query !== "") setQuery("");
  const typedDay = parseTypedDay(query, today);
  const items: DayItem[] = [
    { key: "today", label: "Today", day: today },
    { key: "tomorrow", label: "Tomorrow", day: addDays(today, 1) },
    { key: "next-week", label: "Next week", day: addDays(weekOf(today).start, 7) },
    ...(typedDay ? [{ key: "typed", label: describe(typedDay), day: typedDay }] : []),
    ...((props.clearable ?? value !== null) ? [{ key: "clear", label: "Clear", day: null }] : []),
  ];
  const choose = (day: string | null) => {
    onChange(day);
    picker.setOpen(false);
  };
  return (
    <>
      <PickerTrigger
        picker={picker}
        variant={variant}
        property="Due date"
        valueText={value ? formatDueDate(value, today) : "No due date"}
        icon={<CalendarDays aria-hidden />}
        empty={!value}
        text={props.triggerText}
        disabled={disabled}
      />
      {picker.live && (
        <Combobox
          {...picker.root}
          items={items}
          value={null}
          onValueChange={(item: DayItem | null) => {
            if (item) choose(item.day);
          }}
          inputValue={query}
          onInputValueChange={setQuery}
          itemToStringLabel={(item: DayItem) => item.label}
          isItemEqualToValue={(item: DayItem, other: DayItem) => item.key === other.key}
          // What was typed is read as a date: that row stays whatever the words.
          filter={(item: DayItem, search) => item.key === "typed" || contains(item.label, search)}
          autoHighlight
        >
          <ComboboxContent
            {...picker.popup}
            title="Set due date"
            placeholder="Try: Dec 5, 3 days, friday"
            inputLabel="Due date: type a date or filter"
            empty="Not a date"
            className="ui-due-date-popup"
          >
            <ComboboxList>
              {(item: DayItem) => (
                <ComboboxItem
                  key={item.key}
                  value={item}
                  indicator={false}
                  icon={item.day ? <CalendarDays aria-hidden /> : <CalendarX2 aria-hidden />}
                  end={item.day && item.key !== "typed" ? describe(item.day) : undefined}
                >
                  {item.label}
                </ComboboxItem>
              )}
            </ComboboxList>
            <div className="ui-due-date-calendar">
              <Suspense fallback={<div className="ui-calendar-placeholder" />}>
                <DueDateCalendar value={value} today={today} onSelect={choose} />
              </Suspense>
            </div>
          </ComboboxContent>
        </Combobox>
      )}
    </>
  );
}
