import { signInSchema } from '@common/api/auth';

/** The first step of /login: e-mail and password (CredentialsStep loads it after the first paint). */
export const credentialsSchema = signInSchema.pick({ email: true, password: true });
