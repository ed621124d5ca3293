/** @jsxRuntime automatic */
// (The pragma keeps the automatic JSX runtime when tsx runs from the repository root.)
import { Button, Section, Text } from '@react-email/components';
import { type Locale, PRODUCT_NAME } from '@releasebell/contract/constants';
import type { MessageValues } from '@releasebell/contract/i18n';
import { translate } from '../../infra/i18n';
import { MailLayout, mailStyles, type RenderedMail, renderMail } from '../../infra/mail/layout';

const M = {
  subject: /*i18n*/ { id: 'reset.subject', message: 'Reset your {product} password' },
  preview: /*i18n*/ { id: 'reset.preview', message: 'Choose a new {product} password' },
  title: /*i18n*/ { id: 'reset.title', message: 'Reset your password' },
  asked: /*i18n*/ {
    id: 'reset.asked',
    message:
      'Someone (we hope you) asked to reset the password of your {product} account. Use the button below to choose a new one. The link works once and expires in {minutes, plural, one {# minute} other {# minutes}}.',
  },
  button: /*i18n*/ { id: 'reset.button', message: 'Choose a new password' },
  link: /*i18n*/ { id: 'reset.link', message: 'Or open this link: {url}' },
  notYou: /*i18n*/ {
    id: 'reset.notYou',
    message: 'If you did not ask for this, ignore this email: your password stays as it is.',
  },
};

/** The password-reset message in the member's language, as HTML and plain text. */
export function renderResetPasswordEmail({
  url,
  expiresInMinutes,
  locale,
}: {
  url: string;
  expiresInMinutes: number;
  locale: Locale;
}): Promise<RenderedMail> {
  const t = (message: (typeof M)[keyof typeof M], values?: MessageValues) =>
    translate(locale, message, values);
  const product = PRODUCT_NAME;
  return renderMail(
    t(M.subject, { product }),
    <MailLayout preview={t(M.preview, { product })} title={t(M.title)} locale={locale}>
      <Text style={mailStyles.text}>{t(M.asked, { product, minutes: expiresInMinutes })}</Text>
      <Section style={{ margin: '24px 0' }}>
        <Button href={url} style={mailStyles.button}>
          {t(M.button)}
        </Button>
      </Section>
      <Text style={mailStyles.text}>{t(M.link, { url })}</Text>
      <Text style={mailStyles.text}>{t(M.notYou)}</Text>
    </MailLayout>,
  );
}
