/** @jsxRuntime automatic */
// (The pragma keeps the automatic JSX runtime when tsx runs from the repository root.)
import { Text } from '@react-email/components';
import { type Locale, PRODUCT_NAME } from '@releasebell/contract/constants';
import { translatorFor } from '../../infra/i18n';
import { MailLayout, mailStyles, type RenderedMail, renderMail } from '../../infra/mail/layout';

const M = {
  subject: /*i18n*/ { id: 'accountDeleted.subject', message: 'Your {product} account has been deleted' },
  title: /*i18n*/ { id: 'accountDeleted.title', message: 'Your account has been deleted' },
  gone: /*i18n*/ {
    id: 'accountDeleted.gone',
    message:
      'As you asked, your {product} account is gone, with your watchlist, follows, services, channels and notifications. You will get no more messages from us.',
  },
  again: /*i18n*/ {
    id: 'accountDeleted.again',
    message: 'You are welcome back any time: sign up again with this address to start afresh.',
  },
};

/** The last message to a member, in their language, once their account is deleted. */
export function renderAccountDeletedEmail(locale: Locale): Promise<RenderedMail> {
  const t = translatorFor(locale);
  const product = PRODUCT_NAME;
  return renderMail(
    t(M.subject, { product }),
    <MailLayout preview={t(M.title)} title={t(M.title)} locale={locale}>
      <Text style={mailStyles.text}>{t(M.gone, { product })}</Text>
      <Text style={mailStyles.text}>{t(M.again)}</Text>
    </MailLayout>,
  );
}
