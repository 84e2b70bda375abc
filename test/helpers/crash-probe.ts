// A process that installs the server's crash policy and then throws, for the crash-policy test.
import { crashPolicy } from '../../server/src/crash';

crashPolicy();
setTimeout(() => {
  throw new Error('boom');
}, 10);
