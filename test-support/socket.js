/**
 * Resolves true once the page's socket.io connection hears `authenticated` (the server took its
 * token: from then on events reach the page), or false after `timeoutMs`. Call it before the page
 * opens its socket (before `goto`): a socket opened earlier is not seen.
 */
function whenSocketAuthenticated(page, timeoutMs = 20_000) {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs, false);
    timer.unref?.();
    page.on('websocket', (ws) =>
      ws.on('framereceived', (frame) => {
        if (!String(frame.payload).includes('"authenticated"')) return;
        clearTimeout(timer);
        resolve(true);
      }),
    );
  });
}

module.exports = { whenSocketAuthenticated };
