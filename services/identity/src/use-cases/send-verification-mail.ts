import { MailError } from '@brigade/kit';
import { claimDueMail, markMailFailed, markMailSent } from '../db/email-verifications.repository';
import {
  EMAIL_MAX_ATTEMPTS,
  EMAIL_SEND_LEASE_SECONDS,
  emailToken,
  retryDelaySeconds,
} from '../domain/email-verification';
import { verificationMail } from '../domain/verification-mail';
import type { IdentityContext } from '../context';

/**
 * Issue 40: send the next verification mail due, after the transaction that asked for it committed. The link's
 * row is claimed first (committed, with a lease), then the mail goes out, then the row is marked sent: a crash
 * before the send sends it once the lease ends; two instances never hold the same row. Its Message-ID is the
 * link's own, so a crash between the relay's answer and the mark (the one case a mail can go twice) sends the
 * same message again, which mail systems recognise. A link for an address the account no longer has, or an
 * email verified meanwhile, is not sent. False when nothing was due.
 */
export async function sendNextVerificationMail(ctx: IdentityContext): Promise<boolean> {
  if (!ctx.mailer) return false;
  const claimed = await claimDueMail(ctx.database, EMAIL_SEND_LEASE_SECONDS);
  if (!claimed) return false;
  const { link, account } = claimed;
  if (!account || account.email !== link.email || account.emailVerifiedAt) {
    await markMailFailed(ctx.database.db, link.id, 'not sent: the email changed or was verified', null);
    return true;
  }
  const token = emailToken(ctx.emailTokenKey, link.id);
  const url = new URL('/verify-email', ctx.config.PUBLIC_URL);
  url.searchParams.set('token', token);
  const mail = verificationMail({
    language: account.language,
    link: url.toString(),
    ttlMs: ctx.config.EMAIL_VERIFY_TTL,
  });
  try {
    const sent = await ctx.mailer.send({
      to: link.email,
      ...mail,
      headers: { 'Message-ID': `<email-verification.${link.id}@brigade>` },
    });
    await markMailSent(ctx.database.db, link.id, sent.messageId);
  } catch (err) {
    const failure = err instanceof MailError ? err : new MailError(String(err), true);
    const giveUp = !failure.retryable || link.attempts >= EMAIL_MAX_ATTEMPTS;
    ctx.logger.warn(
      { err: failure.message, link: link.id, attempt: link.attempts, retry: !giveUp },
      'verification mail not sent',
    );
    await markMailFailed(
      ctx.database.db,
      link.id,
      failure.message,
      giveUp ? null : retryDelaySeconds(link.attempts),
    );
  }
  return true;
}
