import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MEMBER_IMPORT_MAX_CHARS, memberImport, memberImportRequest } from '../../../contract/office-import';
import { MemberImports } from '../../domain/contacts/member-import-jobs';
import { zodRoutes } from '../route';
import { officeRoute } from './auth';

const uuidParams = z.object({ uuid: z.string().min(1).max(191).meta({ example: 'the member import uuid' }) });

/**
 * Room for the file's text in its JSON body: escaped quotes and line ends make the body a little
 * longer than the text (the text itself is limited to MEMBER_IMPORT_MAX_CHARS by the schema).
 */
const BODY_LIMIT = Math.ceil(MEMBER_IMPORT_MAX_CHARS * 1.25) + 64 * 1024;

/**
 * Importing members from a CSV file (docs/office.md "Importing members"), owners only: start a dry
 * run or an import, then poll it (domain/contacts/member-import-jobs.ts).
 */
export default async function importRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);
  const jobs = new MemberImports({
    db: app.db,
    dialect: app.dialect,
    tx: (work) => app.tx(work),
    clock: app.clock,
  });
  app.addHook('onClose', () => jobs.idle());

  app.post(
    '/member-imports',
    {
      ...officeRoute({
        summary: 'Check (dry run) or import a CSV file of members; answers the job to poll',
        description:
          'The file as text (`content`: UTF-8, with or without byte order mark, `,` or `;` separated; ' +
          'columns email, firstname, lastname, cards, points, prepaid) with its name. Answers 202 with the ' +
          'job, running; poll GET /office/api/member-imports/{uuid} for its progress and outcome. A dry ' +
          'run writes no member; an import writes all rows in one transaction, or none when any row is ' +
          'refused. Members matched by e-mail get only the cards they lack. At most 50 MiB and 200,000 ' +
          'rows, one job at a time. Recorded as `member_import.checked`, `.imported`, `.refused` or ' +
          '`.failed` (counts, file name and hash) when the job ends.',
        errors: [
          { reason: 'member_import_busy' },
          { code: 1003, status: 413, when: 'the body is over 63 MiB' },
        ],
        body: memberImportRequest,
        response: { 202: memberImport },
      }),
      bodyLimit: BODY_LIMIT,
    },
    async (req, reply) => reply.code(202).send(await jobs.start(req.officeActor, req.body)),
  );

  app.get(
    '/member-imports/:uuid',
    officeRoute({
      summary: 'A member import: its phase and progress while it runs, then its outcome',
      description:
        '`progress` goes from 0 to 1 over reading, checking and (an import) writing. The outcome names ' +
        'each refused row by number (the header is row 1) and column, with the reason, never its values; ' +
        'at most 1,000 of them (`problems_total` counts all).',
      errors: [{ reason: 'member_import_not_found' }],
      exampleAfter: {
        operationId: 'createOfficeApiMemberImport',
        parameters: { uuid: '$response.body#/uuid' },
      },
      params: uuidParams,
      response: { 200: memberImport },
    }),
    async (req) => jobs.view(req.officeActor, req.params.uuid),
  );
}
