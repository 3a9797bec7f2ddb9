import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';

/** One document the customer may read on their phone: its QR code, its name and its address. */
export interface ReadableDocument {
  /** What it is, as the screen names it ("Terms and conditions"). */
  title: string;
  url: string;
  testId: string;
}

/**
 * The account's terms and privacy policy as QR codes to read on one's own phone (the kiosk does not
 * leave its screen for another site), each with its address written out. Rendered here as SVG
 * (qrcode.react), nothing fetched. Loaded only when asked for (registration's "Read them").
 */
export default function TermsCodes({ documents }: { documents: ReadableDocument[] }) {
  const { t } = useTranslation();
  return (
    <div className="terms-codes" data-testid="terms-codes">
      <p className="muted">{t('register.readOnPhone')}</p>
      <div className="terms-codes-list">
        {documents.map((doc) => (
          <figure key={doc.url} className="terms-code" data-testid={doc.testId}>
            <QRCodeSVG value={doc.url} size={144} marginSize={2} role="img" aria-label={doc.title} />
            <figcaption>
              <strong>{doc.title}</strong>
              <span className="terms-url">{doc.url}</span>
            </figcaption>
          </figure>
        ))}
      </div>
    </div>
  );
}
