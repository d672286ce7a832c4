import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  dataExportHref,
  nextDataExportAt,
  type DataExport as DataExportRecord,
} from '@versus/domain/users/data-export';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/feedback';
import { FormError } from '../../../components/form-fields';
import { db } from '../../../lib/firebase';
import { mediumDateTime, numberFormat } from '../../../lib/locale';
import { useLocale } from '../../../lib/navigation';
import { useCommand } from '../../../lib/use-command';
import { useLiveDocument } from '../../../lib/use-live-document';
import { useNow } from '../../../lib/use-now';
import { useSession } from '../../../lib/session/session-store';
import { requestDataExport } from '../api';
import { dataExportDoc } from '../queries';
import '../../../i18n/page-texts';
import { useStepFocus } from '../../../lib/use-step-focus';

const size = (locale: string, bytes: number) =>
  bytes < 1_000_000
    ? numberFormat(locale, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(
        Math.max(1, bytes / 1000),
      )
    : numberFormat(locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(bytes / 1_000_000);

/**
 * "Download my data" (issue #58): asks for the archive, follows it live while the sweeper prepares
 * it, then offers its link until it expires; once a day.
 */
export function DataExport() {
  const { t } = useTranslation();
  const locale = useLocale();
  const now = useNow(30_000);
  const uid = useSession((state) => state.user?.uid);
  const live = useLiveDocument<DataExportRecord>(uid ? dataExportDoc(db, uid) : null);
  const ask = useCommand(() => requestDataExport());
  // The command's answer stands until the live record catches up with it: the listener's word may
  // come later (and the Firestore emulator has a reported bug of a just-created document read as
  // missing). Caught up, the answer is dropped, so a listener that fails later cannot bring it back.
  const [answer, setAnswer] = useState<Pick<DataExportRecord, 'state' | 'requestedAt'> | null>(null);
  const seen = live.status === 'ready' ? live.data : null;
  if (answer && seen && seen.requestedAt >= answer.requestedAt) setAnswer(null);
  const record: (Pick<DataExportRecord, 'state' | 'requestedAt'> & Partial<DataExportRecord>) | null =
    answer && (seen?.requestedAt ?? -1) < answer.requestedAt ? answer : seen;
  const when = (at: number) => mediumDateTime(locale).format(at);
  const preparing = record?.state === 'PENDING' || record?.state === 'BUILDING';
  const ready = record?.state === 'READY' && record.token && (record.expiresAt ?? 0) > now ? record : null;
  const next = nextDataExportAt(record);
  // The request's button gives way to what it says now: the keyboard goes on from this box.
  const box = useStepFocus<HTMLDivElement>(record?.state ?? null);
  // Until the record has loaded, a request under way or an archive ready cannot be told from none.
  if (live.status === 'loading' && !answer)
    return (
      <div className="stack" data-testid="data-export">
        <p>{t('profile.privacy.data-body')}</p>
        <Spinner label={t('common.loading')} />
      </div>
    );
  return (
    <div className="stack" data-testid="data-export" ref={box} tabIndex={-1}>
      <p>{t('profile.privacy.data-body')}</p>
      {preparing ? (
        <p role="status" data-testid="data-export-status">
          <span className="spinner spinner-inline" aria-hidden /> {t('profile.privacy.data-pending')}
        </p>
      ) : null}
      {ready && uid ? (
        <div className="stack" data-testid="data-export-ready">
          <p role="status">
            {t('profile.privacy.data-ready', {
              date: when(ready.readyAt ?? now),
              size: size(locale, ready.bytes ?? 0),
            })}
          </p>
          <div>
            <a
              className="btn btn-primary"
              href={dataExportHref(uid, ready.token!)}
              download
              data-testid="data-export-download"
            >
              {t('profile.privacy.data-download')}
            </a>
          </div>
          <p className="muted">{t('profile.privacy.data-expires', { date: when(ready.expiresAt!) })}</p>
        </div>
      ) : null}
      {record?.state === 'FAILED' ? <p role="alert">{t('profile.privacy.data-failed')}</p> : null}
      {record?.state === 'EXPIRED' || (record?.state === 'READY' && !ready) ? (
        <p className="muted">{t('profile.privacy.data-expired')}</p>
      ) : null}
      {!preparing && next > now ? (
        <p className="muted" data-testid="data-export-next">
          {t('profile.privacy.data-next', { date: when(next) })}
        </p>
      ) : null}
      {!preparing && next <= now ? (
        <div>
          <Button
            busy={ask.busy}
            onClick={() => void ask.run().then((asked) => asked.ok && setAnswer(asked.value))}
            data-testid="data-export-request"
          >
            {t('profile.privacy.data-request')}
          </Button>
        </div>
      ) : null}
      <FormError message={ask.error} />
    </div>
  );
}
