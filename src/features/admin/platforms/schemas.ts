/** What the Platforms room may write: the bodies of /api/admin/platforms as zod schemas. */
import { z } from 'zod';
import { id, objectError, requiredText } from '../fields.ts';

export const platformCreateSchema = z.strictObject({ name: requiredText('Platform name', 60) }, objectError('The platform must be a JSON object'));
export const platformIdSchema = id('Platform ID', 'No platform ID provided');
