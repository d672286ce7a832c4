import { Formik } from 'formik';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { supportCreatorSchema } from '@versus/domain/creators/support-schema';
import { CREATOR_SHARE_PERCENT } from '@versus/domain/wallet/economics';
import { Button } from '../../../components/button';
import { FormError, TextField, CheckedForm } from '../../../components/form-fields';
import { Modal } from '../../../components/modal';
import { toApiError } from '../../../lib/api';
import { apiErrorText } from '../../../lib/api-error-text';
import { useSession } from '../../../lib/session/session-store';
import { useCommand } from '../../../lib/use-command';
import { stopSupportingCreator, supportCreator, type SupportAnswer } from '../api';
import '../../../i18n/page-texts';

/**
 * SPEC §2/§4: form and success states; a not-found code blocks submit until the text changes. `code`
 * fills the form in (a creator's profile offers theirs). Other refusals are said, not only logged
 * (a creator's own code: `own-creator-code`).
 */
export function SupportCreatorModal({ open, onClose, code }: { open: boolean; onClose: () => void; code?: string }) {
  const { t } = useTranslation();
  const [notFoundFor, setNotFoundFor] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [supported, setSupported] = useState<SupportAnswer | null>(null);
  // The code the player supports now, which a new one replaces (the account's, read live).
  const current = useSession((state) => state.account?.supportingCreatorCode ?? null);
  // Supporting can end, not only move to another code (walk Z); said until the modal closes.
  const stop = useCommand(() => stopSupportingCreator());
  const [stopped, setStopped] = useState(false);
  const stoppedLine = useRef<HTMLParagraphElement>(null);

  const close = () => {
    setSupported(null);
    setNotFoundFor(null);
    setFailure(null);
    setStopped(false);
    stop.setError(null);
    onClose();
  };

  return (
    <Modal open={open} onClose={close} title={t('creator-code.title')} testId="support-creator-modal">
      {supported ? (
        <div className="stack" data-testid="support-creator-success">
          <p>{t('creator-code.success', { code: supported.creatorCode, name: supported.creator.displayName })}</p>
          <Button onClick={close}>{t('common.close')}</Button>
        </div>
      ) : (
        <Formik
          initialValues={{ creatorCode: code ?? '' }}
          validationSchema={supportCreatorSchema}
          onSubmit={async (values) => {
            const creatorCode = values.creatorCode.trim();
            setFailure(null);
            try {
              setSupported(await supportCreator(creatorCode));
            } catch (error) {
              const apiError = toApiError(error);
              if (apiError.statusCode === 404) setNotFoundFor(creatorCode);
              else setFailure(apiErrorText(t, apiError));
            }
          }}
        >
          {({ values, isSubmitting }) => {
            const blocked = notFoundFor !== null && notFoundFor === values.creatorCode.trim();
            return (
              <CheckedForm className="stack">
                <p className="muted">{t('creator-code.intro')}</p>
                {/* What supporting costs and gives (record 132): the checkout said it, the form did not. */}
                <p className="muted" data-testid="support-creator-how">
                  {t('creator-code.how', { percent: CREATOR_SHARE_PERCENT })}
                </p>
                {current && !stopped ? (
                  <div className="row wrap" data-testid="support-creator-current">
                    <p>{t('creator-code.current', { code: current })}</p>
                    <Button
                      small
                      variant="secondary"
                      busy={stop.busy}
                      onClick={() =>
                        void stop.run().then((done) => {
                          setStopped(done.ok);
                          // Its button is gone: the keyboard goes to the line that says it is done.
                          if (done.ok) requestAnimationFrame(() => stoppedLine.current?.focus());
                        })
                      }
                    >
                      {t('creator-code.stop', { code: current })}
                    </Button>
                  </div>
                ) : null}
                {/* In the page before it fills, so a screen reader hears it (as MissingHint). */}
                <p
                  ref={stoppedLine}
                  tabIndex={-1}
                  className="success"
                  role="status"
                  data-testid="support-creator-stopped"
                >
                  {stopped ? t('creator-code.stopped') : null}
                </p>
                <FormError message={stop.error} />
                <TextField name="creatorCode" label={t('creator-code.label')} required autoComplete="off" />
                <FormError message={blocked ? t('creator-code.errors.does-not-exist') : failure} />
                <Button type="submit" busy={isSubmitting} disabled={blocked}>
                  {t('creator-code.submit')}
                </Button>
              </CheckedForm>
            );
          }}
        </Formik>
      )}
    </Modal>
  );
}
