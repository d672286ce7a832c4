import { collection, getCountFromServer } from 'firebase/firestore';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { campaignMonth, MONTH_PATTERN, type Campaign } from '@versus/domain/campaigns/campaign';
import { CAMPAIGN_PRIZE_MAX, CAMPAIGN_PRIZE_MIN } from '@versus/domain/campaigns/schemas';
import { drawOpensAt } from '@versus/domain/campaigns/draw-window';
import { Button } from '../../../components/button';
import { FormError } from '../../../components/form-fields';
import { MissingHint } from '../../../components/missing-hint';
import { Question } from '../../../components/question';
import { apiErrorText } from '../../../lib/api-error-text';
import { db } from '../../../lib/firebase';
import { formatCoins } from '../../../lib/locale';
import { monthName } from '../../../lib/month-name';
import { useLocale } from '../../../lib/navigation';
import { useLiveDocument } from '../../../lib/use-live-document';
import { useNow } from '../../../lib/use-now';
import { useQuestionFocus } from '../../../lib/use-question-focus';
import { drawCampaign, setCampaignPrize } from '../api';
import '../battles.css';
import { campaignDoc } from '../queries';
import { profileDoc } from '../../../lib/documents';
import '../../../i18n/page-texts';

const previousMonth = (now: number) => {
  const date = new Date(now);
  return campaignMonth(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 1));
};

function useEntryCount(month: string) {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    let current = true;
    getCountFromServer(collection(db, 'campaigns', month, 'entries')).then(
      (snapshot) => current && setCount(snapshot.data().count),
      () => current && setCount(null),
    );
    return () => {
      current = false;
    };
  }, [month]);
  return count;
}

/** This month's prize, and the monthly draw of a finished month with its re-checkable record. */
export function CampaignAdmin() {
  const { t } = useTranslation();
  const locale = useLocale();
  // Read again each minute: the month turns while the page stays open (an admin waiting to draw it).
  const now = useNow(60_000);
  const month = campaignMonth(now);
  // The month just ended, until the admin chooses another.
  const [chosenMonth, setDrawMonth] = useState<string | null>(null);
  const drawMonth = chosenMonth ?? previousMonth(now);
  const campaign = useLiveDocument<Campaign>(campaignDoc(db, month));
  // The month field holds a whole month (the API's own pattern), or nothing to draw.
  const drawable = MONTH_PATTERN.test(drawMonth);
  // A month still under way, or over by less than ten minutes, cannot be drawn yet (the API's
  // `campaign-month-open`): the clock above ticks each minute, so the button comes on by itself.
  const notOver = drawable && now < drawOpensAt(drawMonth);
  const drawName = drawable ? monthName(locale, drawMonth) : '';
  const drawn = useLiveDocument<Campaign>(drawable ? campaignDoc(db, drawMonth) : null);
  const entries = useEntryCount(month);
  const [prize, setPrize] = useState('');
  const [busy, setBusy] = useState<'prize' | 'draw' | null>(null);
  // Each form's outcome under it, cleared by the next change there: a draw refused for one month
  // stayed under the next month chosen (walk Z); a prize saved said nothing but an emptied field.
  const [failure, setFailure] = useState<{ action: 'prize' | 'draw'; text: string } | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [prizeTried, setPrizeTried] = useState(false);
  // A month is drawn once and its winner stays: the button asks first, naming the month.
  const [asking, setAsking] = useState(false);
  const focus = useQuestionFocus(asking);
  const currentPrize = campaign.status === 'ready' ? campaign.data.prize : '';
  // A month whose prize was set but not drawn has a document without `draw` (its button was off).
  const draw = drawn.status === 'ready' ? (drawn.data.draw ?? null) : null;
  const winner = useLiveDocument<{ displayName: string }>(draw ? profileDoc(db, draw.winner) : null);
  const run = (action: 'prize' | 'draw') => {
    setBusy(action);
    setFailure(null);
    setSaved(null);
    const chosen = prize.trim();
    (action === 'prize'
      ? setCampaignPrize(month, chosen).then(() => {
          setPrize('');
          setSaved(chosen);
        })
      : drawCampaign(drawMonth)
    )
      .catch((error: unknown) => setFailure({ action, text: apiErrorText(t, error) }))
      .finally(() => {
        setBusy(null);
        // The draw answered the question; a prize saved meanwhile leaves it open.
        if (action === 'draw') setAsking(false);
      });
  };
  return (
    <section className="card" data-testid="campaign-admin">
      <h2>{t('admin.campaign.title')}</h2>
      <p>
        {t('admin.campaign.current', {
          // The month by its name ("December 2026"; it said 2026-12).
          month: monthName(locale, month),
          prize: currentPrize || t('admin.campaign.no-prize'),
        })}{' '}
        {entries !== null
          ? t('admin.campaign.entries', { count: entries, formatted: formatCoins(locale, entries) })
          : null}
      </p>
      <div className="inline-form">
        <label htmlFor="campaign-prize">{t('admin.campaign.prize')}</label>
        <input
          id="campaign-prize"
          value={prize}
          maxLength={CAMPAIGN_PRIZE_MAX}
          aria-describedby="campaign-prize-hint"
          onChange={(event) => {
            setPrize(event.target.value);
            setPrizeTried(false);
            setSaved(null);
            if (failure?.action === 'prize') setFailure(null);
          }}
        />
        <Button
          small
          busy={busy === 'prize'}
          disabled={busy !== null || prize.trim().length < CAMPAIGN_PRIZE_MIN}
          onInertPress={() => setPrizeTried(busy === null)}
          aria-describedby="campaign-prize-missing"
          onClick={() => run('prize')}
        >
          {t('admin.campaign.save-prize')}
        </Button>
      </div>
      <p className="muted" id="campaign-prize-hint">
        {t('admin.campaign.prize-hint', { min: CAMPAIGN_PRIZE_MIN, max: CAMPAIGN_PRIZE_MAX })}
      </p>
      <MissingHint
        id="campaign-prize-missing"
        text={prizeTried ? t('admin.campaign.prize-short', { min: CAMPAIGN_PRIZE_MIN }) : null}
      />
      {/* In the page before it fills, so a screen reader hears it (as MissingHint). */}
      <p className="success small" role="status" data-testid="prize-saved">
        {saved === null ? null : t('admin.campaign.prize-saved', { month: monthName(locale, month), prize: saved })}
      </p>
      <FormError message={failure?.action === 'prize' ? failure.text : null} />
      <div className="inline-form">
        <label htmlFor="campaign-draw-month">{t('admin.campaign.draw-month')}</label>
        <input
          id="campaign-draw-month"
          type="month"
          value={drawMonth}
          max={previousMonth(now)}
          disabled={asking}
          onChange={(event) => {
            setDrawMonth(event.target.value);
            if (failure?.action === 'draw') setFailure(null);
          }}
        />
        {asking ? null : (
          <Button
            small
            ref={focus.start}
            disabled={busy !== null || draw !== null || !drawable || notOver}
            aria-describedby={draw !== null || notOver ? 'campaign-draw-why' : undefined}
            onClick={() => setAsking(true)}
          >
            {t('admin.campaign.draw')}
          </Button>
        )}
      </div>
      {/* Why the button is off: the month is drawn (its record below), or not over yet. */}
      {!asking && (draw !== null || notOver) ? (
        <p className="muted" id="campaign-draw-why" data-testid="draw-why">
          {t(draw !== null ? 'admin.campaign.drawn-already' : 'admin.campaign.not-over', { month: drawName })}
        </p>
      ) : null}
      {asking ? (
        <Question
          ref={focus.question}
          testId="draw-question"
          text={
            // A month without a prize can be drawn, but its winner's notice names none: said first.
            drawn.status === 'missing' || (drawn.status === 'ready' && !drawn.data.prize)
              ? `${t('admin.campaign.draw-no-prize', { month: drawName })} ${t('admin.campaign.draw-question', { month: drawName })}`
              : t('admin.campaign.draw-question', { month: drawName })
          }
          busy={busy !== null}
          onBack={() => setAsking(false)}
        >
          {/* Not before the month's prize is known: the question says first when there is none. */}
          <Button
            busy={busy === 'draw'}
            disabled={busy !== null || drawn.status === 'loading'}
            onClick={() => run('draw')}
          >
            {t('admin.campaign.draw-yes', { month: drawName })}
          </Button>
        </Question>
      ) : null}
      <FormError message={failure?.action === 'draw' ? failure.text : null} />
      {draw ? (
        <dl className="draw-record" data-testid="draw-record">
          <dt>{t('admin.campaign.winner')}</dt>
          <dd>{winner.status === 'ready' ? winner.data.displayName : draw.winner}</dd>
          <dt>{t('admin.campaign.drawn-prize')}</dt>
          <dd>{(drawn.status === 'ready' && drawn.data.prize) || t('admin.campaign.drawn-no-prize')}</dd>
          <dt>{t('admin.campaign.record')}</dt>
          <dd>
            <code>
              {t('admin.campaign.record-text', {
                entries: String(draw.entries),
                index: String(draw.winnerIndex),
                seed: draw.seed,
                digest: draw.entriesDigest,
              })}
            </code>
          </dd>
        </dl>
      ) : null}
    </section>
  );
}
