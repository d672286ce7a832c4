import { useRef, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { AVATAR_MAX_SIDE, IMAGE_ACCEPT, IMAGE_MAX_BYTES } from '@versus/domain/platform/constants';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { FormError } from '../../../components/form-fields';
import { Modal } from '../../../components/modal';
import { cropSquare, imageProblem, readableImage } from '../../../lib/image-file';
import { useSession } from '../../../lib/session/session-store';
import { useCommand } from '../../../lib/use-command';
import { removeAvatar, uploadAvatar } from '../api';
import '../../../i18n/later-texts';
import '../../../i18n/page-texts';

/**
 * The profile picture (issue 14): pick a JPEG, PNG or GIF (≤ 10 MB), crop it square and zoom in
 * the browser, compressed before it goes; the server checks it again. Or back to the illustration.
 */
export function AvatarEditor() {
  const { t } = useTranslation();
  const profile = useSession((state) => state.profile);
  const [file, setFile] = useState<{ file: File; url: string } | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // What the last save did, said under the buttons until the next pick.
  const [done, setDone] = useState<'saved' | 'removed' | null>(null);
  const close = () => {
    if (file) URL.revokeObjectURL(file.url);
    setFile(null);
  };
  // Two files picked in quick succession: only the last one's decoding decides.
  const latestPick = useRef(0);
  const pick = async (chosen: File | null) => {
    const turn = (latestPick.current += 1);
    setDone(null);
    const issue = imageProblem(chosen);
    setProblem(issue ? t(issue, { size: String(IMAGE_MAX_BYTES / 1_048_576) }) : null);
    if (!chosen || issue) return;
    // A file typed as an image may still be broken: the crop would open black.
    const readable = await readableImage(chosen);
    if (turn !== latestPick.current) return;
    if (!readable) {
      setProblem(t('image-drop.unreadable'));
      return;
    }
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setFile({ file: chosen, url: URL.createObjectURL(chosen) });
  };
  const save = useCommand(async () => {
    if (!file || !area) return;
    await uploadAvatar(await cropSquare(file.file, area, AVATAR_MAX_SIDE));
    close();
    setDone('saved');
  });
  const remove = useCommand(async () => {
    setDone(null);
    await removeAvatar();
    setDone('removed');
  });
  const error = save.error ?? remove.error;

  return (
    <div className="avatar-editor" data-testid="avatar-editor">
      <Avatar url={profile?.avatar} placeholder={profile?.avatarPlaceholder} size={96} />
      <div className="stack">
        <div className="button-row">
          <label className="btn btn-secondary">
            {t('profile.avatar.change')}
            <input
              type="file"
              accept={IMAGE_ACCEPT}
              className="visually-hidden"
              data-testid="avatar-input"
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null;
                event.target.value = '';
                void pick(chosen);
              }}
            />
          </label>
          {profile?.avatar ? (
            <Button variant="ghost" busy={remove.busy} onClick={() => void remove.run()} data-testid="avatar-remove">
              {t('profile.avatar.remove')}
            </Button>
          ) : null}
        </div>
        <p className="field-hint">{t('profile.avatar.hint')}</p>
        {/* In the page before it fills, so a screen reader hears it (as MissingHint). */}
        <p className="success" role="status" data-testid="avatar-done">
          {done ? t(`profile.avatar.${done}`) : null}
        </p>
        <FormError message={problem ?? error} />
      </div>
      <Modal
        open={file !== null}
        onClose={close}
        title={t('profile.avatar.crop-title')}
        testId="avatar-crop"
        footer={
          <>
            <Button variant="ghost" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button busy={save.busy} disabled={!area} onClick={() => void save.run()} data-testid="avatar-save">
              {t('profile.avatar.save')}
            </Button>
          </>
        }
      >
        {file ? (
          <div className="stack">
            <div className="avatar-crop-area">
              <Cropper
                image={file.url}
                crop={crop}
                zoom={zoom}
                aspect={1}
                cropShape="round"
                onCropChange={setCrop}
                onZoomChange={setZoom}
                onCropComplete={(_, pixels) => setArea(pixels)}
              />
            </div>
            <label className="field">
              <span className="field-label">{t('profile.avatar.zoom')}</span>
              <input
                type="range"
                min={1}
                max={4}
                step={0.05}
                value={zoom}
                onChange={(event) => setZoom(Number(event.target.value))}
              />
            </label>
            <p className="field-hint">{t('profile.avatar.crop-hint')}</p>
            <FormError message={save.error} />
          </div>
        ) : null}
      </Modal>
    </div>
  );
}
