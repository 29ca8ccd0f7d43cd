// The instant search box. Esc clears it (and, when already empty, hands focus to the list); ↓
// goes on into the list.
// The box keeps its own text: a keystroke redraws the box alone, and the screen hears of it in
// the same event (to ask for the rows at once) but redraws itself when React has time. The
// screen replaces the text (a "Clear search" button, "show these listings") by remounting the
// box with a new `key` and `initialValue`.
import { forwardRef, memo, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  initialValue: string;
  onChange: (value: string) => void;
  onEscapeEmpty: () => void;
  /** ↓: on into the list below. */
  onArrowDown: () => void;
}

export const SearchBox = memo(
  forwardRef<HTMLInputElement, Props>(function SearchBox({ initialValue, onChange, onEscapeEmpty, onArrowDown }, ref) {
    const { t } = useTranslation();
    const [value, setValue] = useState(initialValue);
    const change = (next: string) => {
      setValue(next);
      onChange(next);
    };
    return (
      <div className="search" role="search">
        <label htmlFor="inventory-search" className="sr-only">
          {t('inventory.searchLabel')}
        </label>
        <SearchIcon />
        <input
          ref={ref}
          id="inventory-search"
          type="search"
          value={value}
          maxLength={200}
          placeholder={t('inventory.searchPlaceholder')}
          aria-keyshortcuts="Control+F Meta+F"
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => change(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' && !e.altKey) {
              e.preventDefault();
              onArrowDown();
              return;
            }
            if (e.key !== 'Escape') return;
            e.preventDefault();
            if (value !== '') change('');
            else onEscapeEmpty();
          }}
          data-testid="inventory-search"
        />
      </div>
    );
  }),
);

/** The magnifier a search box's text starts after (`.search input` leaves it room). */
export function SearchIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" className="search__icon">
      <path fill="currentColor" d="M10 3a7 7 0 0 1 5.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1 1 10 3Zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10Z" />
    </svg>
  );
}
