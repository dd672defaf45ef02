/** Database access of mail: the white label a mail is branded with, and the outbox. */
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, companyMembers, mailOutbox, users } from '../../db/schema.ts';

/** What a division's mails are branded with: white label, hub domain, and its own sender. */
export const SENDER_COLUMNS = {
  whiteLabel: companies.whiteLabel,
  hubDomain: companies.hubDomain,
  mailFromName: companies.mailFromName,
  mailFromAddress: companies.mailFromAddress,
  customDomain: companies.customDomain,
};

/** White label, hub domain and sender of the first division (in the order the hub lists them) of the account behind an email. */
export async function accountWhiteLabel(db: Db, email: string) {
  const [row] = await db
    .select(SENDER_COLUMNS)
    .from(users)
    .innerJoin(companyMembers, eq(companyMembers.userId, users.id))
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(users.email, email))
    .orderBy(asc(companyMembers.position), asc(companyMembers.companyId))
    .limit(1);
  return row;
}

export async function divisionWhiteLabel(db: Db, companyId: number) {
  const [row] = await db.select(SENDER_COLUMNS).from(companies).where(eq(companies.id, companyId)).limit(1);
  return row;
}

/** Stores a mail in the outbox once: a retry with the same message id is dropped. */
export async function storeInOutbox(db: Db, mail: { to: string; subject: string; text: string; html: string | null; messageId: string | null }) {
  await db.insert(mailOutbox).values(mail).onConflictDoNothing({ target: mailOutbox.messageId });
}

export async function latestOutboxMails(db: Db, limit = 50) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
}
