import { useTranslation } from 'react-i18next';
import { statusOf, type Tournament, type TournamentStatus } from '@versus/domain/tournaments/tournament';
import { Button } from '../../../components/button';
import { EmptyState, Spinner } from '../../../components/feedback';
import type { GrowingLiveQuery } from '../../../lib/use-live-query';
import { PageHeader } from '../../../components/page-header';
import { LocalLink, usePageTitle } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session-store';
import { useHostedTournaments, useJoinedTournaments } from '../api';
import { TournamentRows } from '../components/tournament-lists';
import '../tournaments.css';
import '../../../i18n/play-texts';

const ORDER: TournamentStatus[] = ['ongoing', 'pending', 'finished', 'cancelled'];

function ByState({ title, list, testId }: { title: string; list: GrowingLiveQuery<Tournament>; testId: string }) {
  const { t } = useTranslation();
  const items = list.items;
  return (
    <section className="card" data-testid={testId}>
      <h2>{title}</h2>
      {items.length === 0 ? (
        <p className="muted">{t('tournaments.mine.none')}</p>
      ) : (
        ORDER.map((status) => {
          const group = items.filter((item) => statusOf(item.state) === status);
          return group.length > 0 ? (
            <div key={status} className="state-group">
              <h3>{t(`tournaments.status.${status}`)}</h3>
              <TournamentRows items={group} />
            </div>
          ) : null;
        })
      )}
      {list.more ? (
        <Button
          variant="secondary"
          busy={list.status === 'loading'}
          onClick={list.showMore}
          data-testid={`${testId}-more`}
        >
          {t('tournaments.mine.more')}
        </Button>
      ) : null}
    </section>
  );
}

/** /tournaments/my-tournaments: what I host and what I play in, grouped by state. */
export default function MyTournamentsPage() {
  const { t } = useTranslation();
  usePageTitle(t('tournaments.mine.title'));
  const uid = useSession((state) => state.user?.uid);
  const hosted = useHostedTournaments(uid);
  const joined = useJoinedTournaments(uid);
  const host = (
    <LocalLink className="btn btn-primary" to={paths.addTournament.getHref()}>
      {t('user-menu.host')}
    </LocalLink>
  );
  // A longer page loading keeps the lines shown; only the first load shows the spinner.
  if (
    (hosted.status === 'loading' && hosted.items.length === 0) ||
    (joined.status === 'loading' && joined.items.length === 0)
  )
    return <Spinner label={t('common.loading')} />;
  const hostedItems = hosted.items;
  const joinedItems = joined.items;
  return (
    <div className="page">
      <PageHeader title={t('tournaments.mine.title')} actions={host} />
      {hostedItems.length === 0 && joinedItems.length === 0 ? (
        <EmptyState
          title={t('tournaments.mine.empty.title')}
          action={
            <LocalLink className="btn btn-secondary" to={paths.tournaments.getHref()}>
              {t('tournaments.mine.browse')}
            </LocalLink>
          }
        >
          {t('tournaments.mine.empty.body')}
        </EmptyState>
      ) : (
        <div className="section-grid">
          <ByState title={t('tournaments.mine.hosted')} list={hosted} testId="hosted-tournaments" />
          <ByState title={t('tournaments.mine.joined')} list={joined} testId="joined-tournaments" />
        </div>
      )}
    </div>
  );
}
