/** Injection tokens for the process-wide resources. */
export const SETTINGS = Symbol('SETTINGS');
export const DATABASE = Symbol('DATABASE');
export const REDIS = Symbol('REDIS');
