import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

/**
 * "Copy" beside a value shown as text: it puts the value on the clipboard and says "Copied" for a
 * few seconds. Its name starts with what it shows ("Copy Discord username"), so a screen reader and
 * voice control name it alike. Where the browser refuses the clipboard, the value stays selectable.
 */
export function CopyButton({ value, label, testId }: { value: string; label: string; testId?: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 3000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      small
      variant="secondary"
      data-testid={testId}
      aria-label={copied ? undefined : label}
      onClick={() => {
        void navigator.clipboard
          ?.writeText(value)
          .then(() => setCopied(true))
          .catch(() => setCopied(false));
      }}
    >
      <span aria-live="polite">{copied ? t('common.copied') : t('common.copy')}</span>
    </Button>
  );
}
