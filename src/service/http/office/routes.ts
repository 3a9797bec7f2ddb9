import type { FastifyInstance } from 'fastify';
import auditRoutes from './audit-routes';
import { registerOfficeAuth } from './auth';
import customerRoutes from './customer-routes';
import officeDeviceRoutes from './device-routes';
import importRoutes from './import-routes';
import programmeRulesRoutes from './programme-rules-routes';
import registerKeyRoutes from './register-key-routes';
import reportRoutes from './report-routes';
import officeRewardRoutes from './rewards-routes';
import shopRoutes from './shop-routes';
import signInRoutes from './sign-in-routes';
import staffRoutes from './staff-routes';

/**
 * The office API under /office/api (contract/office.ts; docs/office.md "The office API"): each
 * area's routes in its own file, all behind the office session cookie (auth.ts).
 */
export default async function officeRoutes(fastify: FastifyInstance) {
  await registerOfficeAuth(fastify);
  await fastify.register(signInRoutes);
  await fastify.register(staffRoutes);
  await fastify.register(officeDeviceRoutes);
  await fastify.register(shopRoutes);
  await fastify.register(registerKeyRoutes);
  await fastify.register(auditRoutes);
  await fastify.register(officeRewardRoutes);
  await fastify.register(programmeRulesRoutes);
  await fastify.register(reportRoutes);
  await fastify.register(importRoutes);
  await fastify.register(customerRoutes);
}
