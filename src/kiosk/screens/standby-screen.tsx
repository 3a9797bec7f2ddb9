import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { brand } from '../../contract/portal';
import { Picture } from '../components/picture';
import { Screen } from '../components/screen';

/**
 * A paired tablet between sessions: the merchant's welcome screen, readable from two metres — the
 * large logo, the welcome to the shop, the brand kit's line of text and, when there is one, its
 * cover picture.
 */
export function StandbyScreen({
  shopName,
  accountName,
  accountBrand,
}: {
  shopName: string;
  accountName: string;
  accountBrand: z.infer<typeof brand>;
}) {
  const { t } = useTranslation();
  const logo = accountBrand.large_logo_url ?? accountBrand.small_logo_url;
  return (
    <Screen title={t('standby.title', { shop: shopName })} testId="screen-standby" hero>
      {logo ? <img className="standby-logo" src={logo} alt={accountName} width={420} height={96} /> : null}
      {accountBrand.description ? (
        <p className="standby-line" data-testid="standby-line">
          {accountBrand.description}
        </p>
      ) : null}
      {accountBrand.cover_image_url ? (
        <Picture
          className="standby-cover"
          src={accountBrand.cover_image_url}
          alt=""
          width={800}
          height={400}
        />
      ) : null}
      <p className="lead">{t('standby.body')}</p>
    </Screen>
  );
}
