const { requestWaves } = require('./waves');

const at = (name, startTime, responseEnd) => ({ name, startTime, responseEnd });

describe('request waves of a page load', () => {
  it('counts each wait for a reply before the next ask; what the HTML asks for is the first wave', () => {
    const waves = requestWaves({ responseEnd: 10, domInteractive: 20 }, [
      at('main.js', 11, 13),
      // The page's inline script asks before the document is parsed, after main.js's reply: still the HTML's ask.
      at('preloaded.js', 14, 30),
      at('profile', 15, 35),
      // Asked by a script once main.js and the preload were in.
      at('chunk.js', 31, 50),
      // Started before chunk.js arrived: it waited on what came before it only.
      at('sibling.js', 40, 45),
      at('data', 55, 70),
    ]);
    expect(Object.fromEntries(waves.map((r) => [r.name, r.wave]))).toEqual({
      'main.js': 1,
      'preloaded.js': 1,
      profile: 1,
      'chunk.js': 2,
      'sibling.js': 2,
      data: 3,
    });
  });

  it('a chain of requests, each waiting for the one before, is as many waves', () => {
    const chain = [at('a', 1, 5), at('b', 6, 9), at('c', 10, 12), at('d', 13, 14)];
    expect(requestWaves({ responseEnd: 0.5, domInteractive: 1 }, chain).map((r) => r.wave)).toEqual([1, 2, 3, 4]);
  });
});
