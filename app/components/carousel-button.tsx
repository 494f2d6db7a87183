export type CarouselAction = "previous" | "pause" | "next";

/**
 * A carousel's Previous, Pause or Next: the visible word, and what it moves
 * for a screen reader ("Next review").
 */
export function CarouselButton({
  action,
  what,
  onClick,
  children,
}: {
  action: CarouselAction;
  what: string;
  onClick?: () => void;
  children: React.ReactNode;
}) {
  return (
    <button type="button" data-action={action} onClick={onClick} className="btn-outline min-h-10 px-4 py-1.5">
      {children}
      <span className="sr-only"> {what}</span>
    </button>
  );
}
