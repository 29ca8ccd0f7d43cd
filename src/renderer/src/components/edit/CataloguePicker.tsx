// Several items of a catalogue list (accessories, other infos): a search that narrows the list,
// a checkbox per item, and the chosen ones as chips that can be removed. Without the catalogue
// kept here, the listing's own items are offered (they can still be removed).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogueItem } from '../../hooks/listingEditChannels';

interface Props {
  id: string;
  label: string;
  items: readonly CatalogueItem[];
  chosen: readonly number[];
  onChange: (ids: number[]) => void;
  errors?: readonly string[] | undefined;
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export function CataloguePicker({ id, label, items, chosen, onChange, errors = [] }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const names = new Map(items.map((i) => [i.id, i.name]));
  const shown = search.trim() === '' ? items : items.filter((i) => fold(i.name).includes(fold(search.trim())));
  const toggle = (itemId: number) => onChange(chosen.includes(itemId) ? chosen.filter((c) => c !== itemId) : [...chosen, itemId]);
  const nameOf = (itemId: number) => names.get(itemId) ?? t('listingEdit.picker.unknown', { id: itemId });

  return (
    <fieldset className="picker" data-field={id} aria-describedby={errors.length > 0 ? `${id}-error` : undefined}>
      <legend>
        {label} <span className="muted small">{t('listingEdit.picker.chosen', { count: chosen.length })}</span>
      </legend>
      {chosen.length > 0 && (
        <ul className="chips picker__chosen">
          {chosen.map((itemId) => (
            <li key={itemId} className="chip">
              {nameOf(itemId)}
              <button
                type="button"
                className="icon-button chip__remove"
                onClick={() => toggle(itemId)}
                aria-label={t('listingEdit.picker.remove', { name: nameOf(itemId) })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        type="search"
        className="picker__search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        aria-label={t('listingEdit.picker.search', { what: label.toLowerCase() })}
        placeholder={t('listingEdit.picker.search', { what: label.toLowerCase() })}
        aria-invalid={errors.length > 0}
      />
      <ul className="picker__options">
        {shown.map((item) => (
          <li key={item.id}>
            <label>
              <input type="checkbox" checked={chosen.includes(item.id)} onChange={() => toggle(item.id)} /> {item.name}
            </label>
          </li>
        ))}
      </ul>
      {shown.length === 0 && <p className="muted small">{t('listingEdit.picker.noMatch', { text: search })}</p>}
      {errors.length > 0 && (
        <p id={`${id}-error`} className="field__error">
          {errors.join(' ')}
        </p>
      )}
    </fieldset>
  );
}
