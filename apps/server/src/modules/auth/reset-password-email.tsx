/** @jsxRuntime automatic */
// (The pragma keeps the automatic JSX runtime when tsx runs from the repository root.)
import { Button, Section, Text } from '@react-email/components';
import { PRODUCT_NAME } from '@releasebell/contract/constants';
import { MailLayout, mailStyles, type RenderedMail, renderMail } from '../../infra/mail/layout';

/** The password-reset message, as HTML and plain text. */
export function renderResetPasswordEmail({
  url,
  expiresInMinutes,
}: {
  url: string;
  expiresInMinutes: number;
}): Promise<RenderedMail> {
  const subject = `Reset your ${PRODUCT_NAME} password`;
  return renderMail(
    subject,
    <MailLayout preview={`Choose a new ${PRODUCT_NAME} password`} title="Reset your password">
      <Text style={mailStyles.text}>
        Someone (we hope you) asked to reset the password of your {PRODUCT_NAME} account. Use the button below
        to choose a new one. The link works once and expires in {expiresInMinutes} minutes.
      </Text>
      <Section style={{ margin: '24px 0' }}>
        <Button href={url} style={mailStyles.button}>
          Choose a new password
        </Button>
      </Section>
      <Text style={mailStyles.text}>Or open this link: {url}</Text>
      <Text style={mailStyles.text}>
        If you did not ask for this, ignore this email: your password stays as it is.
      </Text>
    </MailLayout>,
  );
}
