import type { FastifyInstance } from 'fastify';
import {
  brandRequest,
  officeBrand as officeBrandShape,
  officeReward,
  officeRewards as officeRewardList,
  PICTURE_MAX_BYTES,
  rewardRequest,
  rewardUuidParams,
} from '../../../contract/office-rewards';
import { changeBrand, officeBrand } from '../../domain/account/office-brand';
import { changeOfficeReward, createOfficeReward, officeRewards } from '../../domain/rewards/office-rewards';
import { zodRoutes } from '../route';
import { officeRoute } from './auth';

/**
 * A body that holds one picture in base64 (4/3 of its bytes) and the rest of the form; two for
 * the brand (logo and cover). Larger bodies are refused (413) before they are read whole, and only
 * after the cookie was checked (onRequest), so nobody signed out can send one.
 */
const ONE_PICTURE_BODY = Math.ceil((PICTURE_MAX_BYTES * 4) / 3) + 64 * 1024;
const PICTURE_ERRORS = [{ reason: 'picture_type' }, { reason: 'picture_too_large' }] as const;

/**
 * The office's rewards and brand (docs/office.md "Rewards and the brand"): the owner adds and
 * changes rewards and the brand kit with its terms links; a manager reads them
 * (domain/rewards/office-rewards.ts, domain/account/office-brand.ts).
 */
export default async function officeRewardRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);

  app.get(
    '/rewards',
    officeRoute({
      summary: 'Every reward of the account, inactive ones too (owner and manager)',
      response: { 200: officeRewardList },
    }),
    async () => officeRewards(app.db),
  );

  app.post(
    '/rewards',
    {
      ...officeRoute({
        summary: 'Add a reward, with its picture (owner only)',
        description:
          'The picture is sent in base64 and must be a PNG, JPEG or WebP file by its bytes, at most 2 MB. ' +
          'The reward shows at once in GET /rewards and at the counter screen’s next session. ' +
          'Recorded as `reward.created`.',
        errors: [...PICTURE_ERRORS],
        body: rewardRequest,
        response: { 201: officeReward },
      }),
      bodyLimit: ONE_PICTURE_BODY,
    },
    async (req, reply) => {
      const reward = await app.tx((tx) => createOfficeReward(tx, req.officeActor, req.body));
      return reply.code(201).send(reward);
    },
  );

  app.put(
    '/rewards/:uuid',
    {
      ...officeRoute({
        summary: 'Change a reward: its fields, picture, points, stock, limit, window, active (owner only)',
        description:
          'Fields left out stay; `picture: null` removes the picture; `active: false` switches it off. ' +
          'Recorded as `reward.changed`, with the values before and after.',
        errors: [{ code: 6003 }, ...PICTURE_ERRORS],
        params: rewardUuidParams,
        body: rewardRequest,
        response: { 200: officeReward },
      }),
      bodyLimit: ONE_PICTURE_BODY,
    },
    async (req) => app.tx((tx) => changeOfficeReward(tx, req.officeActor, req.params.uuid, req.body)),
  );

  app.get(
    '/brand',
    officeRoute({
      summary: 'The brand kit, the terms and privacy links, and the fonts offered (owner and manager)',
      response: { 200: officeBrandShape },
    }),
    async () => officeBrand(app.db),
  );

  app.put(
    '/brand',
    {
      ...officeRoute({
        summary: 'Change the brand kit and the terms and privacy links (owner only)',
        description:
          'Fields left out stay; null clears. Colours are checked for contrast on the counter screen ' +
          '(4.5:1, WCAG AA; 422 brand_contrast_too_low naming the field). `logo` and `cover` as rewards’ ' +
          'pictures. Shown at once by GET /brand-kit and at a counter screen’s next session. ' +
          'Recorded as `brand.changed`.',
        errors: [{ reason: 'brand_contrast_too_low' }, ...PICTURE_ERRORS],
        body: brandRequest,
        response: { 200: officeBrandShape },
      }),
      bodyLimit: 2 * ONE_PICTURE_BODY,
    },
    async (req) => app.tx((tx) => changeBrand(tx, req.officeActor, req.body)),
  );
}
