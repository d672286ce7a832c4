import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { Tooltip } from '../../../components/tooltip';
import { LocalLink, usePageTitle } from '../../../lib/navigation';
import { useSession } from '../../../lib/session/session-store';
import { BattleLists } from '../components/battle-lists';
import { paths } from '../../../lib/paths';
import '../battles.css';

export default function BattlesPage() {
  const { t } = useTranslation();
  usePageTitle(t('battles.title'));
  const signedIn = useSession((state) => state.status === 'signed-in');
  const verified = useSession((state) => state.user?.emailVerified === true);
  const steps = ['challenge', 'play', 'report', 'payout'] as const;
  const rules = (
    <section className="card" data-testid="battle-rules">
      <h2>{t('battles.rules.title')}</h2>
      <ol className="steps">
        {steps.map((step) => (
          <li key={step}>
            <strong>{t(`battles.rules.${step}.title`)}</strong>
            <span>{t(`battles.rules.${step}.body`)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
  return (
    <div className="page">
      <PageHeader
        title={t('battles.title')}
        subtitle={t('battles.subtitle')}
        actions={
          signedIn ? (
            <Tooltip text={t('user.email-not-verified-tooltip')} enabled={!verified}>
              {verified ? (
                <LocalLink className="btn btn-primary" to={paths.challenge.getHref()}>
                  {t('battles.challenge-cta')}
                </LocalLink>
              ) : (
                <span className="btn btn-primary" aria-disabled="true">
                  {t('battles.challenge-cta')}
                </span>
              )}
            </Tooltip>
          ) : null
        }
      />
      {/* A player's own challenges and battles first (on a phone the rules filled the first screen);
          a visitor reads how battles work first. */}
      {signedIn ? (
        <>
          <div className="section-grid">
            <BattleLists sections={['new-challenges', 'outgoing-challenges', 'active-battles', 'recent-battles']} />
          </div>
          {rules}
        </>
      ) : (
        <>
          {rules}
          <EmptyState
            title={t('battles.signed-out.title')}
            action={
              <LocalLink className="btn btn-primary" to={paths.register.getHref()}>
                {t('nav.register')}
              </LocalLink>
            }
          >
            {t('battles.signed-out.body')}
          </EmptyState>
        </>
      )}
    </div>
  );
}
