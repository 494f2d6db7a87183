/**
 * Dragging a row of a list staff keep in order, with a mouse or a finger
 * (decision 090): native pointer events, no library. The handle picks the
 * row up; while it is carried the whole window follows the pointer, the row
 * moves among the others as the pointer passes their middles, a drag near
 * the top or bottom of a phone's screen scrolls it, and Escape or a
 * cancelled pointer puts it back. The drop is the list's to send.
 */
import { type PointerEvent, type RefObject, useEffect, useState } from "react";
import { useHydrated } from "../use-hydrated";

/** Where a drag has got to: the row, where it started and where it would land now (0 first). */
interface Drag {
  id: number;
  from: number;
  to: number;
  pointer: number;
}

export function useDragOrder(options: {
  list: RefObject<HTMLOListElement | null>;
  /** The element id of a row's <li>. */
  rowId: (id: number) => string;
  /** The row was dropped at another place (0 first). */
  onDrop: (id: number, to: number) => void;
}) {
  const [drag, setDrag] = useState<Drag | null>(null);
  const { list, rowId, onDrop } = options;
  useEffect(() => {
    if (!drag) return;
    const move = (event: globalThis.PointerEvent) => {
      if (event.pointerId !== drag.pointer || !list.current) return;
      const others = [...list.current.children].filter((li) => li.id !== rowId(drag.id));
      const to = others.filter((li) => {
        const box = li.getBoundingClientRect();
        return box.top + box.height / 2 < event.clientY;
      }).length;
      if (to !== drag.to) setDrag({ ...drag, to });
      if (event.clientY < 56) window.scrollBy(0, -16);
      else if (event.clientY > window.innerHeight - 56) window.scrollBy(0, 16);
    };
    const drop = (event: globalThis.PointerEvent) => {
      if (event.pointerId !== drag.pointer) return;
      setDrag(null);
      if (drag.to !== drag.from) onDrop(drag.id, drag.to);
    };
    const cancel = (event: globalThis.PointerEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent && event.key !== "Escape") return;
      setDrag(null);
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", drop);
    window.addEventListener("pointercancel", cancel);
    window.addEventListener("keydown", cancel);
    return () => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", drop);
      window.removeEventListener("pointercancel", cancel);
      window.removeEventListener("keydown", cancel);
    };
  }, [drag, list, rowId, onDrop]);
  const pickUp = (event: PointerEvent<HTMLElement>, id: number, index: number) => {
    if (event.button !== 0) return;
    // No text selection or page scroll while a row is carried.
    event.preventDefault();
    setDrag({ id, from: index, to: index, pointer: event.pointerId });
  };
  return { drag, pickUp };
}

/**
 * The handle a row is dragged by, once the page's script runs. For a mouse or a finger only, so hidden from
 * assistive technology: the keyboard has "Move to" and the buttons, which say what they do. 44 px, a finger's size.
 */
export function DragHandle(props: { carried: boolean; onPointerDown: (event: PointerEvent<HTMLElement>) => void }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <span
      aria-hidden="true"
      data-drag-handle=""
      title="Drag to move"
      onPointerDown={props.onPointerDown}
      className={`-ml-1 flex size-11 shrink-0 touch-none items-center justify-center rounded-lg text-2xl text-muted select-none hover:bg-sand ${props.carried ? "cursor-grabbing" : "cursor-grab"}`}
    >
      ⠿
    </span>
  );
}
