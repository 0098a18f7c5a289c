import { Module } from '@nestjs/common';
import { ProcessLifecycle } from '../../common/process/lifecycle.js';
import { HealthProbe } from './health-probe.js';

/**
 * The probe and the process's lifecycle, for the API's health routes and the job worker's HEALTH_PORT. One of
 * each per application (two compositions in one process, as under `npm start`, drain apart).
 */
@Module({ providers: [ProcessLifecycle, HealthProbe], exports: [ProcessLifecycle, HealthProbe] })
export class HealthModule {}
