import { useEffect, useState } from "react";
import { localDay } from "../../lib/due-date.ts";

/** Today's date (`YYYY-MM-DD`), which turns over at midnight while the board stays open. */
export function useToday(): string {
  const [today, setToday] = useState(() => localDay(new Date()));
  useEffect(() => {
    const timer = setInterval(() => setToday(localDay(new Date())), 60_000);
    return () => clearInterval(timer);
  }, []);
  return today;
}
