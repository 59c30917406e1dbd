declare const __PROSPECT_VERSION__: string;

/** The package version, set by the build; `0.0.0-dev` when the sources run unbuilt (tests). */
export const SDK_VERSION: string = typeof __PROSPECT_VERSION__ === 'string' ? __PROSPECT_VERSION__ : '0.0.0-dev';
