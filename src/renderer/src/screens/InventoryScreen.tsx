// Inventory: search, filters with counts, the virtualised table, bulk unpublish, export of the view.
// Keys: Ctrl/Cmd+F focuses search, ↓ there goes into the list; in the table ↑ ↓ PageUp PageDown Home End, Enter, Space, Esc.
import { memo, useCallback, useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InventoryFilters, InventorySort } from '../../../shared/inventory';
import type { PublicationAction } from '../../../shared/views';
import { useApp } from '../AppContext';
import { BulkBar } from '../components/BulkBar';
import { DidYouMean } from '../components/DidYouMean';
import { EmptyState } from '../components/EmptyState';
import { ErrorBox } from '../components/ErrorBox';
import { ExportDialog } from '../components/ExportDialog';
import { RepriceDialog } from '../components/RepriceDialog';
import type { RepriceScope } from '../../../shared/reprice';
import { NewListingDialog, type NewListingFrom } from '../components/edit/NewListingDialog';
import { NewListingsPanel } from '../components/edit/NewListingsPanel';
import { distinctErrors } from '../logic/distinctErrors';
import { FilterPanel } from '../components/FilterPanel';
import { InventoryTable } from '../components/InventoryTable';
import { SearchBox } from '../components/SearchBox';
import { PublicationDialog } from '../components/PublicationDialog';
import { SellDialog } from '../components/sold/SellDialog';
import { useCacheVersion } from '../hooks/useCacheVersion';
import { useDebouncedValue } from '../hooks/useDebouncedValue';
import { useFacets } from '../hooks/useFacets';
import { useFormat } from '../hooks/useFormat';
import { useInventoryRows } from '../hooks/useInventoryRows';
import { useSelection } from '../hooks/useSelection';
import { useSyncRunning } from '../hooks/syncProgress';
import { countActiveFilters } from '../logic/filters';
import { actionsFor } from '../logic/publicationActions';
import { useChannel } from '../query/useChannel';

// Memo: the app re-renders on notices and navigation; the inventory's props do not change then.
export const InventoryScreen = memo(function InventoryScreen({ visible, showing }: { visible: boolean; showing?: InventoryFilters | undefined }) {
  const { t } = useTranslation();
  const { navigate, sync, reportError } = useApp();
  const f = useFormat();
  const [text, setText] = useState('');
  const [filters, setFilters] = useState<InventoryFilters>(() => showing ?? {});
  const [sort, setSort] = useState<InventorySort>({ field: 'updatedAt', dir: 'desc' });
  // The search box keeps its own text; when the screen replaces it, the box starts again from `text`.
  const [searchBoxKey, setSearchBoxKey] = useState(0);
  const [showFilters, setShowFilters] = useState(() => window.innerWidth >= 1200);
  const [confirming, setConfirming] = useState<{ action: PublicationAction; references: readonly string[] } | null>(null);
  const [selling, setSelling] = useState<readonly string[] | null>(null);
  const [exporting, setExporting] = useState(false);
  const [repricing, setRepricing] = useState<{ scope: RepriceScope; total: number } | null>(null);
  const [creating, setCreating] = useState<NewListingFrom | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);

  const version = useCacheVersion();
  // Rows follow every keystroke: the cache answers a query quickly and an answer to an
  // older keystroke is dropped (useInventoryRows' generation). The filter counts are secondary
  // and settle once typing pauses, so they never queue ahead of the rows.
  const query = useMemo(() => ({ text, filters, sort }), [text, filters, sort]);
  // A new query starts at the top (scrolling the grid moves its virtual window; at the top already, nothing redraws).
  const toTop = useCallback(() => gridRef.current?.scrollTo({ top: 0 }), []);
  // The rows are asked for in the keystroke's own event, before React draws it (see useInventoryRows);
  // the screen takes the typed text when its answer is drawn, in the same render as its rows: the
  // keystroke's own render is the search box's alone, and nothing else is drawn between the key
  // and its rows (a render of the screen for the text alone would delay the answer's).
  const rows = useInventoryRows(query, version, { onNewQuery: toTop, onAnswer: (answered) => setText(answered.text) });
  const { request } = rows;
  const { selected: selection, toggle, toggleAll, clear: clearSelection } = useSelection(query, rows, reportError);
  const onSearch = useCallback((value: string) => request({ text: value, filters, sort }), [request, filters, sort]);
  // The screen replacing the text (and the filters): asked for like a keystroke's, so that the
  // rows follow it even when that text was typed before (see useInventoryRows' `request`).
  const replaceSearch = useCallback(
    (value: string, nextFilters: InventoryFilters = filters) => {
      request({ text: value, filters: nextFilters, sort });
      setText(value);
      setFilters(nextFilters);
      setSearchBoxKey((k) => k + 1);
    },
    [request, filters, sort],
  );
  const focusList = useCallback(() => gridRef.current?.focus(), []);
  // Opened to show given listings (navigation's `filters`, a new object each time): they replace the search and the filters.
  const showListings = useEffectEvent((given: InventoryFilters) => {
    replaceSearch('', given);
    setShowFilters(true);
  });
  useEffect(() => {
    if (showing) showListings(showing);
  }, [showing]);
  const facetText = useDebouncedValue(text, 150);
  // Screen readers hear the count once typing pauses, not after every keystroke's answer.
  const spokenTotal = useDebouncedValue(rows.total, 700);
  const { facets, error: facetsError } = useFacets(facetText, filters);
  const { data: summary = null, error: summaryError, isFetching: summaryReading } = useChannel('inventory.summary', {});
  // Whether a sync runs, not its progress: the inventory renders when it starts or ends, no more.
  const syncing = useSyncRunning(sync.progressStore);

  // The active row belongs to the list it was chosen in: a new query's list starts with none. Kept
  // with that list's key rather than reset by an effect, which would draw the screen twice per answer.
  const [active, setActive] = useState({ key: rows.queryKey, index: -1 });
  const activeIndex = active.key === rows.queryKey ? active.index : -1;
  const shownKey = useRef(rows.queryKey);
  useLayoutEffect(() => {
    shownKey.current = rows.queryKey;
  });
  const setActiveIndex = useCallback((index: number) => setActive({ key: shownKey.current, index }), []);
  // ↓ in the search box: into the list, on its first row when none is active yet.
  const enterList = useCallback(() => {
    if (activeIndex < 0 && (rows.total ?? 0) > 0) setActiveIndex(0);
    gridRef.current?.focus();
  }, [activeIndex, rows.total, setActiveIndex]);

  // Coming back from a listing: the keyboard continues in the list, on the row it left.
  const wasVisible = useRef(visible);
  useEffect(() => {
    if (visible && !wasVisible.current) gridRef.current?.focus({ preventScroll: true });
    wasVisible.current = visible;
  }, [visible]);

  // Ctrl/Cmd+F focuses the search box while the inventory is on screen.
  useEffect(() => {
    if (!visible) return;
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'f') {
        e.preventDefault();
        searchRef.current?.focus();
        searchRef.current?.select();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [visible]);

  const open = useCallback((reference: string) => navigate({ screen: 'vehicle', reference }), [navigate]);

  const filterCount = countActiveFilters(filters);
  const nothingCached = summary !== null && summary.total === 0;
  const total = rows.total;
  // The listings are on their way while a sync runs, and until the summary read after it answers:
  // the sync ends before that read does, and "No listings yet, press Sync" flashed in between.
  const arriving = syncing || summaryReading;

  let body;
  if (nothingCached && filterCount === 0 && text === '' && arriving) {
    body = (
      <EmptyState title={t('inventory.emptySyncing.title')}>
        <p>{t('inventory.emptySyncing.body')}</p>
      </EmptyState>
    );
  } else if (nothingCached && filterCount === 0 && text === '') {
    body = (
      <EmptyState title={t('inventory.emptyNoSync.title')}>
        <p>{t('inventory.emptyNoSync.body')}</p>
        <button type="button" className="button button--primary" onClick={() => void sync.start(false)}>
          {t('sync.button')}
        </button>
      </EmptyState>
    );
  } else {
    // No match: said over the table's body, the table kept (mounted, at its size), so that the
    // next keystroke's rows are drawn into it rather than a new table built for them.
    const noResults = total === 0 && (
      <div className="inventory__no-results">
        <EmptyState title={t('inventory.emptyNoResults.title')}>
          <p>{t('inventory.emptyNoResults.body')}</p>
          <div className="empty-state__actions">
            {text !== '' && <DidYouMean text={text} onApply={replaceSearch} />}
            {text !== '' && (
              <button type="button" className="button" onClick={() => replaceSearch('')}>
                {t('inventory.clearSearch')}
              </button>
            )}
            {filterCount > 0 && (
              <button type="button" className="button button--primary" onClick={() => setFilters({})}>
                {t('inventory.clearFilters')}
              </button>
            )}
          </div>
        </EmptyState>
      </div>
    );
    body = (
      <div className="inventory__results">
        <InventoryTable
          rows={rows}
          sort={sort}
          onSort={setSort}
          selection={selection}
          onToggle={toggle}
          onToggleAll={toggleAll}
          onClearSelection={clearSelection}
          onOpen={open}
          activeIndex={activeIndex}
          onActiveIndex={setActiveIndex}
          gridRef={gridRef}
        />
        {noResults}
      </div>
    );
  }

  return (
    <section className="inventory" hidden={!visible} data-testid="inventory-screen" aria-labelledby="inventory-title">
      <h1 id="inventory-title" className="sr-only">
        {t('inventory.title')}
      </h1>
      <div className="inventory__toolbar">
        <SearchBox key={searchBoxKey} ref={searchRef} initialValue={text} onChange={onSearch} onEscapeEmpty={focusList} onArrowDown={enterList} />
        <button type="button" className="button" aria-expanded={showFilters} aria-controls="filter-panel" onClick={() => setShowFilters((s) => !s)}>
          {t('inventory.filters')}
          {filterCount > 0 && <span className="pill">{filterCount}</span>}
        </button>
        <button type="button" className="button" aria-haspopup="dialog" disabled={!total} onClick={() => setExporting(true)}>
          {t('exportDialog.button')}
        </button>
        <button type="button" className="button" aria-haspopup="dialog" disabled={!total} onClick={() => total && setRepricing({ scope: { query }, total })}>
          {t('repriceDialog.button')}
        </button>
        <button type="button" className="button" aria-haspopup="dialog" title={t('newListing.openHint')} onClick={() => setCreating({ blank: true })}>
          {t('newListing.open')}
        </button>
        <span className="inventory__count" data-testid="result-count" data-count={total ?? ''}>
          {total !== null ? t('inventory.results', { count: total, n: f.number(total) }) : t('common.loading')}
        </span>
        <span className="sr-only" role="status" data-testid="result-count-spoken">
          {spokenTotal !== null && t('inventory.results', { count: spokenTotal, n: f.number(spokenTotal) })}
        </span>
      </div>
      <NewListingsPanel onOpen={(saved) => setCreating({ saved })} />
      <BulkBar
        selected={selection}
        onRequest={(action) =>
          setConfirming({
            action,
            references: [...selection.values()].filter((row) => actionsFor(row.publication).includes(action)).map((row) => row.reference),
          })
        }
        onSell={() => setSelling([...selection.keys()])}
        onClear={clearSelection}
        onReprice={() => setRepricing({ scope: { references: [...selection.keys()] }, total: selection.size })}
      />
      <div className="inventory__main">
        {showFilters && (
          <div id="filter-panel">
            <FilterPanel facets={facets} filters={filters} onChange={setFilters} />
          </div>
        )}
        <div className="inventory__list">
          {distinctErrors([rows.error, summaryError, facetsError]).map((error, i) => (
            <ErrorBox key={i} error={error} />
          ))}
          {body}
          {/* A status line under the list: in the toolbar it took the search's room. */}
          <p className="inventory__hint" aria-hidden="true">
            {t('inventory.keyboardHint')}
          </p>
        </div>
      </div>
      {exporting && total !== null && <ExportDialog source={{ channel: 'inventory.export', query }} total={total} onClose={() => setExporting(false)} />}
      {repricing && <RepriceDialog scope={repricing.scope} total={repricing.total} sync={sync} onClose={() => setRepricing(null)} />}
      {creating && <NewListingDialog from={creating} onClose={() => setCreating(null)} />}
      {confirming && (
        <PublicationDialog
          action={confirming.action}
          references={confirming.references}
          onClose={() => setConfirming(null)}
          onDone={() => {
            setConfirming(null);
            clearSelection();
          }}
        />
      )}
      {selling && (
        <SellDialog
          references={selling}
          onClose={() => {
            setSelling(null);
            clearSelection();
          }}
        />
      )}
    </section>
  );
});
