import { useTranslation } from 'react-i18next';
import { currencyForLocale } from '@versus/domain/platform/constants';
import { ErrorPanel, Spinner, EmptyState } from '../../../components/feedback';
import { Tooltip } from '../../../components/tooltip';
import { formatCents, formatCoins } from '../../../lib/locale';
import { useLocale } from '../../../lib/navigation';
import { useSession } from '../../../lib/session/session-store';
import { useProducts } from '../use-products';
import '../wallet.css';

/** The coin bundles on sale (SPEC §4 Purchase): choosing one starts a purchase at checkout. */
export function CoinShop({ onChoose }: { onChoose: (productId: string) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const currency = currencyForLocale(locale);
  const verified = useSession((state) => state.user?.emailVerified === true);
  const products = useProducts();

  if (products.status === 'loading') return <Spinner label={t('common.loading')} />;
  if (products.status === 'error') return <ErrorPanel title={t('errors.error')} message={t('shop.load-failed')} />;
  const onSale = products.items.filter((product) => product.prices[currency]);
  if (onSale.length === 0) return <EmptyState title={t('shop.empty')} />;
  return (
    <section className="stack" aria-labelledby="coin-shop-title">
      <h2 id="coin-shop-title">{t('shop.title')}</h2>
      <p className="muted">{t('shop.intro')}</p>
      {/* Said where a phone shows it: the buttons' tooltip needs a pointer (a walk's). */}
      {!verified ? (
        <p className="shop-unverified" data-testid="shop-unverified">
          {t('shop.needs-verified')}
        </p>
      ) : null}
      <ul className="coin-shop" data-testid="coin-shop">
        {onSale.map((product) => {
          const price = formatCents(locale, product.prices[currency]!, currency);
          const offer = product.offers?.[locale];
          return (
            <li key={product.id} className="card coin-option" data-testid={`product-${product.id}`}>
              {offer ? <span className="chip offer">{offer}</span> : null}
              <span className="coin-amount" id={`coins-${product.id}`}>
                <span className="coin" aria-hidden>
                  ◎
                </span>{' '}
                {t('shop.coins', { coins: formatCoins(locale, product.bucks) })}
              </span>
              <Tooltip text={t('user.email-not-verified-tooltip')} enabled={!verified}>
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={!verified}
                  onClick={() => onChoose(product.id)}
                  // Named by what it shows, the price; what it buys is said after it ("130 coins").
                  aria-describedby={`coins-${product.id}`}
                >
                  {t('shop.buy', { price })}
                </button>
              </Tooltip>
            </li>
          );
        })}
      </ul>
      <p className="muted small">{t('shop.paid-with')}</p>
    </section>
  );
}
