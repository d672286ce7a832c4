import { useTranslation } from 'react-i18next';
import { Deadline } from '../../../components/countdown';
import { LocalLink } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { useNow } from '../../../lib/use-now';
import type { TournamentBannerItem } from '../banner-items';

/** One tournament banner: check in, extend before the inactivity cancel, or answer a party invite. */
export default function TournamentBanner({ item }: { item: TournamentBannerItem }) {
  const { t } = useTranslation();
  const now = useNow();
  const target =
    item.kind === 'party-invite'
      ? paths.tournament.getHref(item.tournamentId, 'participants')
      : paths.tournament.getHref(item.tournamentId);
  return (
    <div className="banner-row" data-testid={`banner-tournament-${item.kind}`}>
      <span>
        {t(`banners.tournament.${item.kind}.text`, { name: item.name, tournament: item.tournamentName ?? '' })}{' '}
        {item.until ? <Deadline until={item.until} now={now} /> : null}
      </span>
      <LocalLink className="btn btn-small btn-primary" to={target}>
        {t(`banners.tournament.${item.kind}.action`)}
      </LocalLink>
    </div>
  );
}
