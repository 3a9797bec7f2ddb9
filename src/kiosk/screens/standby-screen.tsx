import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { brand, DeviceState } from '../../contract/portal';
import { Content } from '../../ui/wording';
import { formatCredits } from '../../web/format';
import { MediaPicture, Picture } from '../components/picture';
import { Screen } from '../components/screen';

/**
 * A paired tablet between sessions: an attract screen, read from two metres — the brand's cover
 * across the screen in a calm, slow loop, the large logo, one headline (the brand kit's line, else
 * the welcome), the account's offers (rewards and the credits each takes), and that the screen
 * starts when the cashier is ready.
 */
export function StandbyScreen({
  shopName,
  accountName,
  accountBrand,
  offers,
}: {
  shopName: string;
  accountName: string;
  accountBrand: z.infer<typeof brand>;
  offers: DeviceState['offers'];
}) {
  const { t, i18n } = useTranslation();
  const logo = accountBrand.large_logo_url ?? accountBrand.small_logo_url;
  return (
    <Screen title={t('standby.title', { shop: shopName })} testId="screen-standby" hero>
      {accountBrand.cover_image_url ? (
        <div className="attract-cover">
          <Picture src={accountBrand.cover_image_url} alt="" width={1280} height={640} />
        </div>
      ) : null}
      {logo ? <img className="standby-logo" src={logo} alt={accountName} width={420} height={96} /> : null}
      {accountBrand.description ? (
        <p className="standby-line" data-testid="standby-line">
          <Content text={accountBrand.description} />
        </p>
      ) : null}
      {offers.length > 0 ? (
        <ul className="attract-offers" data-testid="standby-offers" aria-label={t('standby.offers')}>
          {offers.map((offer, index) => (
            <li key={offer.title} className="attract-offer" style={{ animationDelay: `${index * 4}s` }}>
              <MediaPicture media={offer.media} />
              <span className="attract-offer-title">
                <Content text={offer.title} />
              </span>
              <span className="attract-offer-credits">
                {t('standby.offerCredits', { credits: formatCredits(offer.required_credits, i18n.language) })}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="lead">{t('standby.body')}</p>
    </Screen>
  );
}
