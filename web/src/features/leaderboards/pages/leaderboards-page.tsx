import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../lib/navigation';
import '../leaderboards.css';

const BOARDS = ['top-players', 'top-hosts', 'earned-player', 'earned-host', 'battle-players', 'earned-battle'] as const;
const PERIODS = ['all-time', 'this-month'] as const;

/** Default board: top players, all time (SPEC §9); the choice lives in the URL. */
export default function LeaderboardsPage() {
  const { t } = useTranslation();
  usePageTitle(t('leaderboards.title'));
  const [params, setParams] = useSearchParams();
  const board = (BOARDS as readonly string[]).includes(params.get('board') ?? '') ? params.get('board')! : BOARDS[0];
  const period = params.get('period') === 'this-month' ? 'this-month' : 'all-time';
  const choose = (next: { board?: string; period?: string }) =>
    setParams({ board, period, ...next }, { replace: true });
  return (
    <div className="page">
      <PageHeader title={t('leaderboards.title')} subtitle={t('leaderboards.subtitle')} />
      <div className="toolbar">
        <div className="segmented" role="tablist" aria-label={t('leaderboards.period')}>
          {PERIODS.map((value) => (
            <button
              key={value}
              type="button"
              role="tab"
              aria-selected={period === value}
              onClick={() => choose({ period: value })}
            >
              {t(`leaderboards.periods.${value}`)}
            </button>
          ))}
        </div>
        <label className="inline-field">
          <span>{t('leaderboards.board')}</span>
          <select value={board} onChange={(event) => choose({ board: event.target.value })}>
            {BOARDS.map((value) => (
              <option key={value} value={value}>
                {t(`leaderboards.boards.${value}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <EmptyState title={t('leaderboards.empty.title')}>{t('leaderboards.empty.body')}</EmptyState>
    </div>
  );
}
