-- Issue 34: payments' closing events name the time clock's reasons too (the approved hours, a chef sent home, a
-- no-show that stood), so a job's money outcome reads "paid for the hours worked" or "sent-home pay", never a
-- late cancellation it was not.
alter table jobs.jobs drop constraint if exists jobs_money_reason_check;
alter table jobs.jobs
  add constraint jobs_money_reason_check check (money_reason in
    ('release', 'work_not_completed', 'job_cancelled', 'job_expired', 'late_cancellation', 'dispute_decision',
     'timesheet', 'sent_home', 'no_show'));
