import { useTranslation } from 'react-i18next';
import { formatCoins } from '../lib/locale';
import { useLocale } from '../lib/navigation';

/** The coin symbol and a balance, read out as "Coins: 1,300". */
export function CoinAmount({ value }: { value: number | undefined }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <span className="coins">
      <span className="coin" aria-hidden>
        ◎
      </span>
      <span className="visually-hidden">{t('header.coins')}: </span>
      {value === undefined ? '…' : formatCoins(locale, value)}
    </span>
  );
}
