import { type KeyboardEvent, startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParamsQueued } from '../../../lib/use-search-params-queued';
import { ENTRY_FEES } from '@versus/domain/games/games';
import {
  BRACKETS,
  BROWSE_ORDERS,
  BROWSE_PAGE_SIZE,
  BROWSE_REGIONS,
  GAME_FORMATS,
  PLATFORMS,
  type Tournament,
} from '@versus/domain/tournaments/tournament';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/feedback';
import { FormError } from '../../../components/form-fields';
import { PageHeader } from '../../../components/page-header';
import { toApiError } from '../../../lib/api';
import { apiErrorText } from '../../../lib/api-error-text';
import { LocalLink, usePageTitle } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { FILTER_DEBOUNCE_MS } from '../../../lib/timings';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useHydrated } from '../../../lib/client-only';
import { browseFilters } from '@versus/domain/tournaments/browse';
import { searchTournaments, useLiveTournaments } from '../api';
import { TournamentCard, TournamentCardsSkeleton } from '../components/tournament-card';
import '../tournaments.css';
import '../../../i18n/play-texts';
import { useGameOptions } from '../../../lib/game-options';

/** SPEC §5: the filter count counts these when non-empty. */
const COUNTED = ['name', 'game', 'region', 'platform', 'entryFee', 'gameFormat', 'bracket'] as const;
const SORTS = BROWSE_ORDERS.flatMap((order) => [`${order}:asc`, `${order}:desc`]);

type Hit = Tournament & { id: string };

/** Cards whose covers a phone's first screen shows (one column) or a wide one's first row starts with. */
const FIRST_SCREEN_CARDS = 2;

/**
 * Whether this is the address the page's HTML was served for: its head then paints that address's
 * first covers in the skeleton (issue #24). Any later search shows a plain one, so it never shows
 * another search's covers. The document's own address, whenever this module is evaluated.
 */
const isServedAddress = () => {
  if (typeof window === 'undefined') return true;
  const served = new URL(performance.getEntriesByType('navigation')[0]?.name ?? window.location.href);
  return served.pathname === window.location.pathname && served.search === window.location.search;
};

/**
 * The results last shown and the filters they answer. Coming back to the same list (Back from a
 * tournament) shows them at once, at full height, so the scroll goes back to where it was left
 * (ScrollRestoration restores it before any search could answer); a fresh search then replaces them.
 */
let lastShown: { filters: string; hits: Hit[]; total: number } | null = null;

/** /tournaments: every filter of SPEC §7's browse call, kept in the URL, 8 at a time. */
export default function BrowseTournamentsPage() {
  const { t } = useTranslation();
  const gameOptions = useGameOptions();
  usePageTitle(t('tournaments.title'));
  const [params, changeParams] = useSearchParamsQueued();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  // Escape closes the open panel from its button or any of its filters, the keyboard on its button.
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    toggle.current?.focus();
  };
  // The page arrives as HTML (issue #24): its filters take input once the app has taken over, so
  // nothing typed before is lost.
  const ready = useHydrated();
  const value = (key: string) => params.get(key) ?? '';
  const setFilter = (key: string, next: string) =>
    changeParams(
      (current) => {
        if (next) current.set(key, next);
        else current.delete(key);
        return current;
      },
      { replace: true, preventScrollReset: true },
    );
  const settled = useDebouncedValue(params.toString(), FILTER_DEBOUNCE_MS);
  const filters = useMemo(() => browseFilters(new URLSearchParams(settled)), [settled]);

  const [again] = useState(() => (lastShown?.filters === settled ? lastShown : null));
  const [hits, setHits] = useState<Hit[]>(again?.hits ?? []);
  const [total, setTotal] = useState(again?.total ?? 0);
  const [loading, setLoading] = useState(again === null);
  /** The filters the results on screen answer. */
  const shownFor = useRef(again?.filters ?? null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [served, setServed] = useState(isServedAddress);

  useEffect(() => {
    if (shownFor.current !== null) lastShown = { filters: shownFor.current, hits, total };
  }, [hits, total]);

  useEffect(() => {
    let current = true;
    // The list shown again stays while its fresh search runs; other filters show the skeleton.
    if (shownFor.current !== settled) setLoading(true);
    setFailure(null);
    // The answer renders in a transition, in slices that yield to the browser (issue #24, TBT), and
    // as one: the list and the end of loading together, so no empty list shows in between. What it
    // shows is worked out first, so nothing in the transition can fail and leave the skeleton up.
    const settle = (shown: Hit[], count: number, failed: string | null) =>
      startTransition(() => {
        setHits(shown);
        setTotal(count);
        if (failed !== null) setFailure(failed);
        setLoading(false);
        setServed(false);
      });
    searchTournaments(filters, BROWSE_PAGE_SIZE)
      .then((answer) => {
        if (!current) return;
        const shown = answer.hits.map((hit) => ({ ...hit._source, id: hit._id }));
        shownFor.current = settled;
        settle(shown, answer.total.value, null);
      })
      .catch((error: unknown) => {
        if (!current) return;
        // SPEC §8: a failed search shows nothing; we also say why (a filter typed into the address
        // that the search does not know is refused as a whole).
        shownFor.current = null;
        settle(
          [],
          0,
          toApiError(error).code === 'invalid-input' ? t('tournaments.browse.bad-filter') : apiErrorText(t, error),
        );
      });
    return () => {
      current = false;
    };
  }, [filters, settled, t]);

  const loadMore = async () => {
    setLoadingMore(true);
    try {
      const answer = await searchTournaments(filters, BROWSE_PAGE_SIZE, hits.at(-1)?.id);
      setHits((shown) => [
        ...shown,
        ...answer.hits
          .filter((hit) => !shown.some((item) => item.id === hit._id))
          .map((hit) => ({ ...hit._source, id: hit._id })),
      ]);
      setTotal(answer.total.value);
    } catch (error) {
      setFailure(apiErrorText(t, error));
    } finally {
      setLoadingMore(false);
    }
  };

  // The latest page is read live, so counts, spots and states move while the page is open.
  const live = useLiveTournaments(hits.slice(-30).map((hit) => hit.id));
  const fresh = new Map(live.status === 'ready' ? live.items.map((item) => [item.id, item]) : []);
  const count = COUNTED.filter((key) => value(key) !== '').length;

  const select = (key: string, options: readonly (string | number)[], label: (option: string) => string) => (
    <label className="filter">
      <span>{t(`tournaments.browse.filter.${key as 'game'}`)}</span>
      <select
        value={value(key)}
        onChange={(event) => setFilter(key, event.target.value)}
        disabled={!ready}
        data-testid={`filter-${key}`}
      >
        <option value="">{t('tournaments.browse.any')}</option>
        {options.map((option) => (
          <option key={option} value={String(option)}>
            {label(String(option))}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <div className="page browse-tournaments">
      <PageHeader
        title={t('tournaments.title')}
        subtitle={t('tournaments.subtitle')}
        actions={
          // For everyone, in the HTML, on one row: shown only once the session was known, they
          // pushed a phone's page down 116 px (CLS 0.099). A guest logs in first, then goes there.
          <span className="row wrap">
            <LocalLink className="btn btn-secondary btn-small" to={paths.myTournaments.getHref()}>
              {t('tournaments.mine.title')}
            </LocalLink>
            <LocalLink className="btn btn-primary btn-small" to={paths.addTournament.getHref()}>
              {t('user-menu.host')}
            </LocalLink>
          </span>
        }
      />
      <section className="card filters" aria-label={t('tournaments.browse.filters')}>
        <div className="filters-top">
          <label className="filter filter-name">
            <span>{t('tournaments.browse.filter.name')}</span>
            <input
              type="search"
              value={value('name')}
              maxLength={75}
              onChange={(event) => setFilter('name', event.target.value)}
              placeholder={t('tournaments.browse.name-placeholder')}
              disabled={!ready}
              data-testid="filter-name"
            />
          </label>
          <label className="filter">
            <span>{t('tournaments.browse.sort')}</span>
            <select
              value={value('sort') || 'startTime:asc'}
              onChange={(event) => setFilter('sort', event.target.value)}
              disabled={!ready}
              data-testid="sort"
            >
              {SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`tournaments.browse.sorts.${sort.replace(':', '-') as 'startTime-asc'}`)}
                </option>
              ))}
            </select>
          </label>
          <Button
            ref={toggle}
            variant="secondary"
            onClick={() => setOpen(!open)}
            onKeyDown={closeOnEscape}
            aria-expanded={open}
            disabled={!ready}
            data-testid="toggle-filters"
          >
            {t('tournaments.browse.filters')}{' '}
            {count > 0 ? (
              <span className="filter-count" data-testid="filter-count">
                {count}
              </span>
            ) : null}
          </Button>
        </div>
        {open ? (
          <div className="filters-grid" data-testid="filters-panel" onKeyDown={closeOnEscape}>
            {select(
              'game',
              gameOptions.map((game) => game.value),
              (game) => t(`games.${game as 'fifa'}`),
            )}
            {select('region', BROWSE_REGIONS, (region) => t(`tournaments.regions.${region as 'EU'}`))}
            {select('platform', PLATFORMS, (platform) => t(`tournaments.platforms.${platform as 'PC'}`))}
            {select('entryFee', ENTRY_FEES, (fee) =>
              fee === '0' ? t('tournaments.free') : t('tournaments.browse.coins', { count: Number(fee) }),
            )}
            {select('gameFormat', GAME_FORMATS, (format) => t(`tournaments.formats.${format as 'SOLO'}`))}
            {select('bracket', BRACKETS, (bracket) => t(`tournaments.brackets.${bracket as 'POINTS'}`))}
            <div className="field field-checkbox">
              <label>
                <input
                  type="checkbox"
                  checked={value('showArchived') === 'true'}
                  onChange={(event) => setFilter('showArchived', event.target.checked ? 'true' : '')}
                />
                {t('tournaments.browse.show-archived')}
              </label>
            </div>
            {count > 0 || value('showArchived') ? (
              <Button
                variant="ghost"
                small
                onClick={() => {
                  changeParams(() => new URLSearchParams(), { replace: true, preventScrollReset: true });
                  // Its button goes with the filters: the keyboard goes back to Filters.
                  toggle.current?.focus();
                }}
              >
                {t('tournaments.browse.clear')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </section>
      <FormError message={failure} />
      {/* What a filter found, said to a screen reader once the list has loaded: the line below and
          the empty state come and go with the skeleton, so neither can be the live region itself. */}
      <p className="visually-hidden" role="status" data-testid="browse-announce">
        {loading
          ? ''
          : hits.length === 0
            ? count > 0
              ? t('tournaments.browse.no-match')
              : t('tournaments.empty.title')
            : t('tournaments.browse.showing', { shown: String(hits.length), count: total })}
      </p>
      {loading ? (
        <TournamentCardsSkeleton label={t('common.loading')} served={served} />
      ) : hits.length === 0 ? (
        <EmptyState title={t('tournaments.empty.title')}>
          {count > 0 ? t('tournaments.browse.no-match') : t('tournaments.empty.body')}
        </EmptyState>
      ) : (
        <>
          {/* Seen only: the status above says it to a screen reader, which read it twice. */}
          <p className="muted" data-testid="browse-total" aria-hidden="true">
            {t('tournaments.browse.showing', { shown: String(hits.length), count: total })}
          </p>
          {/* A list (role kept: Safari drops it with list-style none), which a screen reader counts. */}
          <ul className="tournament-grid" role="list" data-testid="tournament-grid">
            {hits.map((hit, index) => (
              <li key={hit.id}>
                <TournamentCard
                  tournament={{ ...hit, ...(fresh.get(hit.id) ?? {}), id: hit.id }}
                  priority={index < FIRST_SCREEN_CARDS}
                />
              </li>
            ))}
          </ul>
          {total > hits.length ? (
            <div className="load-more">
              <Button variant="secondary" busy={loadingMore} onClick={() => void loadMore()} data-testid="load-more">
                {t('tournaments.browse.load-more')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
