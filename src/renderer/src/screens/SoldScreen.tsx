// Sold: the listings that left the inventory, kept with their last data — sold (marked here, then
// deleted by the portal) or removed (deleted on the portal without a sale marked) — with the sale's
// date and the days each was in stock. Search over reference, title and brand; which ones; the type.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEPARTURES, type Departure, type DepartedListingView } from '../../../shared/sold';
import { enumLabel } from '../../../shared/i18n/enums';
import type { UiLanguage } from '../../../shared/views';
import { api } from '../api';
import { useApp } from '../AppContext';
import { EmptyState } from '../components/EmptyState';
import { ExportDialog } from '../components/ExportDialog';
import { SearchIcon } from '../components/SearchBox';
import { ErrorBox } from '../components/ErrorBox';
import { useDebouncedValue } from '../hooks/useDebouncedValue';
import { useFormat } from '../hooks/useFormat';
import { useChannel } from '../query/useChannel';

const TYPES = ['C', 'M'] as const;

/** Takes a pending sale back before it is sent: the listing returns to the inventory. */
function CancelSale({ changeId }: { changeId: number }) {
  const { t } = useTranslation();
  const { notify, reportError } = useApp();
  const cancel = () => api.call('changes.discard', { id: changeId }).then(() => notify('success', t('sold.cancelled')), reportError);
  return (
    <button type="button" className="button" onClick={() => void cancel()}>
      {t('sold.cancel')}
    </button>
  );
}

export function SoldScreen() {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const [search, setSearch] = useState('');
  const [leftAs, setLeftAs] = useState<Departure | 'all'>('all');
  const [type, setType] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const text = useDebouncedValue(search, 150);
  // The view on screen: what the list reads and an export writes.
  const query = {
    ...(text.trim() === '' ? {} : { search: text }),
    ...(leftAs === 'all' ? {} : { leftAs: [leftAs] }),
    ...(type === null ? {} : { type: [type] }),
  };
  const { data, error, refetch } = useChannel('sold.query', query);
  const language = i18n.language as UiLanguage;
  const days = (row: DepartedListingView) =>
    row.daysInStock === null ? t('common.none') : row.daysAtLeast ? t('sold.atLeast', { days: f.number(row.daysInStock) }) : f.number(row.daysInStock);
  return (
    <section className="page sold" aria-labelledby="sold-title">
      <header className="page__header">
        <h1 id="sold-title">{t('sold.title')}</h1>
        {data && <span className="muted">{t('sold.count', { count: data.total })}</span>}
      </header>
      <div className="sold__controls">
        <div className="search" role="search">
          <label htmlFor="sold-search" className="sr-only">
            {t('sold.search')}
          </label>
          <SearchIcon />
          <input id="sold-search" type="search" value={search} maxLength={200} placeholder={t('sold.search')} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <div className="chips" role="group" aria-label={t('sold.show')}>
          {(['all', ...DEPARTURES] as const).map((value) => (
            <button key={value} type="button" className="chip" aria-pressed={leftAs === value} onClick={() => setLeftAs(value)}>
              {t(`sold.leftAs.${value}`)}
            </button>
          ))}
        </div>
        <div className="chips" role="group" aria-label={t('filters.type')}>
          {TYPES.map((value) => (
            <button key={value} type="button" className="chip" aria-pressed={type === value} onClick={() => setType(type === value ? null : value)}>
              {enumLabel(language, 'type', value)}
            </button>
          ))}
        </div>
        <button type="button" className="button" aria-haspopup="dialog" disabled={!data?.total} onClick={() => setExporting(true)}>
          {t('exportDialog.button')}
        </button>
      </div>
      {error !== null && <ErrorBox error={error} onRetry={() => void refetch()} />}
      {data && data.rows.length === 0 && (
        <EmptyState title={data.total === 0 && text === '' && leftAs === 'all' && type === null ? t('sold.empty') : t('sold.emptyResults')} />
      )}
      {data && data.rows.length > 0 && (
        <div className="table-wrap">
          <table className="table" data-testid="sold-table">
            <thead>
              <tr>
                <th scope="col">{t('sold.columns.reference')}</th>
                <th scope="col">{t('sold.columns.title')}</th>
                <th scope="col" className="num">
                  {t('sold.columns.price')}
                </th>
                <th scope="col">{t('sold.columns.date')}</th>
                <th scope="col" className="num">
                  {t('sold.columns.days')}
                </th>
                <th scope="col">{t('sold.columns.leftAs')}</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <tr key={row.reference} data-reference={row.reference} data-left-as={row.leftAs}>
                  <td className="mono">{row.reference}</td>
                  <td>{row.title ?? t('common.none')}</td>
                  <td className="num">{f.money(row.price)}</td>
                  <td title={f.dateTime(row.soldAt ?? row.leftAt)}>{f.listDate(row.soldAt ?? row.leftAt)}</td>
                  <td className="num">{days(row)}</td>
                  {row.sale === null ? (
                    <td title={row.leftAs === 'removed' ? t('sold.removedHint') : undefined}>{t(`sold.leftAsOne.${row.leftAs}`)}</td>
                  ) : (
                    <td className="sold__pending" data-testid="sale-pending">
                      <span>{t(row.sale.sent ? 'sold.saleSent' : 'sold.salePending')}</span>
                      {!row.sale.sent && <CancelSale changeId={row.sale.changeId} />}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {exporting && data && <ExportDialog source={{ channel: 'sold.export', query }} total={data.total} onClose={() => setExporting(false)} />}
    </section>
  );
}
