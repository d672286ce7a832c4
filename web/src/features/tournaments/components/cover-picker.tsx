import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES } from '@versus/domain/platform/constants';
import { Button } from '../../../components/button';
import { compressImage, imageProblem } from '../../../lib/image-file';
import { useCommand } from '../../../lib/use-command';
import { uploadCover } from '../api';
import { TournamentCover } from './tournament-cover';
import '../../../i18n/play-texts';

export interface CoverValue {
  name: string;
  x: number;
  y: number;
  /** Where the uploaded image is served, for the preview. */
  url: string;
}

const clamp = (value: number) => Math.min(100, Math.max(0, Math.round(value)));

/**
 * Picks a cover (jpg/jpeg/png/gif ≤ 10 MB), compresses it in the browser, uploads it (SPEC §7:
 * uploaded before the tournament is created) and lets the host choose its focal point on the
 * 1.58 frame: a click on the image, or the two sliders. Without a cover the game's artwork shows.
 */
export function CoverPicker({
  value,
  game,
  onChange,
}: {
  value: CoverValue | null;
  game: string;
  onChange: (cover: CoverValue | null) => void;
}) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useCommand((_key, file: Blob) => uploadCover(file));

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const issue = imageProblem(file);
    if (issue) {
      setProblem(t(issue, { size: String(IMAGE_MAX_BYTES / 1_048_576) }));
      return;
    }
    setProblem(null);
    let compressed: Blob;
    try {
      compressed = await compressImage(file);
    } catch {
      setProblem(t('image-drop.unreadable'));
      return;
    }
    const stored = await upload.run(compressed);
    if (stored.ok) onChange({ name: stored.value.path, url: stored.value.url, x: 50, y: 50 });
  };

  const focus = (event: MouseEvent<HTMLDivElement>) => {
    if (!value) return;
    const box = event.currentTarget.getBoundingClientRect();
    onChange({
      ...value,
      x: clamp(((event.clientX - box.left) / box.width) * 100),
      y: clamp(((event.clientY - box.top) / box.height) * 100),
    });
  };

  return (
    <div className="field cover-picker">
      <span className="label">{t('tournaments.create.cover')}</span>
      <div
        className={`cover-frame ${value ? 'cover-frame-focusable' : ''}`}
        onClick={focus}
        title={value ? t('tournaments.create.cover-focus-hint') : undefined}
        data-testid="cover-frame"
      >
        <TournamentCover
          cover={value ? { downloadUrl: value.url, x: value.x, y: value.y } : null}
          game={game}
          alt={t('tournaments.create.cover-preview')}
        />
        {value ? (
          <span className="focal-point" style={{ left: `${value.x}%`, top: `${value.y}%` }} aria-hidden />
        ) : null}
      </div>
      {value ? (
        <div className="focal-sliders">
          <label>
            {t('tournaments.create.focus-x')}
            <input
              type="range"
              min={0}
              max={100}
              value={value.x}
              onChange={(event) => onChange({ ...value, x: clamp(Number(event.target.value)) })}
            />
          </label>
          <label>
            {t('tournaments.create.focus-y')}
            <input
              type="range"
              min={0}
              max={100}
              value={value.y}
              onChange={(event) => onChange({ ...value, y: clamp(Number(event.target.value)) })}
            />
          </label>
        </div>
      ) : null}
      <div className="row">
        <label className={`btn btn-secondary btn-small ${upload.busy ? 'btn-busy' : ''}`}>
          {upload.busy ? <span className="spinner spinner-inline" aria-hidden /> : null}
          {value ? t('tournaments.create.cover-replace') : t('tournaments.create.cover-pick')}
          <input
            type="file"
            accept={IMAGE_ACCEPT}
            className="visually-hidden"
            disabled={upload.busy}
            data-testid="cover-input"
            onChange={(event) => {
              void pick(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </label>
        {value ? (
          <Button variant="ghost" small onClick={() => onChange(null)}>
            {t('tournaments.create.cover-remove')}
          </Button>
        ) : null}
      </div>
      <p className="field-hint">{t('tournaments.create.cover-hint')}</p>
      {problem || upload.error ? (
        <p className="field-error" role="alert">
          {problem ?? upload.error}
        </p>
      ) : null}
    </div>
  );
}
