import { ConfigurationError } from './errors.js';
import { isLoopbackHost } from './redact.js';

/** Checks a base URL: https, or plain http only to a loopback host (credentials never travel in the clear), and no user or password in it. */
export function checkBaseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigurationError(`invalid base URL "${raw}"`, 'Give a full URL such as https://api.example.com.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new ConfigurationError(`unsupported base URL scheme "${url.protocol}"`, 'Use an https:// URL.');
  // A secret in the URL would be stored in the config file and shown wherever the URL is.
  if (url.username || url.password)
    throw new ConfigurationError(
      `refusing a base URL with credentials in it (${url.protocol}//***@${url.host})`,
      `Give the URL without user and password (${url.protocol}//${url.host}${url.pathname === '/' ? '' : url.pathname}); the API key or session goes through auth login or PROSPECT_API_KEY.`,
    );
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname))
    throw new ConfigurationError(
      `refusing plain http to ${url.host}: credentials would travel unencrypted`,
      'Use https://, or http:// only for a loopback host such as 127.0.0.1 or localhost.',
    );
  return url;
}

/** A service URL as local records hold it (journal, checkpoints): without userinfo. */
export function serviceUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    return u.href;
  } catch {
    return url;
  }
}
