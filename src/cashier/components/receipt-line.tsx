import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A receipt line the cashier reads out or copies. Copy uses the clipboard where the browser allows
 * it (HTTPS or localhost), else selects the text for the device's own copy.
 */
export function ReceiptLine({ text, testId }: { text: string; testId: string }) {
  const { t } = useTranslation('cashier');
  const [copied, setCopied] = useState(false);
  const copy = async (target: HTMLElement | null) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      if (!target) return;
      const range = document.createRange();
      range.selectNodeContents(target);
      window.getSelection()?.removeAllRanges();
      window.getSelection()?.addRange(range);
    }
  };
  return (
    <div className="receipt">
      <p className="receipt-text" data-testid={testId} id={`${testId}-text`}>
        {text}
      </p>
      <button
        type="button"
        className="button button-link receipt-copy"
        onClick={(event) => void copy(event.currentTarget.previousElementSibling as HTMLElement | null)}
      >
        {copied ? t('live.copied') : t('live.copy')}
      </button>
    </div>
  );
}
