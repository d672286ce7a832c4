import { Formik } from 'formik';
import { useState } from 'react';
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
  // A picked file's own problem (its type, its size); a missing one is said from the submit count.
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Formik
      initialValues={{ story: '' }}
      validationSchema={yup.object({ story })}
      onSubmit={async (values) => {
        setFailure(null);
        if (!file) return;
        try {
          await send(values.story.trim(), file);
        } catch (error) {
          setFailure(apiErrorText(t, error));
        }
      }}
    >
      {({ isSubmitting, submitCount }) => (
        <CheckedForm className="form dispute-form" data-testid={testId}>
          <TextAreaField
            name="story"
            label={texts.story}
            maxLength={maxLength}
            required
            placeholder={texts.placeholder}
          />
          <ProofField
            id={`${testId}-proof`}
            label={texts.proof}
            // Pressed without an image, even when the story's own check stopped the submit: one press
            // names everything the form lacks; a wrong file's reason says more than "add one".
            error={fileError ?? (submitCount > 0 && !file ? texts.proofRequired : null)}
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
