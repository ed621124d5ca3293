export * from './config';
export * from './constants';
export * from './errors';
export * from './media';
export * from './requests';
export * from './users';
