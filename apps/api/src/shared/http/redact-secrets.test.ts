import { describe, expect, it } from 'vitest';
import { redactSecrets } from './redact-secrets';

describe('redactSecrets', () => {
  it.each([
    ['/reset-password/pt_abc123', '/reset-password/[redacted]'],
    ['/ActivateUser/pt_abc123?x=1', '/ActivateUser/[redacted]?x=1'],
    ['/passwordReset/abc/', '/passwordReset/[redacted]/'],
    ['/all-shipments?driverToken=dl_secret&page=2', '/all-shipments?driverToken=[redacted]&page=2'],
    ['/auth/callback?code=abc.def&state=xyz', '/auth/callback?code=[redacted]&state=xyz'],
    ['/oidc/session/end?id_token_hint=eyJ.a.b', '/oidc/session/end?id_token_hint=[redacted]'],
    [
      'https://portal.example.com/all-shipments?view=1&DRIVERTOKEN=dl_x#top',
      'https://portal.example.com/all-shipments?view=1&DRIVERTOKEN=[redacted]#top',
    ],
    [
      'Request failed: GET /reset-password/pt_1 and /auth/callback?code=c1',
      'Request failed: GET /reset-password/[redacted] and /auth/callback?code=[redacted]',
    ],
    ['/api/v2/shipments?pageSize=5&zipcode=60601', '/api/v2/shipments?pageSize=5&zipcode=60601'],
  ])('%s -> %s', (input, output) => {
    expect(redactSecrets(input)).toBe(output);
  });
});
