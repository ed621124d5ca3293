import { OAuth2Server } from 'oauth2-mock-server';

export interface OidcUser {
  sub: string;
  email: string;
  name: string;
}

/**
 * A real OpenID Connect provider on 127.0.0.1 (oauth2-mock-server) standing in for Google. Its ID
 * tokens carry the given user; the nonce of the authorization request is echoed unless `tamperNonce`.
 */
export async function startOidcServer(clientId: string, user: OidcUser) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  const state = { tamperNonce: false };
  server.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, { ...user, email_verified: true, aud: clientId });
    if (state.tamperNonce) token.payload.nonce = 'not-the-nonce-we-sent';
  });
  server.service.on('beforeUserinfo', (userInfo) => {
    userInfo.body = { ...user, email_verified: true };
  });
  await server.start(0, '127.0.0.1');
  const issuer = server.issuer.url as string;
  return {
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    state,
    stop: () => server.stop(),
  };
}
