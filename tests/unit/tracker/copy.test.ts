import { describe, expect, it } from 'vitest';
import { TRACKER_MESSAGES, formatAppointment, getStepGuidance, humanizeCode } from '~/lib/tracker/copy';
import { STEP_APPEARANCE, STEP_STATUSES, STEP_STATUS_LABEL, WORK_STEPS } from '~/lib/tracker/steps';

describe('tracker copy', () => {
  it('the post-purchase labels of seed 002 §4', () => {
    expect(STEP_STATUSES.map((status) => STEP_STATUS_LABEL[status])).toEqual([
      'Not Ready',
      'Get Started',
      'In Progress',
      'Completed',
      'Needs Attention',
    ]);
  });

  it('statuses look disabled, active, active, completed, active with a warning (seed 000 §4.1)', () => {
    expect(STEP_STATUSES.map((status) => STEP_APPEARANCE[status])).toEqual([
      'disabled',
      'active',
      'active',
      'completed',
      'warning',
    ]);
  });

  it('the tracker error line of seed 002 §8', () => {
    expect(TRACKER_MESSAGES.serverIssue).toBe('Oops! Something happened on our end. Please try again.');
  });

  it('every step says what to do in every status', () => {
    for (const step of WORK_STEPS) {
      for (const status of STEP_STATUSES) expect(getStepGuidance(step, status), `${step} ${status}`).toMatch(/\w/);
    }
    expect(getStepGuidance('VERIFY_ID', 'COMPLETED')).not.toBe(getStepGuidance('VERIFY_ID', 'READY'));
  });

  it('a declined deal is no longer "waiting for you" (issue 18)', () => {
    expect(getStepGuidance('DEAL_REVIEW', 'NEEDS_ATTENTION', 'pending')).toContain('waiting for you');
    expect(getStepGuidance('DEAL_REVIEW', 'NEEDS_ATTENTION', 'declined')).not.toContain('waiting');
    expect(getStepGuidance('DEAL_REVIEW', 'NEEDS_ATTENTION', 'declined')).toBe(
      'You declined your deal. Call us to talk about new terms.',
    );
  });

  it('codes as words', () => {
    expect(humanizeCode('PAYMENT_CAPTURED')).toBe('Payment captured');
    expect(humanizeCode('NotStarted')).toBe('Not started');
    expect(humanizeCode(null, 'None yet')).toBe('None yet');
  });

  it("appointment times in words, in the dealer's zone", () => {
    expect(formatAppointment('2026-12-01T15:30:00.000Z', 'America/Chicago')).toBe(
      'Tuesday, December 1, 2026 at 9:30 AM CT',
    );
    expect(formatAppointment(null, 'America/Chicago')).toBe('Not scheduled');
    expect(formatAppointment('not a date', 'America/Chicago')).toBe('Not scheduled');
  });
});
