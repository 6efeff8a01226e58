import { createHash } from 'node:crypto';
import { LOCALE_INFO, type LocaleCode, PASSWORD_MIN_LENGTH } from '@quire/contracts';
import { escapeHtml } from '../../http/escape-html';
import { translator } from '../../http/i18n';

export type FormPage = {
  locale: LocaleCode;
  uid: string;
  mode: 'signin' | 'signup';
  /** A message for the whole form (wrong password, throttled) or per field, already translated. */
  error?: string;
  fieldErrors?: Partial<Record<'name' | 'email' | 'password', string>>;
  values?: { name?: string; email?: string };
};

/** The embedded provider's sign-in and sign-up page: plain HTML that works without JavaScript. */
export function renderFormPage(page: FormPage): string {
  const t = translator(page.locale);
  const signUp = page.mode === 'signup';
  const action = `/oidc/interaction/${encodeURIComponent(page.uid)}/${signUp ? 'register' : 'login'}`;
  const other = `/oidc/interaction/${encodeURIComponent(page.uid)}${signUp ? '' : '?mode=signup'}`;
  const field = (name: 'name' | 'email' | 'password', type: string, autocomplete: string, hint?: string) => {
    const error = page.fieldErrors?.[name];
    const value = name === 'password' ? '' : (page.values?.[name] ?? '');
    const describedBy = [hint ? `${name}-hint` : '', error ? `${name}-error` : ''].filter(Boolean).join(' ');
    return `<label for="${name}">${escapeHtml(t(`fields:${name}`))}</label>
      <input id="${name}" name="${name}" type="${type}" autocomplete="${autocomplete}" required value="${escapeHtml(value)}"${
        describedBy ? ` aria-describedby="${describedBy}"` : ''
      }${error ? ' aria-invalid="true"' : ''}>
      ${hint ? `<p class="hint" id="${name}-hint">${escapeHtml(hint)}</p>` : ''}
      ${error ? `<p class="field-error" id="${name}-error">${escapeHtml(error)}</p>` : ''}`;
  };
  const body = `<h1>${escapeHtml(t(signUp ? 'auth:signUpTitle' : 'auth:signInTitle'))}</h1>
    ${page.error ? `<p class="form-error" role="alert">${escapeHtml(page.error)}</p>` : ''}
    <form method="post" action="${action}" novalidate>
      ${signUp ? field('name', 'text', 'name') : ''}
      ${field('email', 'email', 'email')}
      ${field(
        'password',
        'password',
        signUp ? 'new-password' : 'current-password',
        signUp ? t('auth:passwordHint', { min: PASSWORD_MIN_LENGTH }) : undefined,
      )}
      <button type="submit">${escapeHtml(t(signUp ? 'auth:signUpSubmit' : 'auth:signInSubmit'))}</button>
    </form>
    ${
      signUp
        ? ''
        : `<p class="switch"><a href="/oidc/interaction/${encodeURIComponent(page.uid)}?mode=forgot">${escapeHtml(t('auth:forgotLink'))}</a></p>`
    }
    <p class="switch"><a href="${other}">${escapeHtml(t(signUp ? 'auth:toSignIn' : 'auth:toSignUp'))}</a></p>`;
  return layout(page.locale, t(signUp ? 'auth:signUpTitle' : 'auth:signInTitle'), body);
}

/** Asks for the e-mail address to send a reset link to; after sending, says so without saying whether it exists. */
export function renderForgotPage(page: { locale: LocaleCode; uid: string; sentForMinutes?: number }): string {
  const t = translator(page.locale);
  const uid = encodeURIComponent(page.uid);
  const content =
    page.sentForMinutes === undefined
      ? `<p>${escapeHtml(t('auth:forgotIntro'))}</p>
    <form method="post" action="/oidc/interaction/${uid}/forgot" novalidate>
      <label for="email">${escapeHtml(t('fields:email'))}</label>
      <input id="email" name="email" type="email" autocomplete="email" required>
      <button type="submit">${escapeHtml(t('auth:forgotSubmit'))}</button>
    </form>`
      : `<p role="status">${escapeHtml(t('auth:forgotSent', { minutes: page.sentForMinutes }))}</p>`;
  const body = `<h1>${escapeHtml(t('auth:forgotTitle'))}</h1>${content}
    <p class="switch"><a href="/oidc/interaction/${uid}">${escapeHtml(t('auth:toSignIn'))}</a></p>`;
  return layout(page.locale, t('auth:forgotTitle'), body);
}

/** The form behind a reset link: the new password, with the sign-up rules. */
export function renderResetPage(page: { locale: LocaleCode; token: string; error?: string }): string {
  const t = translator(page.locale);
  const action = `/oidc/reset/${encodeURIComponent(page.token)}?lang=${page.locale}`;
  const body = `<h1>${escapeHtml(t('auth:resetTitle'))}</h1>
    <form method="post" action="${action}" novalidate>
      <label for="password">${escapeHtml(t('fields:password'))}</label>
      <input id="password" name="password" type="password" autocomplete="new-password" required aria-describedby="password-hint${
        page.error ? ' password-error' : ''
      }"${page.error ? ' aria-invalid="true"' : ''}>
      <p class="hint" id="password-hint">${escapeHtml(t('auth:passwordHint', { min: PASSWORD_MIN_LENGTH }))}</p>
      ${page.error ? `<p class="field-error" id="password-error">${escapeHtml(page.error)}</p>` : ''}
      <button type="submit">${escapeHtml(t('auth:resetSubmit'))}</button>
    </form>`;
  return layout(page.locale, t('auth:resetTitle'), body);
}

/** A page with a title, a text and a link back to the app (errors, signed out). */
export function renderMessagePage(locale: LocaleCode, title: string, text: string, homeUrl: string): string {
  const t = translator(locale);
  const body = `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>
    <p><a class="button" href="${escapeHtml(homeUrl)}">${escapeHtml(t('auth:backToQuire'))}</a></p>`;
  return layout(locale, title, body);
}

/** Submits the provider's logout form at once, confirming the sign-out the web app asked for. */
const LOGOUT_SCRIPT =
  'var f=document.getElementById(\'op.logoutForm\');f.insertAdjacentHTML(\'beforeend\',\'<input type="hidden" name="logout" value="yes">\');f.submit();';

/** The CSP that lets exactly the logout page's own script run, and nothing else inline. */
export const LOGOUT_PAGE_CSP = `default-src 'self'; script-src 'sha256-${createHash('sha256').update(LOGOUT_SCRIPT).digest('base64')}'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'`;

/** The logout confirmation: the provider's form, submitted at once, with a button where scripts are off. */
export function renderLogoutPage(locale: LocaleCode, form: string): string {
  const t = translator(locale);
  const body = `<h1>${escapeHtml(t('auth:signOutTitle'))}</h1>
    ${form}
    <button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>${escapeHtml(t('auth:signOutSubmit'))}</button>
    <script>${LOGOUT_SCRIPT}</script>`;
  return layout(locale, t('auth:signOutTitle'), body);
}

const STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#000;background:#fff}
main{max-width:26rem;margin:8vh auto;padding:2rem 1.5rem}.logo{font-weight:700;font-size:1.25rem;margin-bottom:2rem;display:block;color:#000;text-decoration:none}
h1{font-size:1.6rem;line-height:1.25;margin:0 0 1.25rem}label{display:block;font-weight:600;margin-top:1rem}
input{width:100%;font:inherit;padding:.6rem .7rem;border:1px solid #000;border-radius:4px;margin-top:.25rem}
input[aria-invalid=true]{border-color:#FF1E1E}button,.button{display:inline-block;margin-top:1.5rem;width:100%;text-align:center;font:inherit;font-weight:700;padding:.7rem 1rem;border:0;border-radius:4px;background:#000;color:#fff;cursor:pointer;text-decoration:none}
:focus-visible{outline:3px solid #000;outline-offset:2px}.hint{margin:.25rem 0 0;color:#444;font-size:.9rem}
.field-error,.form-error{color:#c40000;margin:.25rem 0 0}.form-error{border-left:3px solid #FF1E1E;padding:.5rem .75rem;background:#fff5f5}
.switch{margin-top:1.5rem}a{color:#000}`;

function layout(locale: LocaleCode, title: string, body: string): string {
  return `<!doctype html>
<html lang="${LOCALE_INFO[locale].meta.htmlLang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Quire</title><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg"><style>${STYLE}</style></head>
<body><main><a class="logo" href="/">Quire</a>${body}</main></body>
</html>`;
}
