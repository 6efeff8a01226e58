/** Hands the browser to another site (Stripe's checkout or portal); the app is left behind. */
export function redirectToExternal(url: string): void {
  window.location.assign(url);
}
