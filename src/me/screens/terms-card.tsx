import { useTranslation } from 'react-i18next';
import type { MeOverview } from '../../contract/me';
import { Button } from '../../ui/button';
import { useAcceptTerms } from '../api/queries';
import { Notice } from '../components/notice';
import { Section } from '../components/section';

/**
 * The account's terms, asked of a customer whose account was made without them (registered where
 * the terms were not shown: docs/me.md): what they are asked, the terms and privacy policy to read
 * (when the account names them) and "I accept". Signing in here proved it is them, so accepting is
 * theirs; until they do, the card stays at the top of their home.
 */
export function TermsCard({
  terms,
  accountName,
}: {
  terms: NonNullable<MeOverview['terms_to_accept']>;
  accountName: string;
}) {
  const { t } = useTranslation('me');
  const accept = useAcceptTerms();
  return (
    <Section
      title={t('terms.title')}
      lead={t('terms.lead', { account: accountName })}
      testId="terms-to-accept"
    >
      {terms.terms_url || terms.privacy_url ? (
        <ul className="me-links">
          {terms.terms_url ? (
            <li>
              <a href={terms.terms_url} target="_blank" rel="noreferrer">
                {t('terms.terms')}
              </a>
            </li>
          ) : null}
          {terms.privacy_url ? (
            <li>
              <a href={terms.privacy_url} target="_blank" rel="noreferrer">
                {t('terms.privacy')}
              </a>
            </li>
          ) : null}
        </ul>
      ) : null}
      {accept.isError ? <Notice kind="error" error={accept.error} /> : null}
      <Button busy={accept.isPending} onClick={() => accept.mutate()} data-testid="accept-terms">
        {t('terms.accept')}
      </Button>
    </Section>
  );
}
