import { z } from 'zod';
import { applicationSchema } from '../server/modules/shop/storeApply';
import { loginSchema } from '../server/modules/auth/schemas';
console.log(JSON.stringify(z.toJSONSchema(applicationSchema, { io: 'input', unrepresentable: 'any' })).slice(0, 800));
console.log(JSON.stringify(z.toJSONSchema(loginSchema, { io: 'input', unrepresentable: 'any', target: 'openapi-3.0' } as any)).slice(0, 600));
