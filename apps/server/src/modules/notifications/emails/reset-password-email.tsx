/** @jsxRuntime automatic */
// (The pragma keeps the automatic JSX runtime when tsx runs from the repository root.)
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import { PRODUCT_NAME, TAGLINE } from '@releasebell/contract/constants';

export interface ResetPasswordEmailProps {
  url: string;
  expiresInMinutes: number;
}

const page = { backgroundColor: '#171923', fontFamily: 'Helvetica, Arial, sans-serif', padding: '32px 0' };
const card = { backgroundColor: '#1f2230', borderRadius: '12px', padding: '32px', maxWidth: '480px' };
const text = { color: '#e2e4ea', fontSize: '15px', lineHeight: '24px' };

/** The password-reset message; rendered to HTML and plain text. */
export function ResetPasswordEmail({ url, expiresInMinutes }: ResetPasswordEmailProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>Choose a new {PRODUCT_NAME} password</Preview>
      <Body style={page}>
        <Container style={card}>
          <Heading as="h1" style={{ color: '#ffffff', fontSize: '22px', margin: '0 0 16px' }}>
            Reset your password
          </Heading>
          <Text style={text}>
            Someone (we hope you) asked to reset the password of your {PRODUCT_NAME} account. Use the button
            below to choose a new one. The link works once and expires in {expiresInMinutes} minutes.
          </Text>
          <Section style={{ margin: '24px 0' }}>
            <Button
              href={url}
              style={{
                backgroundColor: '#7c5cff',
                borderRadius: '8px',
                color: '#ffffff',
                fontWeight: 600,
                padding: '12px 20px',
              }}
            >
              Choose a new password
            </Button>
          </Section>
          <Text style={text}>Or open this link: {url}</Text>
          <Text style={text}>
            If you did not ask for this, ignore this email: your password stays as it is.
          </Text>
          <Hr style={{ borderColor: '#33374a' }} />
          <Text style={{ ...text, color: '#9aa0b4', fontSize: '13px' }}>
            {PRODUCT_NAME} · {TAGLINE}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
