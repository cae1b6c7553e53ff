import { Router } from 'express';
import { currentAccount, currentUser, parse, parseBody, requireUser } from '@brigade/kit';
import { identityHttp } from '@brigade/contracts';
import type { IdentityContext } from '../context';
import { signUp } from '../use-cases/sign-up';
import { signIn } from '../use-cases/sign-in';
import { refreshSession } from '../use-cases/refresh-session';
import { signOut } from '../use-cases/sign-out';
import { verifyPhone } from '../use-cases/verify-phone';
import { resendCode } from '../use-cases/resend-code';
import { requestPasswordReset } from '../use-cases/request-password-reset';
import { resetPassword } from '../use-cases/reset-password';
import { changePassword } from '../use-cases/change-password';
import { enrolTotp } from '../use-cases/enrol-totp';
import { requestEmailVerification } from '../use-cases/request-email-verification';
import { verifyEmail } from '../use-cases/verify-email';

export function authRouter(ctx: IdentityContext): Router {
  const router = Router();
  router.get('/auth/jwks.json', (_req, res) => {
    res.setHeader('cache-control', 'public, max-age=300');
    res.json(ctx.keyRing.jwks);
  });
  router.post('/auth/signup', async (req, res) => {
    res.status(201).json(await signUp(ctx, parseBody(identityHttp.SignupRequest, req)));
  });
  router.post('/auth/signin', async (req, res) => {
    res.json(await signIn(ctx, parseBody(identityHttp.SigninRequest, req)));
  });
  router.post('/auth/refresh', async (req, res) => {
    const body = parseBody(identityHttp.RefreshRequest, req);
    res.json(await refreshSession(ctx, body.refresh_token));
  });
  // An ended session may sign out again (no revocation check): it announces its own end once more, which
  // heals an announcement that failed the first time.
  // Any account signs out, operators too.
  router.post('/auth/signout', requireUser(ctx.keyRing.keys, undefined, 'all'), async (req, res) => {
    const user = currentAccount(req);
    await signOut(ctx, user.id, user.sessionId);
    res.json({ message: 'Signed out' });
  });
  // For the signed-in account only: its own phone (the body's `phone` must be it), its own code.
  router.post('/auth/verify-phone', requireUser(ctx.keyRing.keys, ctx.revocations), async (req, res) => {
    const body = parseBody(identityHttp.VerifyPhoneRequest, req);
    res.json(await verifyPhone(ctx, currentUser(req).id, body.phone, body.code));
  });
  router.post('/auth/resend-code', requireUser(ctx.keyRing.keys, ctx.revocations), async (req, res) => {
    const body = parseBody(identityHttp.ResendCodeRequest, req);
    res.json(await resendCode(ctx, currentUser(req).id, body.phone));
  });
  // Issue 40: the email's verification link, mailed again for the signed-in account (at most once a minute),
  // and confirmed from the mail (signed out: the link may be opened on another device).
  router.post(
    '/auth/email/verify-request',
    requireUser(ctx.keyRing.keys, ctx.revocations),
    async (req, res) => {
      res.status(202).json(await requestEmailVerification(ctx, currentUser(req).id));
    },
  );
  router.get('/auth/email/verify', async (req, res) => {
    const query = parse(identityHttp.VerifyEmailQuery, req.query);
    res.setHeader('cache-control', 'no-store');
    res.json(await verifyEmail(ctx, query.token));
  });
  // A way back in (issue 32), signed out: the same answer whether or not an account matches.
  router.post('/auth/password/forgot', async (req, res) => {
    res.json(await requestPasswordReset(ctx, parseBody(identityHttp.ForgotPasswordRequest, req)));
  });
  router.post('/auth/password/reset', async (req, res) => {
    res.json(await resetPassword(ctx, parseBody(identityHttp.ResetPasswordRequest, req)));
  });
  // Issue 33: a new password given the current one (a one-time password's way out), and an operator's
  // two-step sign-in set up with their email and password.
  router.post('/auth/password/change', async (req, res) => {
    res.json(await changePassword(ctx, parseBody(identityHttp.ChangePasswordRequest, req)));
  });
  router.post('/auth/totp/enrol', async (req, res) => {
    res.json(await enrolTotp(ctx, parseBody(identityHttp.TotpEnrolRequest, req)));
  });
  return router;
}
