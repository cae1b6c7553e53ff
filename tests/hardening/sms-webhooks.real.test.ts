import { eventually, requireRealServers } from '@brigade/kit/testing';
import { startProcessStack, type ProcessStack } from './support/processes';
import { apply, expectStatus, payJob, postJob, signUp, type Account } from './support/stack';

// Twilio's two webhooks as deployed: the SMS sandbox in its own process signs its status callbacks and the texts
// people send to Brigade, and notifications in its own checks them with the same token (behind the gateway).
// Until the process stack gave both the run's token, every one of them was refused with 403: no text was ever
// marked delivered (so no fallback to push and email could start), and a STOP was never heard.

const real = requireRealServers('DATABASE_URL', 'AMQP_URL', 'REDIS_URL');

(real ? describe : describe.skip)("Twilio's webhooks across processes (real servers)", () => {
  let stack: ProcessStack;
  let chef: Account;
  let restaurant: Account;

  beforeAll(async () => {
    stack = await startProcessStack({ prefix: 'smshooks' });
    [chef, restaurant] = await Promise.all([
      signUp(stack, 'chef', { payouts: false }),
      signUp(stack, 'restaurant'),
    ]);
  }, 120_000);

  afterAll(async () => {
    await stack?.destroy();
  }, 60_000);

  test('a chef who texts STOP is answered and their texts turn off; START turns them back on', async () => {
    const text = async (body: string) =>
      expectStatus(
        await stack.call('POST', '/api/dev/sms/inbound', { body: { from: `+1${chef.phone}`, body } }),
        200,
      ).body.replies as string[];
    const sms = async () =>
      expectStatus(await stack.call('GET', '/api/notifications/preferences', { token: chef.token }), 200).body
        .sms_notifications as boolean;
    expect(await sms()).toBe(true);

    expect(await text('STOP')).toEqual([
      expect.stringMatching(/^Brigade: you will get no more texts from us/),
    ]);
    expect(await sms()).toBe(false);
    expect(await text('START')).toEqual([expect.stringMatching(/^Brigade: texts are on again/)]);
    expect(await sms()).toBe(true);
  });

  test("a restaurant's text is marked delivered by the sandbox's status callback", async () => {
    const job = await postJob(stack, restaurant);
    await payJob(stack, restaurant, job);
    await apply(stack, chef, job);
    // The restaurant is texted about the application; the sandbox reports it sent, then delivered.
    await eventually(async () => {
      const rows = await stack.query<{ status: string; delivery_status: string | null }>(
        'notifications',
        `select status, delivery_status from notifications.sms
          where recipient_id = $1 and template = 'application_submitted'`,
        [restaurant.id],
      );
      expect(rows).toEqual([{ status: 'sent', delivery_status: 'delivered' }]);
    }, 30_000);
  }, 90_000);
});
