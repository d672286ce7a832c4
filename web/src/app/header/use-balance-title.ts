import { useTranslation } from 'react-i18next';
import { withdrawableCoins } from '@versus/domain/wallet/economics';
import { formatCoins } from '../../lib/locale';
import { useLocale } from '../../lib/navigation';
import { useSession } from '../../lib/session/session-store';

/**
 * The balance's tooltip: how many of the coins can be withdrawn (bought coins only once played,
 * DESIGN §5). `more` adds the header's "get more coins" hint, or for an e-mail not verified yet
 * what comes first (the shop's buttons wait for it; a walk read "Get more coins" beside them off).
 */
export function useBalanceTitle(more: boolean): string {
  const { t } = useTranslation();
  const locale = useLocale();
  const funds = useSession((state) => state.account?.funds);
  const unplayed = useSession((state) => state.account?.unplayed ?? 0);
  const verified = useSession((state) => state.user?.emailVerified === true);
  if (funds === undefined) return t(more ? 'header.get-coins' : 'header.coins');
  const text = t('header.balance-tooltip', {
    withdrawable: formatCoins(locale, withdrawableCoins(funds, unplayed)),
    funds: formatCoins(locale, funds),
    count: funds,
  });
  return more ? `${text} ${t(verified ? 'header.get-more' : 'header.verify-for-more')}` : text;
}
