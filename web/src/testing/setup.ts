import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { InertSocket } from './liveSocket';

// The first render of a test loads lazy route chunks through Vite; on a busy machine that exceeds 1 s.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

// antd reads these; happy-dom does not provide them.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    }),
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

// The shell opens the live link: no test reaches a network. A test that plays the broker stubs its own socket.
Object.defineProperty(globalThis, 'WebSocket', { writable: true, configurable: true, value: InertSocket });

// antd measures scrollbars through getComputedStyle on pseudo elements, which happy-dom rejects.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element, pseudo?: string | null) => computedStyle(element, pseudo ? undefined : pseudo);

// DOMPurify reads node names through Node.prototype's own getter (so a form cannot clobber them). happy-dom's answers
// '' for every node, which would make DOMPurify drop every element; browsers answer the node's name, as this does.
// (happy-dom's NodeIterator also loses its place when the current node is removed, so sanitizing that removes
// elements is proved in Chromium by the journeys; attribute stripping works here.)
const nodeNameOfNode = Object.getOwnPropertyDescriptor(Node.prototype, 'nodeName');
if (nodeNameOfNode?.get && nodeNameOfNode.get.call(document.createElement('p')) === '') {
  Object.defineProperty(Node.prototype, 'nodeName', {
    configurable: true,
    get(this: Node) {
      for (let proto = Object.getPrototypeOf(this); proto && proto !== Node.prototype; proto = Object.getPrototypeOf(proto)) {
        const own = Object.getOwnPropertyDescriptor(proto, 'nodeName');
        if (own?.get) return own.get.call(this);
      }
      return nodeNameOfNode.get!.call(this);
    },
  });
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});
