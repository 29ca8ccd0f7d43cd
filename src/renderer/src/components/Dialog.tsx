// A modal dialog on the native <dialog> (showModal): focus is kept inside, Esc closes, the page
// behind is inert; focus goes back where it was on close.
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type WheelEvent } from 'react';

interface Props {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons row. */
  actions?: ReactNode;
  className?: string;
  /** Esc and the close button do nothing while true (e.g. a request is in flight). */
  busy?: boolean;
  onKeyDown?: (e: KeyboardEvent<HTMLDialogElement>) => void;
  onWheel?: (e: WheelEvent<HTMLDialogElement>) => void;
}

export function Dialog({ title, onClose, children, actions, className, busy, onKeyDown, onWheel }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const busyRef = useRef(busy);
  useEffect(() => {
    busyRef.current = busy;
  }, [busy]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const focusTarget = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>('input, select, textarea, button');
    focusTarget?.focus();
    return () => {
      if (dialog.open) dialog.close();
      previous?.focus();
    };
    // Open once per mount; later prop changes do not re-open or move focus.
  }, []);

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the modal takes its own keys (the photo viewer's arrows and zoom) for everything inside it; its buttons do the same for the mouse
    <dialog
      ref={ref}
      className={`dialog ${className ?? ''}`}
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onWheel={onWheel}
      onCancel={(e) => {
        e.preventDefault();
        if (!busyRef.current) onClose();
      }}
    >
      <header className="dialog__header">
        <h2 id={titleId}>{title}</h2>
      </header>
      <div className="dialog__body">{children}</div>
      {actions && <footer className="dialog__actions">{actions}</footer>}
    </dialog>
  );
}
