import { useTranslation } from 'react-i18next';
import { noShowBanUntil, reliabilityPercent, shownUp, type Reliability } from '@versus/domain/users/reliability';
import { Button } from '../../../components/button';
import { FormError } from '../../../components/form-fields';
import { mediumDateTime } from '../../../lib/locale';
import { useLocale } from '../../../lib/navigation';
import { useCommand } from '../../../lib/use-command';
import { liftNoShowBan } from '../api';
import '../../../i18n/standing-texts';

/**
 * A player's reliability on their page (issue #60): the share of tournament matches they showed up
 * to. The player and admins also see a ban from paid tournaments, which an admin can lift.
 */
export function ReliabilityCard({
  uid,
  reliability,
  own,
  admin,
  now,
}: {
  uid: string;
  reliability: Reliability | undefined;
  own: boolean;
  admin: boolean;
  now: number;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const lift = useCommand(() => liftNoShowBan(uid));
  const percent = reliabilityPercent(reliability);
  const until = own || admin ? noShowBanUntil(reliability, now) : null;
  return (
    <section className="card" data-testid="reliability">
      <h2>{t('standing.reliability.title')}</h2>
      {percent === null || !reliability ? (
        <p className="muted">{t('standing.reliability.none')}</p>
      ) : (
        <>
          <p>
            <span className="big-number" data-testid="reliability-figure">
              {t('standing.reliability.figure', { percent })}
            </span>
          </p>
          <p>
            {t('standing.reliability.record', {
              count: reliability.matches,
              shown: shownUp(reliability),
            })}
          </p>
        </>
      )}
      {until ? (
        <p className="form-error" role="status" data-testid="no-show-ban">
          {t('standing.reliability.banned', { until: mediumDateTime(locale).format(until) })}
        </p>
      ) : null}
      {until && admin ? (
        <>
          <FormError message={lift.error} />
          <Button small busy={lift.busy} onClick={() => void lift.run()} data-testid="lift-no-show-ban">
            {t('standing.reliability.lift')}
          </Button>
        </>
      ) : null}
      {own ? <p className="muted small">{t('standing.reliability.how')}</p> : null}
    </section>
  );
}
