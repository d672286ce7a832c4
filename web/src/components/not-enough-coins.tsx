import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LocalLink, useUnprefixedPath } from '../lib/navigation';
import { paths } from '../lib/paths';

/**
 * An entry fee the balance cannot pay: what is short (`text`), and the way to the coin shop, which
 * offers the way back here once the coins are paid.
 */
export function NotEnoughCoins({ text }: { text: string }) {
  const { t } = useTranslation();
  const next = `${useUnprefixedPath()}${useLocation().search}`;
  return (
    <div className="form-error" role="alert" data-testid="not-enough-coins">
      {text} <LocalLink to={paths.checkout.getHref({ next })}>{t('battles.challenge.get-coins')}</LocalLink>
    </div>
  );
}
