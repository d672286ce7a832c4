import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES } from '@versus/domain/platform/constants';
import { imageProblem } from '../lib/image-file';
import { FieldFrame, errorAria } from './form-fields';
// Its texts are among those loaded after the first render, not the shell's (bench:bundle's budget).
import '../i18n/later-texts';

/**
 * A proof image picker (SPEC §5 image upload: .jpg, .jpeg, .png, .gif up to 10 MB), checked in the
 * browser with the SPEC keys before the server checks it again. Hands the accepted file, or null.
 * The browser's own file button speaks the browser's language, not the page's: the input is hidden
 * inside a button of ours, with the chosen file's name beside it.
 */
export function ProofField({
  id,
  label,
  hint,
  error,
  onChange,
}: {
  id: string;
  label: string;
  hint?: string;
  error: string | null;
  onChange: (file: File | null, problem: string | null) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState<string | null>(null);
  return (
    <FieldFrame id={id} label={label} required error={error} hint={hint}>
      <div className="file-pick">
        <label className="btn btn-secondary btn-small">
          {t('file-pick.choose')}
          <input
            id={id}
            type="file"
            className="visually-hidden"
            accept={IMAGE_ACCEPT}
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              const problem = imageProblem(chosen);
              setName(chosen?.name ?? null);
              onChange(
                problem ? null : chosen,
                problem ? t(problem, { size: String(IMAGE_MAX_BYTES / 1_048_576) }) : null,
              );
            }}
            {...errorAria(id, error)}
            // The chosen file's name is read with the control, and the error when there is one.
            aria-describedby={[errorAria(id, error)['aria-describedby'], `${id}-chosen`].filter(Boolean).join(' ')}
          />
        </label>
        <span className="file-pick-name" id={`${id}-chosen`} data-testid={`${id}-chosen`}>
          {name ?? t('file-pick.none')}
        </span>
      </div>
    </FieldFrame>
  );
}
