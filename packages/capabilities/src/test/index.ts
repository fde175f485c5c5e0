export {
  type FakeEngineCall,
  FakeMultiHopEngine,
  type FakeMultiHopEngineOptions,
} from './fake-multi-hop-engine.js';
