// Secrets that travel in URLs: password-reset and activation tokens in the pages' paths, the
// driver-link token, OpenID authorization codes and token hints in query strings. Whatever is
// logged (request URLs, browser error reports) goes through redactSecrets first.

const SECRET_PATH = /(\/(?:reset-password|passwordReset|ActivateUser)\/)[^/?#\s"'<>]+/gi;
const SECRET_PARAMETER =
  /([?&#](?:token|driverToken|resetToken|code|id_token_hint|id_token|access_token|refresh_token|client_secret|api_key|apiKey|password)=)[^&#\s"'<>]*/gi;

export const REDACTED = '[redacted]';

/** The text (a URL, a path, or a message quoting one) with every such secret replaced. */
export function redactSecrets(text: string): string {
  return text.replace(SECRET_PATH, `$1${REDACTED}`).replace(SECRET_PARAMETER, `$1${REDACTED}`);
}
