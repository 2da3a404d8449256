import { DOWNLOAD_TEXTS } from '@common/api/downloads';
import { formatFileSize } from '@common/uploads/fileSize';
import type { Mail } from '../adapters/mail/mailer';
import { composeMail } from './layout';

/** 'Your download is ready!' (§8): the link to a large zip that was built after the request. */
export function downloadReadyEmail(input: {
  to: { name: string; email: string };
  projectName: string;
  fileName: string;
  files: number;
  bytes: number;
  url: string;
  expiresAt: Date;
}): Mail {
  const expires = input.expiresAt.toISOString().replace('T', ' at ').slice(0, 19);
  return composeMail({
    to: input.to.email,
    subject: DOWNLOAD_TEXTS.ready,
    greeting: `Hi ${input.to.name},`,
    paragraphs: [
      `The zip you asked for in the project ${input.projectName} is ready: ${input.fileName}, ${input.files} ${input.files === 1 ? 'file' : 'files'}, ${formatFileSize(input.bytes)}.`,
      `The link works until ${expires} UTC, for you while you are a member of the project. After that the zip is deleted; you can download the files again from the project.`,
    ],
    action: { label: 'Download the zip', url: input.url },
  });
}
