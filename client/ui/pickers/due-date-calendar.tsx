import { DayPicker } from "react-day-picker";
import { localDay } from "../../lib/due-date.ts";
import "react-day-picker/style.css";
import "./due-date-calendar.css";

type DueDateCalendarProps = {
  /** The chosen day, `YYYY-MM-DD`, or null. */
  value: string | null;
  today: string;
  onSelect: (day: string) => void;
};

function dateOf(day: string): Date {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  return new Date(year, month - 1, date);
}

/**
 * The month grid of the due date picker (react-day-picker: arrow keys move by day and week,
 * Enter picks). Loaded on first use, so its code and date-fns stay out of the first load.
 */
export default function DueDateCalendar({ value, today, onSelect }: DueDateCalendarProps) {
  const selected = value ? dateOf(value) : undefined;
  return (
    <DayPicker
      className="ui-calendar"
      mode="single"
      required
      selected={selected}
      defaultMonth={selected ?? dateOf(today)}
      today={dateOf(today)}
      weekStartsOn={1}
      showOutsideDays
      onSelect={(date) => onSelect(localDay(date))}
    />
  );
}
