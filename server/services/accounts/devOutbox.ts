import type { OutboxMail } from '@common/api/auth';
import type { UnitOfWorkOf } from '../../db/unitOfWork';

/** The newest mails the embedded mode's outbox kept, for the /dev/outbox page. */
export class DevOutboxService {
  constructor(private readonly uow: UnitOfWorkOf<'mailOutbox'>) {}

  async latest(limit = 100): Promise<OutboxMail[]> {
    const rows = await this.uow.read.mailOutbox.latest(limit);
    return rows.map((r) => ({
      id: r.id,
      to: r.to_address,
      subject: r.subject,
      text: r.text_body,
      html: r.html_body,
      created_at: r.created_at,
    }));
  }
}
