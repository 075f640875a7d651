/** The list lives at /accounting and at /invoices (spec section 2); the detail opens over either. */
export function accountingBase(pathname: string): '/accounting' | '/invoices' {
  return pathname.toLowerCase().startsWith('/invoices') ? '/invoices' : '/accounting';
}
