/**
 * Member profiles and phone verification.
 * The module's public surface: other code imports only this file.
 */
export { createPhoneVerification } from './phone-verification';
export { createUsersRepository } from './repository';
export { usersRoutes } from './routes';
export { createUsersService } from './service';
