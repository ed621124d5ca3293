/** Where the fake outside services listen during the browser tests, and who "Google" signs in. */
const base = Number(process.env.E2E_PORT ?? 3103);

export const FAKE_PORTS = { smtp: base + 22, oidc: base + 23, control: base + 24 };

export const googleUser = {
  sub: 'google-user-1',
  email: 'grace.google@example.com',
  name: 'Grace Google',
  clientId: 'releasebell-e2e-client',
  clientSecret: 'releasebell-e2e-secret',
};

export const mailboxUrl = `http://127.0.0.1:${FAKE_PORTS.control}/mails`;
/** A member's webhook at the stand-in (the app allows private addresses in these tests), and what it got. */
export const webhookUrl = (name: string) => `http://127.0.0.1:${FAKE_PORTS.control}/hooks/${name}`;
export const webhooksUrl = (name: string) => `http://127.0.0.1:${FAKE_PORTS.control}/hooks?name=${name}`;
