import { useTranslation } from 'react-i18next';
import { LocalLink } from '../lib/navigation';
import { paths } from '../lib/paths';

/** An entry fee the balance cannot pay: what is short (`text`), and the way to the coin shop. */
export function NotEnoughCoins({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <div className="form-error" role="alert" data-testid="not-enough-coins">
      {text} <LocalLink to={paths.checkout.getHref()}>{t('battles.challenge.get-coins')}</LocalLink>
    </div>
  );
}
