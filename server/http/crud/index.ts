/** The generic back-office resource layer: list DSL, CRUD routes, form fields. */
export { defineResource, CRUD_ACTIONS } from './resource';
export { mountResource } from './mount';
export type { Area, ColumnKey, CrudAction, DeleteContext, DeleteRow, Dependent, DependentHit, Guard, ReadRow, Resource, ResourceConfig, Scope, ScopeContext, UniqueRule, WritableShape, WriteContext, WriteValues } from './resource';
export { firstNames } from './dependents';
export { assertUnique } from './unique';
export { planList, filterCondition, phpTruthy, escapeLike, RESERVED_KEYS, PER_PAGE_DEFAULT, PER_PAGE_MAX, PER_PAGE_OPTIONS } from './listQuery';
export type { ListMode, ListPlan, ListQuery, ListSpec } from './listQuery';
export { runList, listQueries } from './listRun';
export type { ListSource, Page } from './listRun';
export { formDateTime, formFlag, formInt, formMoney, formText, blankAsMissing, blankAsNull } from './fields';
export type { ImportError } from './importError';
