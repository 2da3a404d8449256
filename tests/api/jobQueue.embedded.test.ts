import { describeJobQueueContract } from '../queue/jobQueueContract';
import { makeEmbeddedQueue } from '../queue/embeddedFixture';

describeJobQueueContract('embedded', makeEmbeddedQueue);
