import { useTranslation } from 'react-i18next';
import { LocalLink } from '../../../lib/navigation';
import type { BattleBannerItem } from '../banner-items';
import { Deadline } from '../../../components/countdown';
import { useNow } from '../../../lib/use-now';

const TARGET: Record<BattleBannerItem['kind'], (id: string) => string> = {
  challenged: (id) => `/battles/view-challenge/${id}`,
  submit: (id) => `/battles/${id}?showWinnerSubmitForm=true`,
  'opponent-submitted': (id) => `/battles/${id}`,
  'opponent-disputed': (id) => `/battles/${id}`,
};

/** One battle banner with its live countdown (SPEC §2 sticky banner stack). */
export default function BattleBanner({ item }: { item: BattleBannerItem }) {
  const { t } = useTranslation();
  const now = useNow();
  return (
    <div className="banner-row">
      <span>
        {t(`banners.battle.${item.kind}.text`, { name: item.opponent })} <Deadline until={item.until} now={now} />
      </span>
      <LocalLink className="btn btn-small btn-primary" to={TARGET[item.kind](item.id)}>
        {t(`banners.battle.${item.kind}.action`)}
      </LocalLink>
    </div>
  );
}
