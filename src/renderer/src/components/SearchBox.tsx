// The instant search box. Esc clears it (and, when already empty, hands focus to the list).
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  value: string;
  onChange: (value: string) => void;
  onEscapeEmpty: () => void;
}

export const SearchBox = forwardRef<HTMLInputElement, Props>(function SearchBox({ value, onChange, onEscapeEmpty }, ref) {
  const { t } = useTranslation();
  return (
    <div className="search" role="search">
      <label htmlFor="inventory-search" className="sr-only">
        {t('inventory.searchLabel')}
      </label>
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" className="search__icon">
        <path fill="currentColor" d="M10 3a7 7 0 0 1 5.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1 1 10 3Zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10Z" />
      </svg>
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
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return;
          e.preventDefault();
          if (value !== '') onChange('');
          else onEscapeEmpty();
        }}
        data-testid="inventory-search"
      />
    </div>
  );
});
