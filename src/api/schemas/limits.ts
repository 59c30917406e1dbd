export * from './values/limits.js';
