// One reading of a User-Agent for the session list and the push devices: the contract's.
export { describeDevice } from '@sunin/contract';
