import { useLayoutEffect, useRef, type ComponentProps } from "react";

type GrowTextareaProps = Omit<ComponentProps<"textarea">, "rows"> & { value: string };

/**
 * A textarea as tall as its text: a long title wraps onto more lines instead of scrolling out
 * of sight in a one-line field. It grows as the text or its width changes.
 */
export function GrowTextarea({ value, ref, ...rest }: GrowTextareaProps) {
  const field = useRef<HTMLTextAreaElement>(null);
  const attach = (element: HTMLTextAreaElement | null) => {
    field.current = element;
    if (typeof ref === "function") ref(element);
    else if (ref) ref.current = element;
  };

  useLayoutEffect(() => {
    const element = field.current;
    if (element) fitHeight(element);
  }, [value]);

  useLayoutEffect(() => {
    const element = field.current;
    if (!element) return;
    let width = element.clientWidth;
    const observer = new ResizeObserver(() => {
      if (element.clientWidth === width) return;
      width = element.clientWidth;
      fitHeight(element);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return <textarea {...rest} ref={attach} rows={1} value={value} />;
}

function fitHeight(element: HTMLTextAreaElement) {
  element.style.height = "auto";
  const border = element.offsetHeight - element.clientHeight;
  element.style.height = `${element.scrollHeight + border}px`;
}
