export { FakeFlagSource } from './fake-flag-source.js';
export {
  type FakeEngineCall,
  FakeMultiHopEngine,
  type FakeMultiHopEngineOptions,
} from './fake-multi-hop-engine.js';
export {
  createTestHttpServers,
  type ReceivedEvent,
  readEventStream,
  type StartTestHttpServerOptions,
  startTestHttpServer,
  type TestHttpServer,
  type TestHttpServers,
} from './http-test-server.js';
export { TcpProxy } from './tcp-proxy.js';
export { type AdminStrategy, UnleashAdmin } from './unleash-admin.js';
