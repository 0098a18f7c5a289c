import { Global, Module } from '@nestjs/common';
import { QueueConnections } from './queue-connections.js';

/** Queue producers and consumers for the processes that compose it (API, job workers, demo). */
@Global()
@Module({ providers: [QueueConnections], exports: [QueueConnections] })
export class QueueModule {}
