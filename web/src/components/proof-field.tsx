import { useTranslation } from 'react-i18next';
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES } from '@versus/domain/platform/constants';
import { imageProblem } from '../lib/image-file';
import { FieldFrame, errorAria } from './form-fields';

/**
 * A proof image picker (SPEC §5 image upload: .jpg, .jpeg, .png, .gif up to 10 MB), checked in the
 * browser with the SPEC keys before the server checks it again. Hands the accepted file, or null.
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
  return (
    <FieldFrame id={id} label={label} required error={error} hint={hint}>
      <input
        id={id}
        type="file"
        accept={IMAGE_ACCEPT}
        onChange={(event) => {
          const chosen = event.target.files?.[0] ?? null;
          const problem = imageProblem(chosen);
          onChange(problem ? null : chosen, problem ? t(problem, { size: String(IMAGE_MAX_BYTES / 1_048_576) }) : null);
        }}
        {...errorAria(id, error)}
      />
    </FieldFrame>
  );
}
