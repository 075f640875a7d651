/* global window, document, indexedDB */
// The page the service worker shows when the portal cannot open for lack of signal: it lists what
// the driver's outbox (IndexedDB, features/shipments/offline) still holds, and reopens the portal
// when the connection returns, which then sends it.
(function () {
  'use strict';
  var reopen = function () {
    window.location.reload();
  };
  // The browser's "online" can come before the network answers: reopen once the server does.
  var reopenWhenServed = function () {
    if (!navigator.onLine) return;
    fetch('/readyz', { cache: 'no-store' }).then(
      function (response) {
        if (response.ok) reopen();
      },
      function () {
        // Still no way through; the next check tries again.
      },
    );
  };
  window.addEventListener('online', reopenWhenServed);
  window.setInterval(reopenWhenServed, 3000);
  document.getElementById('retry').addEventListener('click', reopen);

  function when(action) {
    try {
      return new Intl.DateTimeFormat('en-US', {
        timeZone: action.timeZone || undefined,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
      })
        .format(new Date(action.occurredAt))
        .replace(',', '');
    } catch {
      return action.occurredAt;
    }
  }

  if (!('indexedDB' in window)) return;
  var request = indexedDB.open('portal-driver-outbox', 1);
  request.onupgradeneeded = function () {
    request.result.createObjectStore('actions', { keyPath: 'key' });
  };
  request.onsuccess = function () {
    var read = request.result.transaction('actions', 'readonly').objectStore('actions').getAll();
    read.onsuccess = function () {
      var actions = read.result.sort(function (a, b) {
        return a.sequence - b.sequence;
      });
      if (actions.length === 0) return;
      var list = document.querySelector('ul');
      actions.forEach(function (action) {
        var item = document.createElement('li');
        item.textContent =
          action.label + ' · ' + when(action) + ' · shipment ' + action.shipmentNumber;
        list.appendChild(item);
      });
      document.querySelector('section').hidden = false;
    };
  };
})();
