/**
 * Where to watch: a country's streaming services, a member's own, and the availability sync that
 * keeps each title's offers. The module's public surface: other code imports only this file.
 */
export { createWatchRepository } from './repository';
export { type AvailabilityPass, createWatchService, type WatchService } from './service';
