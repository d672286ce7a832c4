import { useTranslation } from 'react-i18next';
import { LocalLink } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import type { BattleBannerItem } from '../banner-items';
import { BannerLine } from '../../../components/banner-line';
import { Deadline } from '../../../components/countdown';
import { useNow } from '../../../lib/use-now';

/** Where each banner leads: the challenge to answer, or the battle (its report form opened). */
const TARGET: Record<BattleBannerItem['kind'], (id: string) => string> = {
  challenged: (id) => paths.viewChallenge.getHref(id),
  submit: (id) => paths.battle.getHref(id, { showWinnerSubmitForm: true }),
  'opponent-submitted': (id) => paths.battle.getHref(id),
  'opponent-disputed': (id) => paths.battle.getHref(id),
};

/** One battle banner with its live countdown (SPEC §2 sticky banner stack). */
export default function BattleBanner({ item }: { item: BattleBannerItem }) {
  const { t } = useTranslation();
  const now = useNow();
  return (
    <div className="banner-row">
      <BannerLine
        sentence={
          <>
            {t(`banners.battle.${item.kind}.text`, { name: item.opponent })} <Deadline until={item.until} now={now} />
          </>
        }
        about={item.opponent}
        until={item.until}
        now={now}
      />
      <LocalLink className="btn btn-small btn-primary" to={TARGET[item.kind](item.id)}>
        {t(`banners.battle.${item.kind}.action`)}
      </LocalLink>
    </div>
  );
}
