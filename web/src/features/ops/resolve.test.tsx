// The dispute page and its resolve form: both sides' facts, the preview of what each side receives (the
// contracts' platformFee, as the server computes it), the request it sends, validation and server errors.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BOOKING_FEE_BPS, platformFee } from '@brigade/contracts';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { disputeRoutes, makeDispute, signedInOperator } from './fixtures';
import type { OpsDispute } from './opsApi';
import { dollarsToCents, resolutionPreview } from './resolve';

function openDispute() {
  signedInOperator();
  const dispute = makeDispute(30);
  disputeRoutes(dispute);
  fakeApi.on('POST', `/ops/disputes/${dispute.job.id}/resolve`, (call) => {
    const body = call.body as { chef_pay_cents: number; note: string };
    const fee = platformFee({ feeBps: BOOKING_FEE_BPS }, body.chef_pay_cents);
    const resolution = {
      chef_pay_cents: body.chef_pay_cents,
      fee_cents: fee,
      refund_cents: dispute.job.total_cents - body.chef_pay_cents - fee,
      note: body.note,
      resolved_at: new Date().toISOString(),
      operator_id: dispute.job.id,
    };
    const resolved = { ...dispute, resolution } satisfies OpsDispute;
    // As the server: from now on the dispute reads as decided (the page refetches it after the decision).
    fakeApi.on('GET', `/ops/disputes/${dispute.job.id}`, { body: { dispute: resolved } });
    return { body: { dispute: resolved } };
  });
  renderApp(`/ops/disputes/${dispute.job.id}`);
  return dispute;
}

const preview = () => ({
  chef: screen.getByTestId('preview-chef').textContent,
  fee: screen.getByTestId('preview-fee').textContent,
  refund: screen.getByTestId('preview-refund').textContent,
});

async function decide(amount: string | null, quick: string | null, note: string) {
  const input = await screen.findByLabelText('Chef pay (dollars)');
  if (quick) await userEvent.click(screen.getByRole('button', { name: quick }));
  if (amount !== null) {
    await userEvent.clear(input);
    await userEvent.type(input, amount);
  }
  if (note) await userEvent.type(screen.getByLabelText('Note to both sides'), note);
  await userEvent.click(screen.getByRole('button', { name: 'Review decision' }));
}

describe('the dispute page', () => {
  test("shows both sides' answers, ratings, feedback, reliability, the statement with its translation, the ledger and a timeline link", async () => {
    const dispute = openDispute();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dispute: Line Cook' })).toBeTruthy();
    const chef = await screen.findByTestId('side-chef');
    expect(within(chef).getByRole('heading', { name: 'Chef: Maria Lopez' })).toBeTruthy();
    expect(within(chef).getByText('Yes, it was worked')).toBeTruthy();
    expect(within(chef).getByText('4 of 5')).toBeTruthy();
    expect(within(chef).getByText('Worked the whole shift')).toBeTruthy();
    expect(within(chef).getByTestId('reliability').textContent).toMatch(/12 completed shifts/);
    const restaurant = screen.getByTestId('side-restaurant');
    expect(within(restaurant).getByText('No, it was not worked')).toBeTruthy();
    expect(within(restaurant).getByText('Never showed up')).toBeTruthy();
    expect(within(restaurant).getByTestId('reliability').textContent).toMatch(/1 dispute lost/);
    const statement = screen.getByTestId('statement');
    // in the console's language, marked as a translation, the original a click away
    expect(within(statement).getByText('I arrived at six and worked until closing.')).toBeTruthy();
    expect(within(statement).getByTestId('translation-mark').textContent).toBe(
      'Translated from Spanish · Show original',
    );
    await userEvent.click(within(statement).getByRole('button', { name: 'Show original' }));
    expect(within(statement).getByText('Llegué a las seis y trabajé hasta el cierre.')).toBeTruthy();
    expect(await screen.findByText('Charged')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Shift timeline' }).getAttribute('href')).toBe(
      `/ops/jobs/${dispute.job.id}`,
    );
    const headings = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
    headings.forEach((level, i) => i > 0 && expect(level - headings[i - 1]).toBeLessThanOrEqual(1));
  });
});

describe('the resolve form', () => {
  test('a split: $60 to the chef → Brigade keeps $4.20, the restaurant gets $42.80 back; confirming sends cents and the note, then shows the decision', async () => {
    const dispute = openDispute();
    await decide('60', null, 'Arrived two hours late.');
    expect(screen.getByRole('heading', { name: 'Confirm the decision' })).toBeTruthy();
    expect(preview()).toEqual({ chef: '$60.00', fee: '$4.20', refund: '$42.80' });
    expect(fakeApi.callsTo('POST', `/ops/disputes/${dispute.job.id}/resolve`)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm decision' }));
    expect(await screen.findByText('The dispute is decided. Both sides are being told.')).toBeTruthy();
    expect(fakeApi.callsTo('POST', `/ops/disputes/${dispute.job.id}/resolve`)[0].body).toEqual({
      chef_pay_cents: 6_000,
      note: 'Arrived two hours late.',
    });
    // The page refetches the dispute, now decided: the operator still reads that their decision went through.
    await waitFor(() => expect(fakeApi.callsTo('GET', `/ops/disputes/${dispute.job.id}`)).toHaveLength(2));
    expect(await screen.findByTestId('ops-decision')).toBeTruthy();
    expect(screen.getByText('The dispute is decided. Both sides are being told.')).toBeTruthy();
    const decision = screen.getByTestId('ops-decision');
    expect(within(decision).getByText('$60.00')).toBeTruthy();
    expect(within(decision).getByText('$42.80')).toBeTruthy();
    expect(within(decision).getByText('Arrived two hours late.')).toBeTruthy();
    // named as both sides read it (issue 32)
    expect(within(decision).getByTestId('ops-decision-outcome').textContent).toBe('Split by a decision');
  });

  test('Full pay: the chef gets the shift pay, Brigade its 7%, nothing back', async () => {
    const dispute = openDispute();
    await decide(null, 'Full pay', 'The chef worked the shift.');
    expect(preview()).toEqual({ chef: '$100.00', fee: '$7.00', refund: '$0.00' });
    await userEvent.click(screen.getByRole('button', { name: 'Confirm decision' }));
    await screen.findByTestId('ops-decision');
    expect(screen.getByTestId('ops-decision-outcome').textContent).toBe('Paid in full');
    expect(fakeApi.callsTo('POST', `/ops/disputes/${dispute.job.id}/resolve`)[0].body).toEqual({
      chef_pay_cents: 10_000,
      note: 'The chef worked the shift.',
    });
  });

  test('a dispute of one seat of a posting of three is decided against that seat: full pay is one chef’s $100.00', async () => {
    signedInOperator();
    const base = makeDispute(30);
    // issue 35: the posting's amounts are its three seats'
    const dispute = {
      ...base,
      job: { ...base.job, headcount: 3, subtotal_cents: 30_000, fee_cents: 2_100, total_cents: 32_100 },
    };
    disputeRoutes(dispute);
    renderApp(`/ops/disputes/${dispute.job.id}`);
    await decide(null, 'Full pay', 'The chef worked the shift.');
    expect(preview()).toEqual({ chef: '$100.00', fee: '$7.00', refund: '$0.00' });
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    await userEvent.clear(await screen.findByLabelText('Chef pay (dollars)'));
    await userEvent.type(screen.getByLabelText('Chef pay (dollars)'), '150');
    await userEvent.click(screen.getByRole('button', { name: 'Review decision' }));
    expect(await screen.findByText("The chef's pay can be at most the shift pay, $100.00.")).toBeTruthy();
  });

  test('Nothing: the restaurant gets the whole $107.00 back; Change goes back to the form', async () => {
    const dispute = openDispute();
    await decide(null, 'Half', 'x');
    expect(preview()).toEqual({ chef: '$50.00', fee: '$3.50', refund: '$53.50' });
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Nothing' }));
    expect((screen.getByLabelText('Chef pay (dollars)') as HTMLInputElement).value).toBe('0.00');
    await userEvent.click(screen.getByRole('button', { name: 'Review decision' }));
    expect(preview()).toEqual({ chef: '$0.00', fee: '$0.00', refund: '$107.00' });
    await userEvent.click(screen.getByRole('button', { name: 'Confirm decision' }));
    await screen.findByTestId('ops-decision');
    expect(screen.getByTestId('ops-decision-outcome').textContent).toBe('Refunded');
    expect(fakeApi.callsTo('POST', `/ops/disputes/${dispute.job.id}/resolve`)[0].body).toEqual({
      chef_pay_cents: 0,
      note: 'x',
    });
  });

  test('validation: more than the shift pay, not an amount, an empty note; nothing is sent', async () => {
    const dispute = openDispute();
    await decide('100.01', null, '');
    expect(screen.getByText("The chef's pay can be at most the shift pay, $100.00.")).toBeTruthy();
    expect(screen.getByText('Please explain the decision in a note.')).toBeTruthy();
    expect(screen.getByLabelText('Chef pay (dollars)').getAttribute('aria-invalid')).toBe('true');
    await decide('-5', null, '   ');
    expect(screen.getByText("Enter the chef's pay in dollars, like 80 or 80.50.")).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Confirm the decision' })).toBeNull();
    expect(fakeApi.callsTo('POST', `/ops/disputes/${dispute.job.id}/resolve`)).toHaveLength(0);
  });

  test("the server's 409 (already decided) is shown in place", async () => {
    const dispute = openDispute();
    fakeApi.on('POST', `/ops/disputes/${dispute.job.id}/resolve`, {
      status: 409,
      body: { error: 'This dispute is already decided', code: 'DISPUTE.ALREADY_RESOLVED' },
    });
    await decide('80', null, 'Paid most of it.');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm decision' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This dispute is already decided');
    expect(screen.getByRole('heading', { name: 'Confirm the decision' })).toBeTruthy();
  });
});

describe('the preview rule', () => {
  test('matches the contracts (7% of the chef pay, rounded to cents; the rest of the total back)', () => {
    const job = { subtotal_cents: 12_345, total_cents: 13_209 };
    expect(resolutionPreview(job, 12_345)).toEqual({ chefPayCents: 12_345, feeCents: 864, refundCents: 0 });
    expect(resolutionPreview(job, 0)).toEqual({ chefPayCents: 0, feeCents: 0, refundCents: 13_209 });
    expect(resolutionPreview(job, 5_001)).toEqual({ chefPayCents: 5_001, feeCents: 350, refundCents: 7_858 });
    expect(dollarsToCents('$1,200.5')).toBe(120_050);
    expect(dollarsToCents('80.505')).toBeNull();
    expect(dollarsToCents('abc')).toBeNull();
  });
});
