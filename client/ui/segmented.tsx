import "./segmented.css";

type SegmentedProps<T extends string> = {
  /** What the choice is about, for screen readers ("Show", "Description mode"). */
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
};

/**
 * Two or three exclusive choices side by side (All · Unread, Edit · Preview), drawn like the
 * project's view tabs: the chosen one raised. Each is a toggle button (`aria-pressed`), since
 * the choice filters or switches what is already on the page rather than showing a panel.
 */
export function Segmented<T extends string>({
  label,
  options,
  value,
  onChange,
}: SegmentedProps<T>) {
  return (
    <div className="ui-segmented" role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className="ui-segmented-option"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
