import { evidenceEntries, evidenceTime, type Database, type EvidenceEntry } from '@brigade/kit';
import { messagesOfJob } from '../db/messages.repository';
import { participantNames } from '../db/participants.repository';

const LANGUAGE: Record<string, string> = { en: 'English', es: 'Spanish' };

/**
 * Issue 38: messaging's part of a job's evidence for a card dispute (customer_communication): each
 * conversation of the job (the restaurant with one chef), every message with its time (UTC), its side and its
 * words as written, with the translation kept at send time. A long conversation becomes several entries.
 */
export async function evidenceOfJob(database: Database, jobId: string): Promise<EvidenceEntry[]> {
  const messages = await messagesOfJob(database, jobId);
  if (messages.length === 0) return [];
  const names = new Map(
    (await participantNames(database, [...new Set(messages.flatMap((m) => [m.sender_id, m.chef_id]))])).map(
      (p) => [p.user_id, p.name],
    ),
  );
  const byChef = new Map<string, typeof messages>();
  for (const m of messages) byChef.set(m.chef_id, [...(byChef.get(m.chef_id) ?? []), m]);
  const entries: EvidenceEntry[] = [];
  for (const [chefId, thread] of byChef) {
    const chefName = names.get(chefId) ?? 'the chef';
    const lines = thread.map((m) => {
      const side = m.sender_id === m.chef_id ? 'chef' : 'restaurant';
      const who = names.get(m.sender_id);
      const translation = m.translated_content
        ? ` [Translated${m.translated_language ? ` to ${LANGUAGE[m.translated_language] ?? m.translated_language}` : ''} for the reader: ${m.translated_content}]`
        : '';
      return `${evidenceTime(m.created_at, 'UTC')}, ${side}${who ? ` (${who})` : ''}: ${m.original_content}${translation}`;
    });
    entries.push(
      ...evidenceEntries(
        {
          section: 'customer_communication',
          service: 'messaging',
          title: `Messages between the restaurant and ${chefName} in Brigade`,
          at: new Date(thread[0].created_at).toISOString(),
        },
        lines,
      ),
    );
  }
  return entries;
}
