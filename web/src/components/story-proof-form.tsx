import { Formik, useFormikContext } from 'formik';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { apiErrorText } from '../lib/api-error-text';
import { Button } from './button';
import { FormError, TextAreaField, CheckedForm } from './form-fields';
import { ProofField } from './proof-field';

/**
 * A side's story and a proof image (SPEC §5 disputes): battles and tournament matches both ask
 * for it. The story is checked with the caller's schema, the image in the browser (ProofField);
 * `send` uploads and sends, and its failure is shown as the API's translated text.
 */
export function StoryProofForm({
  story,
  maxLength,
  texts,
  testId,
  send,
  onCancel,
}: {
  story: yup.StringSchema;
  maxLength: number;
  texts: {
    story: string;
    placeholder: string;
    proof: string;
    proofHint: string;
    proofRequired: string;
    submit: string;
  };
  testId: string;
  send: (story: string, proof: File) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Formik
      initialValues={{ story: '' }}
      validationSchema={yup.object({ story })}
      onSubmit={async (values) => {
        setFailure(null);
        if (!file) {
          // A wrong file's own problem (its type, its size) stays: it says more than "add one".
          setFileError((shown) => shown ?? texts.proofRequired);
          return;
        }
        try {
          await send(values.story.trim(), file);
        } catch (error) {
          setFailure(apiErrorText(t, error));
        }
      }}
    >
      {({ isSubmitting }) => (
        <CheckedForm className="form dispute-form" data-testid={testId}>
          <TextAreaField
            name="story"
            label={texts.story}
            maxLength={maxLength}
            required
            placeholder={texts.placeholder}
          />
          <ProofAskedOnSubmit missing={!file} onMissing={() => setFileError((shown) => shown ?? texts.proofRequired)} />
          <ProofField
            id={`${testId}-proof`}
            label={texts.proof}
            error={fileError}
            hint={texts.proofHint}
            onChange={(chosen, problem) => {
              setFileError(problem);
              setFile(chosen);
            }}
          />
          <FormError message={failure} />
          <div className="actions">
            <Button type="submit" variant="danger" busy={isSubmitting}>
              {texts.submit}
            </Button>
            {onCancel ? (
              <Button variant="ghost" onClick={onCancel}>
                {t('common.cancel')}
              </Button>
            ) : null}
          </div>
        </CheckedForm>
      )}
    </Formik>
  );
}

/**
 * A submit the story's own check stops never reaches onSubmit: the missing image is said at the same
 * time, so one press names everything the form lacks (a walk saw only the story's message).
 */
function ProofAskedOnSubmit({ missing, onMissing }: { missing: boolean; onMissing: () => void }) {
  const { submitCount } = useFormikContext();
  useEffect(() => {
    if (submitCount > 0 && missing) onMissing();
    // Only a new press asks again; choosing a file clears the message through ProofField.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submitCount]);
  return null;
}
