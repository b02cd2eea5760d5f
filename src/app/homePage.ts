/**
 * The home page's module, loaded by the route table and by the shop's nav row (its class list,
 * which the home page pins open, is a dropdown elsewhere): one loader, one chunk.
 */
export const loadHomePage = () => import('../shop/home/HomePage');
