/**
 * Accounts and sessions: better-auth, password hashing, guards, rate limits, resets.
 * The module's public surface: other code imports only this file.
 */
export { type Auth, createAuth } from './auth';
export { authBridge } from './bridge';
export { createDeviceCookies } from './device-cookie';
export { createAuthGuards } from './guards';
export {
  createPasswordHasher,
  type HashingLimits,
  type PasswordHasher,
  type ScryptCost,
} from './password-hash';
export { createAuthRepository } from './repository';
export { createPasswordResetService } from './reset-service';
export { accountRoutes } from './routes';
