/**
 * A member's own data: the export of all of it, and the deletion of the account.
 * The module's public surface: other code imports only this file.
 */
export { createAccountRepository } from './repository';
export { accountDataRoutes } from './routes';
export { createAccountService } from './service';
