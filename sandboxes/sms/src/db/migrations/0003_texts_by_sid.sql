-- A text's status callback (sent, then delivered or failed) finds the text by its SID, as Twilio does: without an
-- index each one read every text the sandbox had ever taken (4 ms each with 7,000 texts in the load bench, 30 s
-- of PostgreSQL in a 5-minute run, growing with every text).
create index texts_sid_idx on sms_sandbox.texts (sid);
