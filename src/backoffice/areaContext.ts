import { createContext, useContext } from 'react';
import type { AreaIndex } from '../../machines/areas';

/** The back office (0 admin, 1 seller) a view is rendered for. */
export const BackofficeAreaContext = createContext<AreaIndex>(0);
export const useBackofficeArea = () => useContext(BackofficeAreaContext);
