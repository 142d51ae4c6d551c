/**
 * Request waves of a page load, from the browser's resource timing: the page's HTML is wave 0; what
 * the HTML asks for (started before the document is parsed, `domInteractive`: its parser, its
 * preload scanner, its inline script) is wave 1; every later request is one wave after the latest
 * wave among the requests that had finished when it started. A request that could only start once
 * another had arrived (a chunk named by a script, data asked for by code) is a wave after it;
 * requests on their way at once share a wave. It can only overstate: a request started late for no
 * reason of the network counts as waiting on everything that finished before it.
 *
 * @param {{ responseEnd: number, domInteractive: number }} navigation the page's navigation entry
 * @param {Array<{ name: string, startTime: number, responseEnd: number }>} resources
 * @returns {Array<{ name: string, startTime: number, responseEnd: number, wave: number }>} by start
 */
function requestWaves(navigation, resources) {
  const done = [{ responseEnd: navigation.responseEnd, wave: 0 }];
  const out = [];
  for (const r of [...resources].sort((a, b) => a.startTime - b.startTime)) {
    let before = 0;
    if (r.startTime >= navigation.domInteractive) {
      for (const d of done) if (d.responseEnd <= r.startTime) before = Math.max(before, d.wave);
    }
    const entry = { name: r.name, startTime: r.startTime, responseEnd: r.responseEnd, wave: before + 1 };
    out.push(entry);
    done.push(entry);
  }
  return out;
}

module.exports = { requestWaves };
