import { useTranslation } from 'react-i18next';
import { BannerLine } from '../../../components/banner-line';
import { Deadline } from '../../../components/countdown';
import { LocalLink } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { shownName } from '../../../lib/player-name';
import { Button } from '../../../components/button';
import { useCommand } from '../../../lib/use-command';
import { useNow } from '../../../lib/use-now';
import { extendTournament } from '../api';
import type { TournamentBannerItem } from '../banner-items';

const MATCH_KINDS: TournamentBannerItem['kind'][] = [
  'match-check-in',
  'opponent-check-in',
  'score-submit',
  'score-confirm',
  'tell-your-side',
];

/**
 * The kinds whose scrolled one-line banner says what they ask: the tournament's name alone does not
 * say it for an invite, a host's dispute or an inactivity's cancel (a walk read "Rocket League 2v2
 * Cup [Answer]").
 */
const SHORT_KINDS = ['party-invite', 'host-dispute', 'about-to-be-cancelled'] as const;
const isShortKind = (kind: TournamentBannerItem['kind']): kind is (typeof SHORT_KINDS)[number] =>
  (SHORT_KINDS as readonly string[]).includes(kind);

/** One tournament banner: check in, extend before the inactivity cancel, or answer a party invite. */
export default function TournamentBanner({ item }: { item: TournamentBannerItem }) {
  const { t } = useTranslation();
  const now = useNow();
  const extend = useCommand((_key, id: string) => extendTournament(id));
  const target = bannerTarget(item);
  return (
    <div className="banner-row" data-testid={`banner-tournament-${item.kind}`}>
      <BannerLine
        sentence={
          <>
            {t(`banners.tournament.${item.kind}.text`, {
              name: item.name,
              tournament: item.tournamentName ?? '',
              opponent: shownName(t, item.opponent),
              match: item.sides?.map((name) => shownName(t, name)).join(' – ') ?? '',
            })}{' '}
            {item.held ? t('banners.tournament.held') : item.until ? <Deadline until={item.until} now={now} /> : null}
          </>
        }
        about={
          isShortKind(item.kind)
            ? t(`banners.tournament.${item.kind}.short`, { name: item.name })
            : item.held
              ? t('banners.tournament.held-short', { name: item.name })
              : (item.tournamentName ?? item.name)
        }
        until={item.until ?? undefined}
        now={now}
      />
      {item.kind === 'about-to-be-cancelled' ? (
        // The host extends right here (+24 h); the banner goes once the new deadline is far enough.
        <span className="row">
          <Button
            small
            busy={extend.busy}
            onClick={() => void extend.run(item.tournamentId)}
            data-testid="banner-extend"
          >
            {t(`banners.tournament.${item.kind}.action`)}
          </Button>
          {extend.error ? <span role="alert">{extend.error}</span> : null}
        </span>
      ) : (
        <LocalLink className="btn btn-small btn-primary" to={target}>
          {t(`banners.tournament.${item.kind}.action`)}
        </LocalLink>
      )}
    </div>
  );
}

/**
 * Where a banner leads: a match's to the player's match panel (report, tell your side; its "Check in"
 * checks in there, as a push's does: `?checkIn=`), the tournament's check-in to its page, an invite
 * to the parties, the host's dispute to its decision.
 */
function bannerTarget(item: TournamentBannerItem): string {
  const page = paths.tournament.getHref(item.tournamentId);
  if (item.kind === 'match-check-in' && item.matchId) return `${page}?checkIn=${item.matchId}#current-match`;
  if (item.kind === 'party-invite') return `${paths.tournament.getHref(item.tournamentId, 'participants')}#party`;
  if (item.kind === 'host-dispute') return paths.resolveConflict.getHref(item.tournamentId, item.matchId ?? '');
  return MATCH_KINDS.includes(item.kind) ? `${page}#current-match` : page;
}
