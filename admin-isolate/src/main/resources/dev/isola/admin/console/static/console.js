// The Isola admin console's script: keeps the live parts of the pages fresh from the REST API's
// JSON and sends the buttons' and forms' actions to the API, with the session's CSRF token.
// Everything it shows is set as text (textContent), never as markup.
'use strict';
(() => {
  const POLL_MS = 3000;
  const MB = 1024 * 1024;
  const csrf = (document.querySelector('meta[name="csrf-token"]') || {}).content || '';
  const page = document.body.dataset.page;
  const domain = document.body.dataset.domain;
  const SVG = 'http://www.w3.org/2000/svg';

  class ApiError extends Error {
    constructor(status, message) { super(message); this.status = status; }
  }

  /** Calls the API; resolves with its JSON, rejects with an ApiError carrying the API's message. */
  async function api(method, path, body) {
    const headers = { 'Accept': 'application/json' };
    if (method !== 'GET') headers['X-CSRF-Token'] = csrf;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(path, { method, headers, credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    let data = null;
    try { data = text ? JSON.parse(text) : null; } catch (e) { data = { message: text }; }
    if (response.status === 401) { location.href = '/console/login'; }
    if (!response.ok) throw new ApiError(response.status, (data && data.message) || response.statusText);
    return data;
  }

  function el(tag, attributes, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attributes || {})) node.setAttribute(k, v);
    for (const c of children) node.append(c instanceof Node ? c : document.createTextNode(c == null ? '' : String(c)));
    return node;
  }

  function svg(tag, attributes, text) {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attributes || {})) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  const mb = b => b == null ? '–' : (b / MB).toFixed(b < 10 * MB ? 1 : 0) + ' MB';
  const num = n => n == null ? '–' : String(n);
  function duration(s) {
    if (s == null) return '–';
    if (s < 60) return s + ' s';
    if (s < 3600) return Math.floor(s / 60) + ' min ' + (s % 60) + ' s';
    return Math.floor(s / 3600) + ' h ' + Math.floor((s % 3600) / 60) + ' min';
  }
  const td = (text, cls) => el('td', cls ? { class: cls } : {}, text);
  const stateBadge = s => el('span', { class: 'state ' + String(s).toLowerCase() }, s);

  function show(target, kind, text) {
    target.className = 'result ' + kind;
    target.textContent = text;
  }

  /** A message that survives a reload: shown in #action-result (or the result element named) on the next page load. */
  function flashAndReload(kind, text, where = 'action-result') {
    sessionStorage.setItem('isola.flash', JSON.stringify({ kind, text, where }));
    location.reload();
  }

  function showFlash() {
    const saved = sessionStorage.getItem('isola.flash');
    if (!saved) return;
    const { kind, text, where } = JSON.parse(saved);
    const target = document.getElementById(where || 'action-result');
    if (target) {
      sessionStorage.removeItem('isola.flash');
      show(target, kind, text);
    }
  }

  function replaceRows(tbody, rows, columns, empty) {
    tbody.replaceChildren(...(rows.length ? rows : [el('tr', {}, el('td', { colspan: columns, class: 'muted' }, empty))]));
  }

  function renderIsolates(isolates) {
    const tbody = document.querySelector('#isolates tbody');
    if (!tbody) return;
    replaceRows(tbody, isolates.map(i => el('tr', { 'data-isolate': i.name },
      td(i.name), td(i.domain), td(i.member), td(num(i.pid), 'num'),
      el('td', {}, stateBadge(i.state), i.olderBuild ? el('div', { class: 'hint older-build' }, 'earlier build: restart the domain to update') : ''),
      td(duration(i.uptimeSeconds), 'num'), td(mb(i.heapUsedBytes) + ' / ' + mb(i.heapMaxBytes), 'num'),
      td(mb(i.youngGenerationBytes), 'num'), td(num(i.gcCount), 'num'),
      td(i.gcTimeMillis == null ? '–' : i.gcTimeMillis + ' ms', 'num'), td(mb(i.pssBytes), 'num'),
      td(i.classesLoaded ? num(i.classesFromCache) + ' of ' + num(i.classesLoaded) : '–', 'num'))), 12, 'No isolate runs.');
  }

  /** Splits an isolate's resident memory: shared class metadata, private heap, and the rest. */
  function parts(i) {
    const rss = i.rssBytes || 0;
    const shared = Math.min(i.classMetadataSharedBytes || 0, rss);
    const heap = Math.min(i.heapUsedBytes || 0, i.privateBytes || 0, rss - shared);
    return { shared, heap, other: Math.max(0, rss - shared - heap), rss };
  }

  /** Draws one stacked bar per isolate, and the total with sharing (PSS) against without (RSS summed). */
  function renderFootprint(isolates) {
    const chart = document.getElementById('footprint');
    const total = document.getElementById('footprint-total');
    if (!chart) return;
    const measured = isolates.filter(i => i.rssBytes);
    const width = 800, label = 150, right = 80, row = 26, barArea = width - label - right;
    const sumPss = measured.reduce((a, i) => a + (i.pssBytes || 0), 0);
    const sumRss = measured.reduce((a, i) => a + i.rssBytes, 0);
    const height = (measured.length + 3) * row + 10;
    const root = svg('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': 'memory footprint per isolate' });
    const maxRss = Math.max(1, ...measured.map(i => i.rssBytes));
    measured.forEach((i, n) => {
      const y = n * row + 4;
      const p = parts(i);
      const g = svg('g', { class: 'isolate-bar', 'data-isolate': i.name });
      g.append(svg('text', { x: 0, y: y + 15 }, i.name));
      let x = label;
      for (const [key, bytes, title] of [['shared', p.shared, 'shared class metadata'], ['heap', p.heap, 'private heap'],
                                          ['other', p.other, 'other']]) {
        const w = bytes / maxRss * barArea;
        const rect = svg('rect', { class: 'seg-' + key, x: x.toFixed(2), y, width: w.toFixed(2), height: row - 8, 'data-bytes': bytes });
        rect.append(svg('title', {}, `${i.name}: ${title} ${mb(bytes)}`));
        g.append(rect);
        x += w;
      }
      g.append(svg('text', { x: x + 6, y: y + 15 }, mb(p.rss)));
      root.append(g);
    });
    if (measured.length) {
      const base = (measured.length + 0.5) * row + 4;
      const maxTotal = Math.max(1, sumRss);
      [['bar-pss', 'together (PSS)', sumPss], ['bar-rss', 'without sharing', sumRss]].forEach(([cls, name, bytes], n) => {
        const y = base + n * row;
        root.append(svg('text', { x: 0, y: y + 15 }, name));
        root.append(svg('rect', { class: cls, x: label, y, width: (bytes / maxTotal * barArea).toFixed(2), height: row - 8, 'data-bytes': bytes }));
        root.append(svg('text', { x: label + bytes / maxTotal * barArea + 6, y: y + 15 }, mb(bytes)));
      });
    }
    chart.replaceChildren(root);
    if (total) {
      total.textContent = measured.length === 0 ? 'No isolate runs.' :
        `${measured.length} isolate${measured.length > 1 ? 's use' : ' uses'} ${mb(sumPss)} (PSS); without sharing ${measured.length > 1 ? 'they' : 'it'} would use `
        + `${mb(sumRss)} (resident sizes summed): sharing saves ${mb(sumRss - sumPss)}`
        + ` (${sumRss ? Math.round((sumRss - sumPss) * 100 / sumRss) : 0} %).`;
    }
  }

  async function isolatesOf(names) {
    const lists = await Promise.all(names.map(n => api('GET', `/api/domains/${encodeURIComponent(n)}/isolates`).catch(() => [])));
    return lists.flat();
  }

  async function refreshDashboard() {
    const domains = await api('GET', '/api/domains');
    replaceRows(document.querySelector('#domains tbody'), domains.map(d => el('tr', { 'data-domain': d.name },
      el('td', {}, el('a', { href: '/console/domains/' + encodeURIComponent(d.name) }, d.name)), td(d.mode), el('td', {}, stateBadge(d.state)),
      el('td', {}, d.url ? el('a', { href: d.url }, d.url) : ''), td(d.isolates.length, 'num'), td(d.applications.length, 'num'),
      td(d.problem || ''))), 7, 'No domain yet: create one below.');
    const isolates = await isolatesOf(domains.filter(d => d.isolates.length).map(d => d.name));
    renderIsolates(isolates);
    renderFootprint(isolates);
  }

  async function refreshDomain() {
    const base = '/api/domains/' + encodeURIComponent(domain);
    // Datasources come from each isolate over its control link; a domain between states may not answer, which leaves the rest.
    const [view, isolates, events, logs, dataSources] = await Promise.all([api('GET', base), api('GET', base + '/isolates'),
      api('GET', base + '/events?limit=30'), api('GET', base + '/logs?lines=40'), api('GET', base + '/datasources').catch(() => null)]);
    const state = document.getElementById('domain-state');
    state.className = 'state ' + view.state.toLowerCase();
    state.textContent = view.state;
    const problem = document.getElementById('domain-problem');
    problem.textContent = view.problem || '';
    problem.hidden = !view.problem;
    document.getElementById('configuration-pending').hidden = !view.configurationPending;
    renderIsolates(isolates);
    renderFootprint(isolates);
    if (dataSources) renderDataSources(dataSources);
    replaceRows(document.querySelector('#events tbody'), events.slice().reverse().map(e => el('tr', { 'data-kind': e.kind, 'data-at': e.at },
      td(new Date(e.at).toLocaleString()), td(e.isolate || ''), td(e.kind), td(e.message || ''))), 4, 'No event yet.');
    const target = document.getElementById('logs');
    target.replaceChildren(...logs.map(l => el('div', { class: 'log-of', 'data-isolate': l.isolate }, el('h3', {}, l.isolate),
      el('pre', { class: 'log' }, l.lines.length ? l.lines.join('\n') : '(empty)'))));
  }

  function renderDataSources(dataSources) {
    const tbody = document.querySelector('#datasources tbody');
    if (!tbody) return;
    const open = d => d.state === 'open';
    replaceRows(tbody, dataSources.map(d => el('tr', { 'data-datasource': d.name, 'data-isolate': d.isolate },
      td(d.name), td(d.application || '–'), td(d.isolate), td(d.state), td(open(d) ? d.active : '–', 'num'), td(open(d) ? d.idle : '–', 'num'),
      td(open(d) ? d.waiting : '–', 'num'), td(open(d) ? d.maxPoolSize : '–', 'num'), td(d.database),
      el('td', { class: 'actions' }, d.state === 'held elsewhere' ? '' : el('button', { type: 'button', 'data-ping': d.name,
        'data-application': d.application || '' }, 'Ping')))), 10, 'No datasource: the domain does not run.');
  }

  // The rows are redrawn at every refresh, so the table's body takes the clicks of their Ping buttons.
  function wireDataSources() {
    const tbody = document.querySelector('#datasources tbody');
    if (!tbody) return;
    const result = document.getElementById('datasources-result');
    tbody.addEventListener('click', async event => {
      const button = event.target.closest('button[data-ping]');
      if (!button) return;
      const name = button.dataset.ping;
      const query = new URLSearchParams({ name, application: button.dataset.application });
      button.disabled = true;
      show(result, 'busy', `Pinging datasource ${name}…`);
      try {
        const answer = await api('POST', `/api/domains/${encodeURIComponent(domain)}/datasources/ping?${query}`);
        if (answer.reachable) {
          show(result, 'ok', `Datasource ${name} (isolate ${answer.isolate}) is reachable: ${answer.product}, connected in ${answer.millis} ms`
            + (answer.openedPool ? '; its pool was opened now.' : '.'));
        } else {
          show(result, 'error', `Datasource ${name} (isolate ${answer.isolate}) is not reachable: ${answer.problem} (SQLState ${answer.sqlState || '?'})`);
        }
      } catch (e) {
        show(result, 'error', `Ping of datasource ${name} failed (${e.status || 'error'}): ${e.message}`);
      } finally {
        button.disabled = false;
      }
    });
  }

  // The API takes the whole set of levels: the page's rows, with the one set or reset.
  function wireLogLevels() {
    const form = document.getElementById('set-log-level');
    if (!form) return;
    const result = document.getElementById('log-levels-result');
    const current = () => Object.fromEntries(Array.from(document.querySelectorAll('#log-levels tr[data-logger]'))
      .map(row => [row.dataset.logger, row.dataset.level]));
    async function send(levels, busy, done) {
      show(result, 'busy', busy);
      try {
        const answer = await api('PUT', `/api/domains/${encodeURIComponent(domain)}/log-levels`, { levels });
        const notApplied = Object.entries(answer.notApplied || {}).map(([isolate, why]) => `${isolate}: ${why}`);
        flashAndReload(notApplied.length ? 'error' : 'ok', [done, ...answer.changes, ...notApplied].join('\n'), 'log-levels-result');
      } catch (e) {
        show(result, 'error', `Log levels not changed (${e.status || 'error'}): ${e.message}`);
      }
    }
    form.addEventListener('submit', event => {
      event.preventDefault();
      const logger = form.querySelector('input[name=logger]').value.trim();
      const level = form.querySelector('select[name=level]').value;
      send({ ...current(), [logger]: level }, `Setting ${logger} to ${level}…`, `${logger} is at ${level} now.`);
    });
    document.getElementById('log-levels').addEventListener('click', event => {
      const button = event.target.closest('button[data-reset-logger]');
      if (!button) return;
      const levels = current();
      delete levels[button.dataset.resetLogger];
      send(levels, `Resetting ${button.dataset.resetLogger}…`, `${button.dataset.resetLogger} is back at its default level.`);
    });
  }

  async function refreshJms() {
    const base = '/api/domains/' + encodeURIComponent(domain) + '/jms';
    const destinations = await api('GET', base);
    // A queue's messages wait in it; a topic's in its subscriptions, purged from the table below.
    const purge = d => d.type === 'queue'
      ? el('button', { type: 'button', class: 'danger', 'data-purge': d.name, 'data-depth': d.depth }, 'Purge') : '';
    replaceRows(document.querySelector('#jms tbody'), destinations.map(d => el('tr', { 'data-destination': d.name },
      td(d.name), td(d.type), td(d.isolate), td(d.depth, 'num'), td(d.inFlight, 'num'), td(d.consumers, 'num'), td(d.enqueued, 'num'),
      td(d.acknowledged, 'num'), td(d.expired, 'num'), td(d.deadLettered, 'num'), el('td', { class: 'actions' }, purge(d)))), 11,
      'No destination: the domain does not run, or its JMS sub-server has none yet.');
    const topics = destinations.filter(d => d.type === 'topic').map(d => d.name);
    // A topic the isolate cannot list (an earlier build, a domain stopping) shows none rather than hiding the others.
    const listings = await Promise.all(topics.map(t => api('GET', `${base}/${encodeURIComponent(t)}/subscriptions`).catch(() => null)));
    const rows = listings.filter(l => l).flatMap(l => l.subscriptions.map(s => el('tr', { 'data-topic': l.destination, 'data-subscription': s.id },
      td(l.destination), td(s.id), td(s.clientId || '–'), td(s.shared ? 'yes' : 'no'), td(s.depth, 'num'), td(s.inFlight, 'num'),
      td(s.consumers, 'num'), el('td', { class: 'actions' }, el('button', { type: 'button', class: 'danger', 'data-purge-subscription': s.id,
        'data-topic': l.destination, 'data-depth': s.depth }, 'Purge')))));
    replaceRows(document.querySelector('#jms-subscriptions tbody'), rows, 8, 'No durable subscription.');
  }

  /** What a Purge button purges: its question, its request, and what the answer says. */
  function purgeTarget(button) {
    const base = `/api/domains/${encodeURIComponent(domain)}/jms/`;
    if (button.dataset.purge !== undefined) {
      const queue = button.dataset.purge;
      return { what: `queue ${queue}`, Name: `Queue ${queue}`, holder: 'their consumers',
        path: `${base}${encodeURIComponent(queue)}/messages` };
    }
    const topic = button.dataset.topic;
    const id = button.dataset.purgeSubscription;
    return { what: `durable subscription ${id} of topic ${topic}`, Name: `Durable subscription ${id} of topic ${topic}`, holder: 'its consumer',
      path: `${base}${encodeURIComponent(topic)}/subscriptions/${encodeURIComponent(id)}/messages` };
  }

  // The rows are redrawn at every refresh, so the tables' bodies take the clicks of their buttons.
  function wirePurge() {
    const result = document.getElementById('jms-result');
    for (const tbody of document.querySelectorAll('#jms tbody, #jms-subscriptions tbody')) {
      tbody.addEventListener('click', async event => {
        const button = event.target.closest('button[data-purge], button[data-purge-subscription]');
        if (!button) return;
        const target = purgeTarget(button);
        if (!confirm(`Purge ${target.what} of domain ${domain}? Its ${button.dataset.depth} waiting message(s) are removed for good;`
          + ` messages in flight stay with ${target.holder}.`)) return;
        button.disabled = true;
        show(result, 'busy', `Purging ${target.what}…`);
        try {
          const answer = await api('DELETE', target.path);
          show(result, 'ok', `${target.Name} purged: ${answer.removed} message(s) removed.`);
          await refreshJms();
        } catch (e) {
          show(result, 'error', `Purging ${target.what} failed (${e.status || 'error'}): ${e.message}`);
          button.disabled = false;
        }
      });
    }
  }

  // The first refresh fills the isolates table and the footprint chart above the forms, which
  // moves them down; data-refreshed tells the browser tests (and anyone scripting the console)
  // when the page has its settled layout, so a click does not land where a button used to be.
  function poll(refresh) {
    let running = false;
    document.body.dataset.polls = 'true';
    const tick = async () => {
      if (running || document.hidden) return;
      running = true;
      try { await refresh(); } catch (e) { console.warn('refresh failed:', e.message); } finally {
        running = false;
        document.body.dataset.refreshed = 'true';
      }
    };
    tick();
    setInterval(tick, POLL_MS);
  }

  function wireCreateDomain() {
    const form = document.getElementById('create-domain');
    if (!form) return;
    const result = document.getElementById('create-result');
    form.addEventListener('submit', async event => {
      event.preventDefault();
      const f = new FormData(form);
      const body = { name: f.get('name').trim(), mode: f.get('mode'), start: f.get('start') === 'on' };
      if (f.get('httpPort')) body.httpPort = Number(f.get('httpPort'));
      const isolate = {};
      if (f.get('heap').trim()) isolate.heap = f.get('heap').trim();
      if (f.get('youngGeneration').trim()) isolate.youngGeneration = f.get('youngGeneration').trim();
      if (Object.keys(isolate).length) body.isolate = isolate;
      const button = form.querySelector('button');
      button.disabled = true;
      show(result, 'busy', `Creating domain ${body.name}${body.start ? ' and starting it' : ''}…`);
      try {
        const created = await api('POST', '/api/domains', body);
        location.href = '/console/domains/' + encodeURIComponent(created.name);
      } catch (e) {
        show(result, 'error', `Domain not created (${e.status || 'error'}): ${e.message}`);
      } finally {
        button.disabled = false;
      }
    });
  }

  // The zip goes up as it is (the API takes the raw archive); the new domain's page opens once it is made.
  function wireRestore() {
    const form = document.getElementById('restore-domain');
    if (!form) return;
    const result = document.getElementById('restore-result');
    form.addEventListener('submit', async event => {
      event.preventDefault();
      const file = form.querySelector('input[type=file]').files[0];
      if (!file) { show(result, 'error', 'Choose a backup first.'); return; }
      const f = new FormData(form);
      const query = new URLSearchParams();
      if (f.get('name').trim()) query.set('name', f.get('name').trim());
      if (f.get('httpPort')) query.set('httpPort', f.get('httpPort'));
      if (f.get('start') === 'on') query.set('start', 'true');
      const button = form.querySelector('button');
      button.disabled = true;
      show(result, 'busy', `Restoring ${file.name}…`);
      try {
        const response = await fetch(`/api/domains/restore?${query}`, { method: 'POST', credentials: 'same-origin', body: file,
          headers: { 'Content-Type': 'application/zip', 'Accept': 'application/json', 'X-CSRF-Token': csrf } });
        if (response.status === 401) { location.href = '/console/login'; return; }
        let data = null;
        try { data = await response.json(); } catch (e) { data = null; }
        if (!response.ok) throw new ApiError(response.status, (data && data.message) || response.statusText);
        location.href = '/console/domains/' + encodeURIComponent(data.name);
      } catch (e) {
        show(result, 'error', `Not restored (${e.status || 'error'}): ${e.message}`);
        button.disabled = false;
      }
    });
  }

  function wireDomainActions() {
    const result = document.getElementById('action-result');
    const base = '/api/domains/' + encodeURIComponent(domain);
    const buttons = Array.from(document.querySelectorAll('button[data-domain-action], button[data-undeploy], button[data-redeploy]'));
    async function act(busy, call, done) {
      buttons.forEach(b => { b.disabled = true; });
      show(result, 'busy', busy);
      try {
        await call();
        flashAndReload('ok', done);
      } catch (e) {
        show(result, 'error', `${busy.replace(/…$/, '')} failed (${e.status || 'error'}): ${e.message}`);
        buttons.forEach(b => { b.disabled = false; });
      }
    }
    for (const button of document.querySelectorAll('button[data-domain-action]')) {
      const action = button.dataset.domainAction;
      const doing = { start: 'Starting', stop: 'Stopping', restart: 'Restarting' }[action];
      button.addEventListener('click', () => act(`${doing} domain ${domain}…`,
        () => api('POST', `${base}/${action}`), `Domain ${domain}: ${action} done.`));
    }
    wireBackup(base, result);
    for (const button of document.querySelectorAll('button[data-undeploy]')) {
      const name = button.dataset.undeploy;
      button.addEventListener('click', () => act(`Undeploying ${name}…`,
        () => api('DELETE', `${base}/applications/${encodeURIComponent(name)}`), `Application ${name} undeployed.`));
    }
    for (const button of document.querySelectorAll('button[data-redeploy]')) {
      const name = button.dataset.redeploy;
      button.addEventListener('click', () => act(`Redeploying ${name}…`,
        () => api('POST', `${base}/applications/${encodeURIComponent(name)}/redeploy`), `Application ${name} redeployed.`));
    }
  }

  // A backup is fetched rather than linked, so that a refusal (the domain is starting) is a message on
  // the page, not a JSON document in place of it; the zip is then saved under the server's name.
  function wireBackup(base, result) {
    const button = document.getElementById('backup');
    if (!button) return;
    button.addEventListener('click', async () => {
      button.disabled = true;
      show(result, 'busy', 'Writing the backup…');
      try {
        const response = await fetch(`${base}/backup`, { credentials: 'same-origin', headers: { 'Accept': 'application/zip, application/json' } });
        if (response.status === 401) { location.href = '/console/login'; return; }
        if (!response.ok) {
          let message = response.statusText;
          try { message = (await response.json()).message || message; } catch (e) { /* not JSON: the status says it */ }
          throw new ApiError(response.status, message);
        }
        const disposition = response.headers.get('Content-Disposition') || '';
        const name = (/filename="([^"]+)"/.exec(disposition) || [])[1] || 'backup.zip';
        const blob = await response.blob();
        const link = el('a', { href: URL.createObjectURL(blob), download: name });
        document.body.append(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(link.href), 60000);
        show(result, 'ok', `Backup saved as ${name} (${mb(blob.size)}); restore it with deploy-tool restore-domain ${name}.`);
      } catch (e) {
        show(result, 'error', `Backup failed (${e.status || 'error'}): ${e.message}`);
      } finally {
        button.disabled = false;
      }
    });
  }

  // The whole document goes back to the API, which checks it and says what changed; the page
  // reloads with that (the textarea is rendered by the server, so polling never overwrites an edit).
  function wireConfigure() {
    const form = document.getElementById('configure');
    if (!form) return;
    const result = document.getElementById('configure-result');
    form.addEventListener('submit', async event => {
      event.preventDefault();
      let configuration;
      try {
        configuration = JSON.parse(form.querySelector('textarea').value);
      } catch (e) {
        show(result, 'error', `The configuration is not valid JSON: ${e.message}`);
        return;
      }
      const button = form.querySelector('button');
      button.disabled = true;
      show(result, 'busy', 'Saving the configuration…');
      try {
        const answer = await api('PUT', `/api/domains/${encodeURIComponent(domain)}/configuration`, configuration);
        flashAndReload('ok', answer.message + (answer.changes.length ? '\n' + answer.changes.join('\n') : ''));
      } catch (e) {
        show(result, 'error', `Configuration refused (${e.status || 'error'}): ${e.message}`);
        button.disabled = false;
      }
    });
  }

  // The users of the domain's applications, as the page lists them: each change goes to the API,
  // and the page reloads with its answer shown under the table.
  function wireUsers() {
    const table = document.getElementById('users');
    if (!table) return;
    const result = document.getElementById('users-result');
    const base = `/api/domains/${encodeURIComponent(domain)}/users`;
    const groupsOf = text => text.split(',').map(g => g.trim()).filter(g => g);
    const groupsText = user => user.groups.length ? user.groups.join(', ') : '(none)';
    const input = (form, name) => form.querySelector(`input[name=${name}]`);

    const add = document.getElementById('add-user');
    add.addEventListener('submit', async event => {
      event.preventDefault();
      const name = input(add, 'name').value.trim();
      const button = add.querySelector('button');
      button.disabled = true;
      show(result, 'busy', `Adding user ${name}…`);
      try {
        const user = await api('POST', base, { name, password: input(add, 'password').value, groups: groupsOf(input(add, 'groups').value) });
        flashAndReload('ok', `User ${user.name} added, groups: ${groupsText(user)}.`, 'users-result');
      } catch (e) {
        show(result, 'error', `User ${name} not added (${e.status || 'error'}): ${e.message}`);
        button.disabled = false;
      }
    });

    const box = document.getElementById('update-user-box');
    const update = document.getElementById('update-user');
    document.getElementById('update-user-cancel').addEventListener('click', () => { box.hidden = true; });
    table.addEventListener('click', async event => {
      const change = event.target.closest('button[data-change-user]');
      if (change) {
        input(update, 'name').value = change.dataset.changeUser;
        document.getElementById('update-user-name').textContent = change.dataset.changeUser;
        input(update, 'groups').value = groupsOf(change.dataset.groups).join(', ');
        input(update, 'password').value = '';
        box.hidden = false;
        input(update, 'groups').focus();
        return;
      }
      const remove = event.target.closest('button[data-delete-user]');
      if (!remove) return;
      const name = remove.dataset.deleteUser;
      if (!confirm(`Delete user ${name} of domain ${domain}? The user can no longer sign in to the domain's applications.`)) return;
      remove.disabled = true;
      show(result, 'busy', `Deleting user ${name}…`);
      try {
        await api('DELETE', `${base}/${encodeURIComponent(name)}`);
        flashAndReload('ok', `User ${name} deleted.`, 'users-result');
      } catch (e) {
        show(result, 'error', `User ${name} not deleted (${e.status || 'error'}): ${e.message}`);
        remove.disabled = false;
      }
    });
    // Groups are always sent (an empty field leaves the user in none); the password only when one is typed.
    update.addEventListener('submit', async event => {
      event.preventDefault();
      const name = input(update, 'name').value;
      const body = { groups: groupsOf(input(update, 'groups').value) };
      if (input(update, 'password').value) body.password = input(update, 'password').value;
      const button = update.querySelector('button[type=submit]');
      button.disabled = true;
      show(result, 'busy', `Changing user ${name}…`);
      try {
        const user = await api('PUT', `${base}/${encodeURIComponent(name)}`, body);
        flashAndReload('ok', `User ${name} changed: ${body.password ? 'password changed, ' : ''}groups: ${groupsText(user)}.`, 'users-result');
      } catch (e) {
        show(result, 'error', `User ${name} not changed (${e.status || 'error'}): ${e.message}`);
        button.disabled = false;
      }
    });
  }

  function wireDeploy() {
    const form = document.getElementById('deploy');
    if (!form) return;
    const result = document.getElementById('deploy-result');
    const progress = document.getElementById('deploy-progress');
    form.addEventListener('submit', event => {
      event.preventDefault();
      const file = form.querySelector('input[type=file]').files[0];
      if (!file) { show(result, 'error', 'Choose an archive first.'); return; }
      const name = form.querySelector('input[name=name]').value.trim();
      const query = new URLSearchParams({ filename: file.name });
      if (name) query.set('name', name);
      const xhr = new XMLHttpRequest();
      xhr.open('POST', `/api/domains/${encodeURIComponent(domain)}/applications?${query}`);
      xhr.setRequestHeader('Content-Type', 'application/octet-stream');
      xhr.setRequestHeader('X-CSRF-Token', csrf);
      xhr.setRequestHeader('Accept', 'application/json');
      progress.hidden = false;
      progress.value = 0;
      const button = form.querySelector('button');
      button.disabled = true;
      show(result, 'busy', `Uploading ${file.name}…`);
      xhr.upload.onprogress = e => {
        if (e.lengthComputable) progress.value = Math.round(e.loaded * 100 / e.total);
      };
      xhr.upload.onload = () => { progress.value = 100; show(result, 'busy', `Deploying ${file.name}…`); };
      xhr.onload = () => {
        button.disabled = false;
        let data = null;
        try { data = JSON.parse(xhr.responseText); } catch (e) { data = { message: xhr.responseText }; }
        if (xhr.status === 201) {
          flashAndReload('ok', `Application ${data.name} deployed.`);
        } else {
          progress.hidden = true;
          show(result, 'error', `Deployment refused (${xhr.status}): ${data && data.message ? data.message : xhr.statusText}`);
        }
      };
      xhr.onerror = () => {
        button.disabled = false;
        progress.hidden = true;
        show(result, 'error', 'The upload failed: the admin port did not answer.');
      };
      xhr.send(file);
    });
  }

  // Only the settings whose input changed go to the API, which keeps them for the next start.
  function wireAdminSettings() {
    const form = document.getElementById('admin-settings');
    if (!form) return;
    const result = document.getElementById('admin-settings-result');
    form.addEventListener('submit', async event => {
      event.preventDefault();
      const changes = Object.fromEntries(Array.from(form.querySelectorAll('input[name]'))
        .filter(input => input.value.trim() !== input.dataset.was).map(input => [input.name, input.value.trim()]));
      if (Object.keys(changes).length === 0) {
        show(result, 'ok', 'Nothing changed.');
        return;
      }
      show(result, 'busy', 'Saving…');
      try {
        await api('PUT', '/api/settings', changes);
        flashAndReload('ok', 'Set ' + Object.entries(changes).map(([name, value]) => `${name}=${value}`).join(', ')
          + ': in effect now, and kept for the next start.', 'admin-settings-result');
      } catch (e) {
        show(result, 'error', `Settings not changed (${e.status || 'error'}): ${e.message}`);
      }
    });
  }

  showFlash();
  if (page === 'dashboard') { poll(refreshDashboard); wireCreateDomain(); wireRestore(); wireAdminSettings(); }
  if (page === 'domain') {
    poll(refreshDomain); wireDomainActions(); wireDeploy(); wireConfigure(); wireUsers(); wireDataSources(); wireLogLevels();
  }
  if (page === 'jms') { poll(refreshJms); wirePurge(); }
})();
