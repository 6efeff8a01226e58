import type { IncomingMessage } from 'node:http';
import {
  describeIssues,
  ForgotPasswordRequest,
  isLocale,
  type LocaleCode,
  negotiateLocale,
  ResetPasswordRequest,
  SignInRequest,
  SignUpRequest,
} from '@quire/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { ZodError } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { translateValidation, translator } from '../../http/i18n';
import type { Mailer } from '../../mail/mailer';
import { signUp, verifyCredentials } from '../accounts/accounts.service';
import { pruneExpiredPayloads } from './identity.adapter';
import { type FormPage, renderForgotPage, renderFormPage, renderMessagePage, renderResetPage } from './identity.pages';
import {
  isResetTokenValid,
  RESET_LINK_MINUTES,
  requestPasswordReset,
  resetPassword,
  signInPath,
} from './identity.password-reset';
import { requestLocale } from './identity.provider';
import { clearLoginFailures, loginBlockedForMinutes, recordLoginFailure } from './identity.throttle';

const FORM_BODY_LIMIT_BYTES = 16 * 1024;
const PRUNE_INTERVAL_MS = 10 * 60 * 1000;

type Options = { provider: Provider; db: Database; mailer: Mailer; publicUrl: string };

/**
 * The embedded provider at /oidc: our sign-in and sign-up pages for its interactions, and everything
 * else handed to oidc-provider untouched (it reads the raw request itself).
 */
export async function identityRoutes(app: FastifyInstance, options: Options): Promise<void> {
  const { provider, db, mailer, publicUrl } = options;
  // Not `options` itself: it carries this plugin's own prefix, which would be applied twice.
  await app.register(interactionRoutes, { provider, db, mailer, publicUrl });
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const callback = provider.callback();
    const handOver = (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      raw.originalUrl = raw.url;
      // "/oidc?x" leaves "?x": oidc-provider's router needs a path before the query, or it throws (a 500).
      const rest = (raw.url ?? '/').slice('/oidc'.length);
      raw.url = rest.startsWith('/') ? rest : `/${rest}`;
      callback(raw, reply.raw);
    };
    scope.all('/', { config: { auth: 'public' } }, handOver);
    scope.all('/*', { config: { auth: 'public' } }, handOver);
  });

  const prune = setInterval(() => {
    pruneExpiredPayloads(db).catch((error) => app.log.warn({ err: error }, 'pruning provider payloads failed'));
  }, PRUNE_INTERVAL_MS);
  prune.unref();
  app.addHook('onClose', async () => clearInterval(prune));
}

async function interactionRoutes(app: FastifyInstance, { provider, db, mailer, publicUrl }: Options): Promise<void> {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get<{ Params: { uid: string }; Querystring: { mode?: string } }>(
    '/interaction/:uid',
    { config: { auth: 'public' } },
    async (request, reply) => {
      const details = await interactionOf(provider, request, reply);
      if (request.query.mode === 'forgot') return sendHtml(reply, renderForgotPage(details), 200);
      const mode = request.query.mode === 'signup' ? 'signup' : 'signin';
      return sendPage(reply, { locale: details.locale, uid: details.uid, mode }, 200);
    },
  );

  app.post<{ Params: { uid: string } }>(
    '/interaction/:uid/login',
    { config: { auth: 'public' } },
    async (request, reply) => {
      const details = await interactionOf(provider, request, reply);
      const page: FormPage = { locale: details.locale, uid: details.uid, mode: 'signin' };
      const form = SignInRequest.safeParse(request.body);
      const email =
        typeof (request.body as { email?: unknown })?.email === 'string'
          ? (request.body as { email: string }).email
          : '';
      const t = translator(details.locale);
      const waitMinutes = await loginBlockedForMinutes(db, email, request.ip);
      if (waitMinutes > 0)
        return sendPage(
          reply,
          { ...page, error: t('auth:throttled', { minutes: waitMinutes }), values: { email } },
          429,
        );
      const user = form.success ? await verifyCredentials({ db, ...form.data }) : null;
      if (!user) {
        await recordLoginFailure(db, email, request.ip);
        return sendPage(reply, { ...page, error: t('auth:invalidCredentials'), values: { email } }, 401);
      }
      await clearLoginFailures(db, email);
      return finishLogin(provider, request, reply, user.id);
    },
  );

  app.post<{ Params: { uid: string } }>(
    '/interaction/:uid/register',
    { config: { auth: 'public' } },
    async (request, reply) => {
      const details = await interactionOf(provider, request, reply);
      const body = (request.body ?? {}) as Record<string, unknown>;
      const values = { name: String(body.name ?? ''), email: String(body.email ?? '') };
      const page: FormPage = { locale: details.locale, uid: details.uid, mode: 'signup', values };
      const form = SignUpRequest.safeParse(body);
      if (!form.success) return sendPage(reply, { ...page, fieldErrors: fieldErrors(details.locale, form.error) }, 400);
      try {
        const user = await signUp({ db, request: form.data });
        return finishLogin(provider, request, reply, user.id);
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'validation_error') throw error;
        const fields = Object.fromEntries(
          error.fields.map((field) => [field.path, translateValidation(details.locale, field)]),
        );
        return sendPage(reply, { ...page, fieldErrors: fields }, 400);
      }
    },
  );

  app.post<{ Params: { uid: string } }>(
    '/interaction/:uid/forgot',
    { config: { auth: 'public' } },
    async (request, reply) => {
      const details = await interactionOf(provider, request, reply);
      const form = ForgotPasswordRequest.safeParse(request.body);
      if (form.success) {
        await requestPasswordReset({ db, mailer, email: form.data.email, locale: details.locale, publicUrl });
      }
      return sendHtml(reply, renderForgotPage({ ...details, sentForMinutes: RESET_LINK_MINUTES }), 200);
    },
  );

  app.get<{ Params: { token: string }; Querystring: { lang?: string } }>(
    '/reset/:token',
    { config: { auth: 'public' } },
    async (request, reply) => {
      const locale = linkLocale(request);
      if (!(await isResetTokenValid(db, request.params.token))) return sendResetInvalid(reply, locale, publicUrl);
      return sendHtml(reply, renderResetPage({ locale, token: request.params.token }), 200);
    },
  );

  app.post<{ Params: { token: string }; Querystring: { lang?: string } }>(
    '/reset/:token',
    { config: { auth: 'public' } },
    async (request, reply) => {
      const locale = linkLocale(request);
      const form = ResetPasswordRequest.safeParse(request.body);
      if (!form.success) {
        const error = fieldErrors(locale, form.error)?.password;
        return sendHtml(reply, renderResetPage({ locale, token: request.params.token, error }), 400);
      }
      if (!(await resetPassword({ db, token: request.params.token, password: form.data.password }))) {
        return sendResetInvalid(reply, locale, publicUrl);
      }
      const t = translator(locale);
      const page = renderMessagePage(
        locale,
        t('auth:resetTitle'),
        t('auth:resetDone'),
        `${publicUrl}${signInPath(locale)}`,
      );
      return sendHtml(reply, page, 200);
    },
  );
}

function linkLocale(request: FastifyRequest<{ Querystring: { lang?: string } }>): LocaleCode {
  return isLocale(request.query.lang) ? request.query.lang : negotiateLocale(request.headers['accept-language']);
}

function sendResetInvalid(reply: FastifyReply, locale: LocaleCode, publicUrl: string) {
  const t = translator(locale);
  const page = renderMessagePage(
    locale,
    t('auth:errorTitle'),
    t('auth:resetInvalid'),
    `${publicUrl}${signInPath(locale)}`,
  );
  return sendHtml(reply, page, 410);
}

/** The interaction behind a request; an expired or unknown one shows the provider's translated error page. */
async function interactionOf(
  provider: Provider,
  request: FastifyRequest<{ Params: { uid: string } }>,
  reply: FastifyReply,
): Promise<{ uid: string; locale: LocaleCode }> {
  try {
    const details = await provider.interactionDetails(request.raw, reply.raw);
    if (details.uid !== request.params.uid) throw new Error('interaction does not match its cookie');
    const locale = requestLocale({
      oidc: { params: details.params },
      get: (name: string) => request.headers[name],
    } as never);
    return { uid: details.uid, locale };
  } catch (error) {
    throw new AppError('login_failed', { cause: error });
  }
}

async function finishLogin(provider: Provider, request: FastifyRequest, reply: FastifyReply, accountId: string) {
  reply.hijack();
  await provider.interactionFinished(
    request.raw,
    reply.raw,
    { login: { accountId } },
    { mergeWithLastSubmission: false },
  );
}

function sendPage(reply: FastifyReply, page: FormPage, status: number) {
  return sendHtml(reply, renderFormPage(page), status);
}

function sendHtml(reply: FastifyReply, html: string, status: number) {
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

/** Each invalid field's message in the spec's wording, first message per field. */
function fieldErrors(locale: LocaleCode, error: ZodError): FormPage['fieldErrors'] {
  const messages: Record<string, string> = {};
  for (const issue of describeIssues(error)) messages[issue.path] ??= translateValidation(locale, issue);
  return messages;
}
